// Phase: the records audit of a run with writes. Before the writes: X-WP-Total (status=any) and the
// id set of every collection. After them: the cleanup of every record the run created, a sweep for
// leftovers carrying the run's stamp, and the comparison. The sweep deletes a record only when its
// identity is proved: the id came from the run's own create (then it is already in `created`), or
// the record itself, fetched by id just before the DELETE, has a title carrying this run's unique
// marker. Anything else a search returns is reported as a suspect and never touched.
import { quietly, titleOf } from '../exercise.js';

export { titleOf };
import { anyStatus, itemsOf, siteHas } from '../lookup.js';
import { routeKey } from '../routes.js';
import { KEPT_ITEMS } from '../http.js';
import { NO_SUCH_ID } from '../exercise.js';
import { member } from '../../../core/json.js';
import type { Operation } from '../../../core/spec.js';
import type { RunContext } from '../types.js';

const MAX_ID_PAGES = 10;

/** The start of the note of a created record whose id the run cannot use (cleanup.ts): it stays left behind. */
export const UNUSABLE_ID = 'the create answered an id the run cannot use';

/**
 * The query of a DELETE that removes a record for good: `force=true` where the operation has it, and
 * `reassign=false` where it requires `reassign` (a user: its posts, none for a user the run created,
 * go with it). `soft`: the same without `force` (the trash, or the documented refusal).
 */
export function deleteQuery(ctx: Pick<RunContext, 'opByKey'>, deleteKey: string, soft = false): Record<string, unknown> {
  const params = ctx.opByKey.get(deleteKey)?.params ?? [];
  const q: Record<string, unknown> = {};
  if (!soft && params.some((p) => p.name === 'force' && p.in === 'query')) q.force = true;
  if (params.some((p) => p.name === 'reassign' && p.in === 'query' && p.required)) q.reassign = false;
  return q;
}

/**
 * Collections the audit counts: list GETs with per_page in namespaces the run touches, on routes the
 * site's own index lists (a site without the calendar has the core namespace, not its post types).
 */
export function countedCollections(ctx: RunContext): Operation[] {
  return ctx.allOps.filter(
    (x) =>
      x.method === 'get' &&
      !x.path.includes('{') &&
      x.params.some((p) => p.name === 'per_page') &&
      !ctx.absentNs.has(x.namespace) &&
      siteHas(ctx, 'GET', x.path) &&
      ctx.selected.some((s) => s.namespace === x.namespace),
  );
}

/** The ids of a collection's records (the site's values, of any type). */
async function idsOf(ctx: RunContext, x: Operation): Promise<unknown[]> {
  const ids: unknown[] = [];
  const st = anyStatus(ctx, x.path);
  for (let page = 1; page <= MAX_ID_PAGES; page++) {
    const r = await quietly(ctx, 'GET', x.path, { query: { per_page: 100, page, ...(st ? { status: st } : {}) } });
    const items = r?.status === 200 ? itemsOf(r.json).slice(0, KEPT_ITEMS) : [];
    ids.push(...items.map((it) => member(it, 'id')));
    if (items.length < 100) break;
  }
  return ids;
}

async function countRecords(ctx: RunContext): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  for (const x of ctx.counted) {
    const st = anyStatus(ctx, x.path);
    const r = await quietly(ctx, 'GET', x.path, { query: { per_page: 1, ...(st ? { status: st } : {}) } });
    const jsonTotal = member(r?.json, 'total');
    const total = r && (r.headers['x-wp-total'] ?? r.headers['x-tec-total'] ?? (typeof jsonTotal === 'number' ? String(jsonTotal) : undefined));
    out[x.path] = r?.status === 200 && total !== undefined && /^\d+$/.test(total) ? Number(total) : r ? `status ${r.status}` : 'no answer';
  }
  return out;
}

/** Before any write: counts and id sets. */
export async function recordsBefore(ctx: RunContext) {
  ctx.counted = countedCollections(ctx);
  ctx.records.before = await countRecords(ctx);
  for (const x of ctx.counted) ctx.idsBefore[x.path] = await idsOf(ctx, x);
  ctx.report.records = ctx.records;
}

const isDone = (ctx: RunContext, path: string) => ctx.records.removed.some((r) => r.path === path) || ctx.records.trashed.some((r) => r.path === path);

/** One candidate of the sweep: fetch it by id; delete only when its own title carries the marker. */
async function sweepOne(ctx: RunContext, x: Operation, it: unknown, deleteKey: string) {
  const id = member(it, 'id');
  const path = `${x.path}/${id}`;
  if (isDone(ctx, path)) return;
  const rec = await quietly(ctx, 'GET', path, { query: { context: 'edit' } });
  const title = titleOf(rec?.json);
  if (rec?.status !== 200 || member(rec.json, 'id') !== id || !title.includes(ctx.marker)) {
    ctx.records.suspects.push({
      path,
      title: titleOf(it).slice(0, 200),
      why:
        rec?.status === 200
          ? "the search returned it, but its title does not carry this run's marker: not deleted"
          : `the search returned it, its own record could not be read (${rec ? rec.status : 'no answer'}): not deleted`,
    });
    return;
  }
  const r = await quietly(ctx, 'DELETE', path, {
    query: deleteQuery(ctx, deleteKey),
    comment: "sweep: a record whose own title carries this run's marker",
  });
  if (r?.status === 200) {
    ctx.records.removed.push({ path, title, note: "found by the final sweep; its own title carries this run's marker" });
    if (!ctx.records.created.some((c) => c.path === path))
      ctx.records.created.push({ path, title, note: 'created by this run (proved by the marker in its title), its id was not returned' });
  } else ctx.report.notes.push(`sweep: DELETE ${path} answered ${r ? r.status : 'nothing'}`);
}

/**
 * Writes the run never sends in any form, not even as a refusal probe or a sweep (DECISIONS D238,
 * D239), as operation keys (`DELETE /core/v2/...`): revoking every application password of a user
 * (the configured one's included), and installing, activating, deactivating or deleting a plugin
 * (shared site state; an install downloads from wordpress.org).
 */
export const NEVER_SENT = /^(?:DELETE \/core\/v2\/users\/\{user_id\}\/application-passwords|(?:POST|PUT|PATCH|DELETE) \/core\/v2\/plugins(?:\/\{plugin\})?)$/;

/** Search every counted collection for this run's stamp; delete only what is proved to be the run's. */
export async function sweep(ctx: RunContext) {
  for (const x of ctx.counted) {
    if (!x.params.some((p) => p.name === 'search')) continue;
    const deleteKey = [...ctx.opByKey.keys()].find((k) => k.startsWith('DELETE ') && routeKey(k.slice(7)) === routeKey(`${x.path}/{id}`));
    if (!deleteKey || NEVER_SENT.test(deleteKey)) continue;
    const st = anyStatus(ctx, x.path);
    const found = itemsOf((await quietly(ctx, 'GET', x.path, { query: { search: ctx.stamp, per_page: 100, ...(st ? { status: st } : {}) } }))?.json);
    for (const it of found.slice(0, 100)) {
      const id = member(it, 'id');
      if (typeof id !== 'number' && typeof id !== 'string') continue;
      await sweepOne(ctx, x, it, deleteKey);
    }
  }
}

/** After the cleanup and the sweep: counts, id sets, writes that went to records the run did not create. */
export async function recordsAfter(ctx: RunContext) {
  const { records } = ctx;
  const after = await countRecords(ctx);
  records.after = after;
  const foreign: NonNullable<typeof records.foreign> = [];
  records.foreign = foreign;
  for (const x of ctx.counted) {
    const idsAfter = await idsOf(ctx, x);
    const before = ctx.idsBefore[x.path] ?? [];
    const mine = (id: unknown) => records.created.some((c) => c.path === `${x.path}/${id}`);
    const appeared = idsAfter.filter((id) => !before.includes(id) && !mine(id));
    const disappeared = before.filter((id) => !idsAfter.includes(id));
    if (appeared.length || disappeared.length) foreign.push({ collection: x.path, appeared, disappeared });
    const n = records.before?.[x.path];
    const a = after[x.path];
    if (typeof n === 'number' && typeof a === 'number' && a - n !== appeared.length - disappeared.length)
      records.leftBehind.push({ collection: x.path, before: n, after: a, explainedByOthers: appeared.length - disappeared.length });
  }
  // Every write went to a record this run created (or to a non-existent id, or a collection).
  // The core route of a calendar record the purge proved to be the run's is the same record.
  const own = new Set([...records.created.map((c) => c.path), ...(records.aliases ?? []).map((a) => a.alias)]);
  records.foreignWrites = ctx.writeLog
    .filter((w) => {
      const m = /^(.*?\/)(\d+)(\/.*)?$/.exec(w.path);
      if (!m || Number(m[2]) === NO_SUCH_ID) return false;
      return !own.has(`${m[1]}${m[2]}`);
    })
    .map((w) => `${w.method} ${w.path}`);
  for (const c of foreign)
    if (c.disappeared.length)
      ctx.report.notes.push(`${c.collection}: records ${c.disappeared.join(', ')} disappeared during the run; this run sent no write to them`);
  for (const c of records.created) if (!isDone(ctx, c.path) && !sweptUnusable(ctx, c)) records.leftBehind.push({ record: c.path, title: c.title });
}

/** A created record whose id the run could not use, which the sweep then found by its marker and removed (its title, whole). */
function sweptUnusable(ctx: RunContext, c: { path: string; title: string; note?: string }): boolean {
  if (!c.note?.startsWith(UNUSABLE_ID)) return false;
  const collection = c.path.slice(0, c.path.lastIndexOf('/'));
  return ctx.records.removed.some((r) => r.path.startsWith(`${collection}/`) && r.note?.includes('sweep') && ` ${r.title} `.includes(` ${c.title} `));
}
