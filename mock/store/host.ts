// What the front needs of the store: the store, its clock, the judge that checks requests, and the
// control routes outside the REST prefix (`POST /__mock/reset` back to the seed, `GET /__mock/state`
// the records per collection and the clock).
import { createJudge, type Judge } from '../../core/judge.ts';
import { createValidator } from '../../core/validate.ts';
import { specNamespaces, type OpenApiDoc } from '../../core/spec.ts';
import { formatDate, parseLocal, startClock, type Clock } from './clock.ts';
import { builtInSeed, readSeedFile, type Seed } from './seed.ts';
import { Store } from './store.ts';

export interface StoreHost {
  store: Store;
  clock: Clock;
  judge: Judge;
  namespaces: string[];
  /** Where the seed came from (`built-in festival` or the file). */
  source: string;
  /** The store's limits: a write is refused (507) once the store holds `records` records or `bytes` bytes of JSON. */
  limits: StoreLimits;
  /** The calendar release answered as where releases differ (`--release`). */
  release: CalendarRelease;
  /** The WordPress release answered as (`--wordpress`): what the spec marks as added later is not sent. */
  wordpress: string;
}

/**
 * The calendar releases the store can answer as (D222): the newest sandbox release (wp71's), and
 * wp68's, which validated an event id as "an existing event" (TEC before 6.17.2, PR 5698).
 */
export const CALENDAR_RELEASES = ['6.17.2', '6.6.4.2'] as const;
export type CalendarRelease = (typeof CALENDAR_RELEASES)[number];
const isRelease = (v: string): v is CalendarRelease => (CALENDAR_RELEASES as readonly string[]).includes(v);

/**
 * The WordPress releases the store can answer as (D247): the newest sandbox release (wp71's) by
 * default, or any older one from 4.7 (the REST API's first release in core): a field, parameter or
 * route the spec marks `x-since: WordPress <later>` is then left out.
 */
export const NEWEST_WORDPRESS = '7.1.4';
const OLDEST_WORDPRESS = '4.7';

/** Is version `a` (`6.10.1`) later than `b`? Missing parts count as 0. */
export const laterThan = (a: string, b: string): boolean => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
};

/** The releases a store answers as: the calendar's (`--release`) and WordPress's (`--wordpress`). */
export interface Releases {
  release: string;
  wordpress: string;
}

/**
 * Is a schema, parameter or operation marked `x-since: WordPress x.y` / `TEC x.y.z` added after the
 * release answered as (D222, D247)? Unmarked: no.
 */
export function addedLater(marked: unknown, { release, wordpress }: Releases): boolean {
  const since = /^(WordPress|TEC) ([\d.]+)$/.exec(String((marked as { 'x-since'?: unknown } | undefined)?.['x-since'] ?? ''));
  if (!since) return false;
  return laterThan(since[2], since[1] === 'WordPress' ? wordpress : release);
}

/** `--wordpress`'s value checked: a release `x.y` or `x.y.z` from 4.7 to the newest sandbox release. */
function wordpressRelease(v: string): string {
  if (!/^\d{1,2}\.\d{1,2}(\.\d{1,2})?$/.test(v) || laterThan(v, NEWEST_WORDPRESS) || laterThan(OLDEST_WORDPRESS, v))
    throw new Error(
      `--wordpress ${JSON.stringify(v.slice(0, 40))}: expected a WordPress release x.y or x.y.z from ${OLDEST_WORDPRESS} to ${NEWEST_WORDPRESS} (e.g. 6.8.12)`,
    );
  return v;
}

/** The store's limits (`--max-records`, `--max-store-mb`). */
export interface StoreLimits {
  records: number;
  bytes: number;
}

export const DEFAULT_LIMITS: StoreLimits = { records: 5000, bytes: 32 * 1024 * 1024 };

/** The festival's first day: the first day on which at least three published events start (a stray early event is not the festival), else the earliest; null without events. */
export function festivalStart(seed: Seed): number | null {
  const counts = new Map<string, number>();
  for (const e of seed['cal/events/v1/events'] ?? [])
    if (e.record.status === 'publish' && typeof e.record.start_date === 'string') {
      const day = String(e.record.start_date).slice(0, 10);
      counts.set(day, (counts.get(day) ?? 0) + 1);
    }
  const days = [...counts.keys()].sort();
  if (!days.length) return null;
  return parseLocal(days.find((d) => (counts.get(d) ?? 0) >= 3) ?? days[0]);
}

/**
 * The store for a bundle: `seedFile` (a user's JSON, or undefined for the built-in festival) and
 * `now` (`real`, a date the clock starts at, or undefined: the festival's first day). Throws an Error
 * with a clear message on a bad seed file or date.
 */
export function createStoreHost(
  doc: OpenApiDoc,
  {
    seedFile,
    now,
    limits = DEFAULT_LIMITS,
    release = CALENDAR_RELEASES[0],
    wordpress = NEWEST_WORDPRESS,
  }: { seedFile?: string; now?: string; limits?: StoreLimits; release?: string; wordpress?: string } = {},
): StoreHost {
  if (!isRelease(release))
    throw new Error(`--release ${JSON.stringify(release.slice(0, 40))}: expected one of ${CALENDAR_RELEASES.join(', ')} (a calendar release)`);
  wordpressRelease(wordpress);
  const seed = seedFile ? readSeedFile(seedFile, doc) : builtInSeed(doc);
  let start: number | null;
  if (now === 'real') start = null;
  else if (now !== undefined) {
    start = parseLocal(now);
    if (Number.isNaN(start))
      throw new Error(`--now ${JSON.stringify(now.slice(0, 40))}: expected "real" or a date YYYY-MM-DD[ HH:MM[:SS]] (site time, ${'Europe/Amsterdam'})`);
  } else start = festivalStart(seed) ?? null;
  const clock = startClock(start);
  return {
    store: new Store(seed, clock),
    clock,
    judge: createJudge({ doc, validator: createValidator(doc) }),
    namespaces: specNamespaces(doc),
    source: seedFile ?? 'built-in festival',
    limits,
    release,
    wordpress,
  };
}

/** The control route's state: records per collection and the mock's clock. */
export function stateOf(host: StoreHost): Record<string, unknown> {
  return {
    seed: host.source,
    now: formatDate(host.clock.now(), { sep: ' ' }),
    collections: host.store.counts(),
    records: host.store.size(),
    bytes: host.store.bytes,
    limits: { records: host.limits.records, bytes: host.limits.bytes },
  };
}
