// The records a run creates: proved its own, registered for removal at the end (used by the write,
// children and batch phases; its own module so that those phases do not import each other).
import { exercise, noteForeign, proveOwn, record } from '../exercise.js';
import type { RunContext } from '../types.js';
import { isOwnTrashedCalendarRecord } from './purge.js';
import { deleteQuery, UNUSABLE_ID } from './records.js';

/** Register a record the run created (by the id its create returned) for removal at the end. */
export function registerCleanup(ctx: RunContext, c: string, id: unknown, title: string): void {
  const path = `${c}/${id}`;
  const { records } = ctx;
  if (!records.created.some((r) => r.path === path)) records.created.push({ path, title });
  ctx.cleanup.push(async () => {
    if (records.removed.some((r) => r.path === path) || records.trashed.some((r) => r.path === path)) return;
    const proof = await proveOwn(ctx, { path: `${c}/${encodeURIComponent(String(id))}`, collection: c, id });
    if (proof.gone) {
      records.removed.push({ path, title, note: `already gone: ${proof.why}` });
      return;
    }
    if (!proof.own && (await isOwnTrashedCalendarRecord(ctx, path))) {
      // Trashed by the sequence (a calendar DELETE); the calendar answers 403 for it. The purge deletes it.
      records.trashed.push({ path, title, note: 'already in the trash (the calendar answers 403 for it)' });
      return;
    }
    if (!proof.own) {
      noteForeign(ctx, { path }, `DELETE ${path} (cleanup)`, proof.why);
      records.created = records.created.filter((r) => r.path !== path);
      return;
    }
    const hasForce = ctx.opByKey.get(`DELETE ${c}/{id}`)?.params.some((p) => p.name === 'force');
    // Without force (the calendar), a record the sequence already trashed answers 410: still the run's.
    const res = await exercise(
      ctx,
      `DELETE ${c}/{id}`,
      { id },
      { query: deleteQuery(ctx, `DELETE ${c}/{id}`), ownProved: true },
      { expect: hasForce ? 200 : [200, 410], label: hasForce ? 'DELETE force=true (cleanup)' : 'DELETE (cleanup)' },
    );
    if (res?.status === 200)
      (hasForce ? records.removed : records.trashed).push({
        path,
        title,
        ...(hasForce ? {} : { note: 'the platform has no force: trashed, counts as removed' }),
      });
    // Without force, 410 means "already in the trash" (the calendar): still in the database, for the purge.
    else if (res?.status === 410 && !hasForce) records.trashed.push({ path, title, note: 'already in the trash (410)' });
    else if (res?.status === 404 || res?.status === 410) records.removed.push({ path, title, note: `already gone (${res.status})` });
  });
}

/**
 * An id the run can read and remove a record by: a positive safe integer (or its decimal text). A site
 * may answer `1e400` (Infinity once parsed), `"5abc"` or `".."`: the record it created is then out of
 * the run's reach by id (issue 31, D183).
 */
export function usableId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0;
  return typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id) && Number.isSafeInteger(Number(id));
}

/**
 * A create's answer names a record: is it the run's own? Proved on the record itself (not on the
 * site before the run, read by id with this run's marker). A create that answers someone else's
 * record is a failed check and a reported foreign record; the run never writes to it (issue 23).
 */
export async function ownCreated(ctx: RunContext, c: string, createKey: string, id: unknown, title = ctx.marker): Promise<boolean> {
  if (!usableId(id)) {
    // Something was created, and the run cannot reach it by id: its own record, left behind (unless the sweep finds it by its marker).
    const shown = (typeof id === 'string' ? JSON.stringify(id) : String(id)).slice(0, 60);
    ctx.records.created.push({ path: `${c}/${shown}`, title, note: `${UNUSABLE_ID} (${shown}): it cannot be read or removed by id` });
    const x = ctx.opByKey.get(createKey);
    if (x && ctx.results.has(createKey))
      record(ctx, x, undefined, {
        label: 'the create answered a usable id',
        errors: [`${createKey} answered id ${shown}, which the run cannot use: the record it created is left behind unless the sweep finds it`],
      });
    return false;
  }
  const rec = { path: `${c}/${encodeURIComponent(String(id))}`, collection: c, id };
  const proof = await proveOwn(ctx, rec);
  if (proof.own) return true;
  noteForeign(ctx, rec, `${createKey} answered it`, proof.why);
  const x = ctx.opByKey.get(createKey);
  if (x && ctx.results.has(createKey))
    record(ctx, x, undefined, {
      label: "the created record is the run's own",
      errors: [`${createKey} answered ${rec.path}, a record this run did not create (${proof.why}): it is not touched`],
    });
  return false;
}
