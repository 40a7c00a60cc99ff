// The store's clock and the platform's date formats. The mock's "now" starts at the festival's
// first day (D157) and runs at real speed from there, so the calendar's default date window (from
// now to two years ahead) lists the seeded festival; `--now <date>` sets another start and
// `--now real` uses the real clock.

/** The site's time zone (the spec's examples: `Europe/Amsterdam`, `date` 10:00 = `date_gmt` 08:00). */
export const SITE_TZ = 'Europe/Amsterdam';

export interface Clock {
  /** Milliseconds since the epoch, on the mock's clock. */
  now(): number;
}

/** A clock that started at `startMs` when the mock started, or the real clock (`startMs` null). */
export function startClock(startMs: number | null): Clock {
  if (startMs === null) return { now: () => Date.now() };
  const t0 = Date.now();
  return { now: () => startMs + (Date.now() - t0) };
}

// One formatter per zone: creating an Intl.DateTimeFormat costs ~0.1 ms, more than a request.
const FORMATS = new Map<string, Intl.DateTimeFormat>();
const parts = (ms: number, timeZone: string): Record<string, string> => {
  let f = FORMATS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    FORMATS.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(ms))) out[p.type] = p.value;
  return out;
};

/** `2025-06-13T10:00:00` (core, site time) or `2025-06-13 10:00:00` (calendar). */
export function formatDate(ms: number, { utc = false, sep = 'T' }: { utc?: boolean; sep?: string } = {}): string {
  if (utc) return wallText(ms, sep);
  const p = parts(ms, SITE_TZ);
  return `${p.year}-${p.month}-${p.day}${sep}${p.hour}:${p.minute}:${p.second}`;
}

/** The offset of the site's zone from UTC at `ms`, in milliseconds (zones change offset on the hour: kept per hour). */
export function siteOffset(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  const known = OFFSETS.get(hour);
  if (known !== undefined) return known;
  const local = Date.parse(`${formatDate(ms)}Z`);
  const utc = Date.parse(`${formatDate(ms, { utc: true })}Z`);
  if (OFFSETS.size >= 100_000) OFFSETS.clear();
  OFFSETS.set(hour, local - utc);
  return local - utc;
}

const OFFSETS = new Map<number, number>();

/** The first (`end` false) or last second (`end` true) of the site-local day of `ms`. */
export function localDayEdge(ms: number, end = false): number {
  const off = siteOffset(ms);
  const dayStartLocal = Math.floor((ms + off) / 86_400_000) * 86_400_000;
  const edgeLocal = end ? dayStartLocal + 86_399_000 : dayStartLocal;
  return edgeLocal - siteOffset(edgeLocal - off);
}

/** A site-local wall time `YYYY-MM-DD[ T]HH:MM[:SS]` as epoch milliseconds, or NaN. */
export function parseLocal(text: string): number {
  const known = PARSED.get(text);
  if (known !== undefined) return known;
  const ms = parseLocalOnce(text);
  if (PARSED.size >= 20_000) PARSED.clear();
  PARSED.set(text, ms);
  return ms;
}

/** Wall times already read (the store's dates repeat on every list): bounded, cleared when full. */
const PARSED = new Map<string, number>();

function parseLocalOnce(text: string): number {
  const asUtc = wallMs(text);
  if (Number.isNaN(asUtc)) return NaN;
  return asUtc - siteOffset(asUtc - siteOffset(asUtc));
}

/**
 * A wall time `YYYY-MM-DD[ T]HH:MM[:SS]` as the milliseconds of a UTC clock showing it, or NaN: no
 * zone, for arithmetic on site-local times (a day later, 90 minutes later) before `wallText`.
 */
export function wallMs(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : NaN;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The wall time a UTC clock shows at `ms`: `YYYY-MM-DDTHH:MM:SS` (core), or with `sep` ' ' (calendar). */
export function wallText(ms: number, sep = 'T'): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${sep}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A site-local wall time in UTC, in the same form (`date` -> `date_gmt`, `start_date` -> `utc_start_date`). */
export const localToUtcText = (local: string, sep = 'T'): string => wallText(parseLocal(local), sep);

/** The site's offset from UTC at a site-local wall time, in whole hours (1 in winter, 2 in summer). */
export const localOffsetHours = (local: string): number => siteOffset(parseLocal(local)) / 3_600_000;

const UNITS: Record<string, number> = { sec: 1e3, second: 1e3, min: 6e4, minute: 6e4, hour: 36e5, day: 864e5, week: 6048e5, fortnight: 12096e5 };

/**
 * What PHP's `strtotime` makes of the forms the spec names (`2025-06-14`, `2025-06-14 18:30:00`,
 * `now`, `today`, `tomorrow`, `yesterday`, `+1 week`, `-2 days`, `+1 month`, a Unix timestamp
 * `@1718000000`), in the site's zone; NaN for anything else (the platform answers 400 there).
 */
export function strtotime(text: string, clock: Clock): number {
  const t = text.trim().toLowerCase();
  const now = clock.now();
  const midnight = (ms: number): number => parseLocal(formatDate(ms).slice(0, 10));
  if (t === 'now') return now;
  if (t === 'today' || t === 'midnight') return midnight(now);
  if (t === 'tomorrow') return midnight(now + 864e5);
  if (t === 'yesterday') return midnight(now - 864e5);
  if (/^@-?\d{1,12}$/.test(t)) return Number(t.slice(1)) * 1000;
  if (/^\d{9,11}$/.test(t)) return Number(t) * 1000;
  const rel = /^([+-]?)\s*(\d{1,6})\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?$/.exec(t);
  if (rel) {
    const n = Number(rel[2]) * (rel[1] === '-' ? -1 : 1);
    if (rel[3] === 'month' || rel[3] === 'year') {
      const d = new Date(now);
      if (rel[3] === 'month') d.setUTCMonth(d.getUTCMonth() + n);
      else d.setUTCFullYear(d.getUTCFullYear() + n);
      return d.getTime();
    }
    return now + n * UNITS[rel[3]];
  }
  return parseLocal(t);
}
