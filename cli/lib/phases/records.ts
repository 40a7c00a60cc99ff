// Phase: the records audit of a run with writes. Before the writes: X-WP-Total (status=any) and the
// id set of every collection. After them: the cleanup of every record the run created, a sweep for
// leftovers carrying the run's stamp, and the comparison. The sweep deletes a record only when its
// identity is proved: the id came from the run's own create (then it is already in `created`), or
// the record itself, fetched by id just before the DELETE, has a title carrying this run's unique
// marker. Anything else a search returns is reported as a suspect and never touched.
import { quietly, titleOf } from '../exercise.js';

export { titleOf };
import { anyStatus, itemsOf } from '../lookup.js';
import { routeKey } from '../routes.js';
import { NO_SUCH_ID } from '../exercise.js';
import type { Json } from '../../../core/spec.js';

const MAX_ID_PAGES = 10;

/** Collections the audit counts: list GETs with per_page in namespaces the run touches. */
export function countedCollections(ctx: Json) {
  return ctx.allOps.filter(
    (x: Json) =>
      x.method === 'get' &&
      !x.path.includes('{') &&
      x.params.some((p: Json) => p.name === 'per_page') &&
      !ctx.absentNs.has(x.namespace) &&
      ctx.selected.some((s: Json) => s.namespace === x.namespace),
  );
}

async function idsOf(ctx: Json, x: Json) {
  const ids = [];
  const st = anyStatus(ctx, x.path);
  for (let page = 1; page <= MAX_ID_PAGES; page++) {
    const r = await quietly(ctx, 'GET', x.path, { query: { per_page: 100, page, ...(st ? { status: st } : {}) } });
    const items = r?.status === 200 ? itemsOf(r.json) : [];
    ids.push(...items.map((it) => it.id));
    if (items.length < 100) break;
  }
  return ids;
}

async function countRecords(ctx: Json) {
  const out: Record<string, Json> = {};
  for (const x of ctx.counted) {
    const st = anyStatus(ctx, x.path);
    const r = await quietly(ctx, 'GET', x.path, { query: { per_page: 1, ...(st ? { status: st } : {}) } });
    const total = r && (r.headers['x-wp-total'] ?? r.headers['x-tec-total'] ?? (r.json && typeof r.json.total === 'number' ? String(r.json.total) : undefined));
    out[x.path] = r?.status === 200 && total !== undefined && /^\d+$/.test(total) ? Number(total) : r ? `status ${r.status}` : 'no answer';
  }
  return out;
}

/** Before any write: counts and id sets. */
export async function recordsBefore(ctx: Json) {
  ctx.counted = countedCollections(ctx);
  ctx.records.before = await countRecords(ctx);
  for (const x of ctx.counted) ctx.idsBefore[x.path] = await idsOf(ctx, x);
  ctx.report.records = ctx.records;
}

const isDone = (ctx: Json, path: Json) => ctx.records.removed.some((r: Json) => r.path === path) || ctx.records.trashed.some((r: Json) => r.path === path);

/** One candidate of the sweep: fetch it by id; delete only when its own title carries the marker. */
async function sweepOne(ctx: Json, x: Json, it: Json, deleteKey: Json) {
  const path = `${x.path}/${it.id}`;
  if (isDone(ctx, path)) return;
  const rec = await quietly(ctx, 'GET', path, { query: { context: 'edit' } });
  const title = titleOf(rec?.json);
  if (rec?.status !== 200 || rec.json?.id !== it.id || !title.includes(ctx.marker)) {
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
  const hasForce = ctx.opByKey.get(deleteKey)?.params.some((p: Json) => p.name === 'force');
  const r = await quietly(ctx, 'DELETE', path, {
    query: hasForce ? { force: true } : {},
    comment: "sweep: a record whose own title carries this run's marker",
  });
  if (r?.status === 200) {
    ctx.records.removed.push({ path, title, note: "found by the final sweep; its own title carries this run's marker" });
    if (!ctx.records.created.some((c: Json) => c.path === path))
      ctx.records.created.push({ path, title, note: 'created by this run (proved by the marker in its title), its id was not returned' });
  } else ctx.report.notes.push(`sweep: DELETE ${path} answered ${r ? r.status : 'nothing'}`);
}

/** Search every counted collection for this run's stamp; delete only what is proved to be the run's. */
export async function sweep(ctx: Json) {
  for (const x of ctx.counted) {
    if (!x.params.some((p: Json) => p.name === 'search')) continue;
    const deleteKey = [...ctx.opByKey.keys()].find((k) => k.startsWith('DELETE ') && routeKey(k.slice(7)) === routeKey(`${x.path}/{id}`));
    if (!deleteKey) continue;
    const st = anyStatus(ctx, x.path);
    const found = itemsOf((await quietly(ctx, 'GET', x.path, { query: { search: ctx.stamp, per_page: 100, ...(st ? { status: st } : {}) } }))?.json);
    for (const it of found.slice(0, 100)) {
      if (typeof it.id !== 'number' && typeof it.id !== 'string') continue;
      await sweepOne(ctx, x, it, deleteKey);
    }
  }
}

/** After the cleanup and the sweep: counts, id sets, writes that went to records the run did not create. */
export async function recordsAfter(ctx: Json) {
  const { records } = ctx;
  records.after = await countRecords(ctx);
  records.foreign = [];
  for (const x of ctx.counted) {
    const after = await idsOf(ctx, x);
    const before = ctx.idsBefore[x.path] ?? [];
    const mine = (id: Json) => records.created.some((c: Json) => c.path === `${x.path}/${id}`);
    const appeared = after.filter((id) => !before.includes(id) && !mine(id));
    const disappeared = before.filter((id: Json) => !after.includes(id));
    if (appeared.length || disappeared.length) records.foreign.push({ collection: x.path, appeared, disappeared });
    const n = records.before[x.path];
    const a = records.after[x.path];
    if (typeof n === 'number' && typeof a === 'number' && a - n !== appeared.length - disappeared.length)
      records.leftBehind.push({ collection: x.path, before: n, after: a, explainedByOthers: appeared.length - disappeared.length });
  }
  // Every write went to a record this run created (or to a non-existent id, or a collection).
  // The core route of a calendar record the purge proved to be the run's is the same record.
  const own = new Set([...records.created.map((c: Json) => c.path), ...(records.aliases ?? []).map((a: Json) => a.alias)]);
  records.foreignWrites = ctx.writeLog
    .filter((w: Json) => {
      const m = /^(.*?\/)(\d+)(\/.*)?$/.exec(w.path);
      if (!m || Number(m[2]) === NO_SUCH_ID) return false;
      return !own.has(`${m[1]}${m[2]}`);
    })
    .map((w: Json) => `${w.method} ${w.path}`);
  for (const c of records.foreign)
    if (c.disappeared.length)
      ctx.report.notes.push(`${c.collection}: records ${c.disappeared.join(', ')} disappeared during the run; this run sent no write to them`);
  for (const c of records.created) if (!isDone(ctx, c.path)) records.leftBehind.push({ record: c.path, title: c.title });
}
