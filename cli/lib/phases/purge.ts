// Phase: purge what the calendar could only trash. The calendar's DELETE routes move an event, venue or
// organizer to the trash and have no `force` (TEC's REST v1 calls wp_trash_post), so a run that only
// used them would leave its records in the site's database. The platform exposes the same post types
// under the core namespace for the block editor (`/wp/v2/<rest_base>/{id}`, found from the site's own
// `/wp/v2/types`), whose DELETE takes `force=true`. A trashed record is purged there only when it is
// the run's own, proved on the record itself just before the DELETE: the same id the run's create
// returned, in the trash, with this run's marker in its title. Anything else is reported, not touched.
import { quietly } from '../exercise.js';
import { titleOf } from './records.js';
import { member } from '../../../core/json.js';
import { CALENDAR_NAMESPACE, CORE_NAMESPACE, SITE_NAMES } from '../../../core/platform.js';
import type { RunContext } from '../types.js';

/** Calendar collections (spec names) whose records are posts, and their post types. */
const CALENDAR_POST_TYPES: Record<string, string> = {
  [`/${CALENDAR_NAMESPACE}/events`]: 'tribe_events',
  [`/${CALENDAR_NAMESPACE}/venues`]: 'tribe_venue',
  [`/${CALENDAR_NAMESPACE}/organizers`]: 'tribe_organizer',
};
/** The calendar namespace as a route prefix inside a regular expression. */
const CAL = `/${CALENDAR_NAMESPACE}`.replace(/\./g, '\\.');
/** The site's name of the core namespace (the `rest_namespace` of its post types). */
const SITE_CORE = SITE_NAMES.namespaces[CORE_NAMESPACE];
/** A calendar record that is a post: its collection and its id. */
const CALENDAR_POST_RECORD = new RegExp(`^(${CAL}/(?:events|venues|organizers))/(\\d+)$`);
/** A calendar term (no trash). */
const CALENDAR_TERM = new RegExp(`^${CAL}/(?:categories|tags)/\\d+$`);
const SAFE_BASE = /^[a-z0-9_-]{1,64}$/;

/** The core route base of a post type, from the site's `/core/v2/types/<type>` (spec names); undefined when the site has none. */
async function coreBaseOf(ctx: RunContext, type: string, cache: Map<string, string | undefined>): Promise<string | undefined> {
  if (cache.has(type)) return cache.get(type);
  const r = await quietly(ctx, 'GET', `/${CORE_NAMESPACE}/types/${type}`, { query: { context: 'edit' } });
  const restBase = member(r?.json, 'rest_base');
  const base =
    r?.status === 200 && typeof restBase === 'string' && SAFE_BASE.test(restBase) && (member(r.json, 'rest_namespace') ?? SITE_CORE) === SITE_CORE
      ? restBase
      : undefined;
  cache.set(type, base);
  return base;
}

/**
 * Is `path` (a calendar event, venue or organizer) the run's own record, already in the trash? The
 * calendar answers 403 for a trashed event, so it is read through the core route of its post type:
 * same id, `trash` status, the run's marker in its title, and created by this run.
 */
export async function isOwnTrashedCalendarRecord(ctx: RunContext, path: string): Promise<boolean> {
  const m = CALENDAR_POST_RECORD.exec(path);
  if (!m || !ctx.records.created.some((c) => c.path === path)) return false;
  const base = await coreBaseOf(ctx, CALENDAR_POST_TYPES[m[1]], (ctx.coreBases ??= new Map()));
  if (!base) return false;
  const rec = await quietly(ctx, 'GET', `/${CORE_NAMESPACE}/${base}/${m[2]}`, { query: { context: 'edit' } });
  return rec?.status === 200 && member(rec.json, 'id') === Number(m[2]) && member(rec.json, 'status') === 'trash' && titleOf(rec.json).includes(ctx.marker);
}

/** Purge every trashed record of the run's calendar writes; each moves from `trashed` to `removed`. */
export async function purgeTrashed(ctx: RunContext) {
  const { records } = ctx;
  const cache = (ctx.coreBases ??= new Map());
  records.aliases ??= [];
  for (const t of [...records.trashed]) {
    // Terms have no trash: the calendar's DELETE removes them. Read the record back to know.
    if (CALENDAR_TERM.test(t.path)) {
      const back = await quietly(ctx, 'GET', t.path);
      if (back && (back.status === 400 || back.status === 404)) {
        records.trashed.splice(records.trashed.indexOf(t), 1);
        records.removed.push({ path: t.path, title: t.title, note: `a term has no trash: read back after the DELETE, it is gone (${back.status})` });
      }
      continue;
    }
    const m = CALENDAR_POST_RECORD.exec(t.path);
    if (!m) continue;
    const id = Number(m[2]);
    if (!records.created.some((c) => c.path === t.path)) {
      ctx.report.notes.push(`purge: ${t.path} is not a record this run created: not purged`);
      continue;
    }
    const base = await coreBaseOf(ctx, CALENDAR_POST_TYPES[m[1]], cache);
    if (!base) {
      ctx.report.notes.push(`purge: the site has no core route for ${CALENDAR_POST_TYPES[m[1]]}: ${t.path} stays in the trash`);
      continue;
    }
    const corePath = `/${CORE_NAMESPACE}/${base}/${id}`;
    records.aliases.push({ alias: corePath, of: t.path });
    const rec = await quietly(ctx, 'GET', corePath, { query: { context: 'edit' } });
    const title = titleOf(rec?.json);
    if (rec?.status !== 200 || member(rec.json, 'id') !== id || member(rec.json, 'status') !== 'trash' || !title.includes(ctx.marker)) {
      ctx.report.notes.push(`purge: ${corePath} is not provably this run's trashed record (${rec ? `status ${rec.status}` : 'no answer'}): not purged`);
      continue;
    }
    const del = await quietly(ctx, 'DELETE', corePath, {
      query: { force: true },
      comment: "purge: the run's own record, trashed by the calendar (no force there)",
    });
    if (del?.status === 200 && member(del.json, 'deleted') === true) {
      records.trashed.splice(records.trashed.indexOf(t), 1);
      records.removed.push({ path: t.path, title: t.title, note: `trashed by the calendar, then deleted for good through ${corePath}?force=true` });
    } else ctx.report.notes.push(`purge: DELETE ${corePath}?force=true answered ${del ? del.status : 'nothing'}: ${t.path} stays in the trash`);
  }
}
