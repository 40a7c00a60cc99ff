// The records a run creates: proved its own, registered for removal at the end (used by the write,
// children and batch phases; its own module so that those phases do not import each other).
import { exercise, noteForeign, proveOwn, record } from '../exercise.js';
import type { RunContext } from '../types.js';
import { isOwnTrashedCalendarRecord } from './purge.js';

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
      { query: hasForce ? { force: true } : {}, ownProved: true },
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
 * A create's answer names a record: is it the run's own? Proved on the record itself (not on the
 * site before the run, read by id with this run's marker). A create that answers someone else's
 * record is a failed check and a reported foreign record; the run never writes to it (issue 23).
 */
export async function ownCreated(ctx: RunContext, c: string, createKey: string, id: unknown): Promise<boolean> {
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
