// The batch sequence: validation probes, then one create and one delete of a post through
// `POST /batch/v1`. Sub-requests use only a posts route the site's own index lists (a site without
// the core namespace gets only the probes), by the site's names.
import { exercise } from '../exercise.js';
import { itemsOf, siteHas } from '../lookup.js';
import { ownCreated, registerCleanup } from './cleanup.js';
import { asArray, member } from '../../../core/json.js';
import { BATCH_ROUTE } from '../../../core/platform.js';
import type { RunContext } from '../types.js';

/** The first item of a list value, as `v?.[0]` reads it (an array's, or an object's member `0`). */
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : member(v, '0'));

/** The sub-answers of a batch answer. */
const responsesOf = (json: unknown): unknown => member(json, 'responses');

export async function batchSequence(ctx: RunContext) {
  const key = `POST ${BATCH_ROUTE}`;
  const absent = (ns: string | undefined) => ns !== undefined && ctx.absentNs.has(ns);
  const postsPath = ctx.allOps
    .map((x) => x.path)
    .find(
      (p) =>
        /\/posts$/.test(p) &&
        !absent(ctx.opByKey.get(`POST ${p}`)?.namespace) &&
        ctx.opByKey.has(`POST ${p}`) &&
        siteHas(ctx, 'POST', p) &&
        siteHas(ctx, 'DELETE', `${p}/{id}`),
    );
  await exercise(ctx, key, {}, { body: {} }, { expect: 400, label: 'probe: missing required requests', kind: 'probe' });
  await exercise(
    ctx,
    key,
    {},
    { body: { validation: 'not-a-valid-value', requests: [] } },
    { expect: 400, label: 'probe: bad enum validation', kind: 'probe' },
  );
  await exercise(ctx, key, {}, { body: { requests: 'not-an-array' } }, { expect: 400, label: 'probe: wrong type requests', kind: 'probe' });
  if (!postsPath) {
    ctx.report.notes.push('batch: no posts route on the site; only the validation probes ran');
    return;
  }
  const sitePath = ctx.map.mapPath(postsPath, ctx.mapping, 'toSite');
  const title = `${ctx.marker} batch`;
  const tooMany = Array.from({ length: 26 }, () => ({ method: 'POST', path: sitePath, body: { title: `${title} too-many`, status: 'draft' } }));
  const over = await exercise(ctx, key, {}, { body: { requests: tooMany } }, { expect: 400, label: 'probe: 26 requests (out of range)', kind: 'probe' });
  for (const r of itemsOf((asArray(responsesOf(over?.json)) ?? []).map((x) => member(x, 'body')))) {
    const id = member(r, 'id');
    if (id !== undefined && (await ownCreated(ctx, postsPath, key, id, `${title} too-many`))) registerCleanup(ctx, postsPath, id, `${title} too-many`);
  }
  const res = await exercise(
    ctx,
    key,
    {},
    { body: { requests: [{ method: 'POST', path: sitePath, body: { title, status: 'draft' } }] } },
    { expect: 207, label: 'batch: create a post' },
  );
  const newId = member(member(first(responsesOf(res?.json)), 'body'), 'id');
  if (newId === undefined) return;
  // The batch's DELETE sub-request goes to the new record only when it is proved to be the run's own.
  if (!(await ownCreated(ctx, postsPath, key, newId, title))) return;
  registerCleanup(ctx, postsPath, newId, title);
  const del = await exercise(
    ctx,
    key,
    {},
    { body: { requests: [{ method: 'DELETE', path: `${sitePath}/${encodeURIComponent(String(newId))}?force=true` }] } },
    { expect: 207, label: 'batch: delete it (force=true)' },
  );
  if (member(first(responsesOf(del?.json)), 'status') === 200) ctx.records.removed.push({ path: `${postsPath}/${newId}`, title, note: 'deleted by the batch' });
}
