// The festival scenario (test/scenario/festival.ts) against the real site and against the mock in the
// real site's names, with the same code: each step's status and error code must agree, and so must
// the body's member names wherever the spec describes the same record (the exceptions, each with
// its reason, are SHAPE_EXCEPTIONS). Values are never compared (ids, dates, URLs differ by nature).
// The calendar part needs the calendar: on a site without it (wp61) the calendar routes must answer
// rest_no_route, and the core parts run alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM, WORDPRESS } from '../../core/mapping.js';
import { adminCredentials, liveSite, routeUrl, sandboxSites } from '../support/site.js';
import { startMock, type Mock } from '../support/mock.js';
import { call, mockTarget, PARTS, type Step, type Target, type Transcript } from '../scenario/festival.js';

const SITE = liveSite();
/**
 * The mock emulates the newest release the sandbox runs (D162): its answers are compared with the
 * sandbox site of the newest WordPress (wp71: 7.1 with TEC 6.17.2). On the older sites the scenario
 * runs against the site alone (its steps accept each release's documented answer).
 */
const versionOf = (v: unknown): number[] =>
  String(v ?? '0')
    .split('.')
    .map(Number);
const newer = (a: number[], b: number[]): boolean => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
};
const NEWEST = Object.entries(sandboxSites()).reduce<[string, number[]] | null>((best, [name, env]) => {
  const v = versionOf(env.wordpress);
  return !best || newer(v, best[1]) ? [name, v] : best;
}, null)?.[0];
const COMPARE = !SITE.isSandbox || SITE.name === NEWEST;
const hasCalendar = Boolean(SITE.calendar);
const { user, appPassword } = adminCredentials(SITE, 'the scenario');
const run = `${Date.now().toString(36)}${process.pid}`;

const CORE_PATHS: Record<string, string> = { event: 'tribe_events', venue: 'tribe_venue', organizer: 'tribe_organizer' };
const real: Target = {
  label: `real site ${SITE.name ?? SITE.baseUrl}`,
  root: SITE.baseUrl,
  mapping: hasCalendar ? FESTIVAL_PLATFORM : WORDPRESS,
  authorization: `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`,
  // The calendar only trashes: what the scenario made is deleted for good through the post type's core route.
  purge: async (kind, id) => {
    await fetch(routeUrl(SITE.baseUrl, `/wp/v2/${CORE_PATHS[kind]}/${id}?force=true`), {
      method: 'DELETE',
      headers: { authorization: real.authorization },
      signal: AbortSignal.timeout(30_000),
    });
  },
};

/**
 * Member names that differ between the real site and the mock, each with why. Only names the
 * platform adds beyond the spec's example records of that release are listed.
 */
const SHAPE_EXCEPTIONS: Record<string, { names: string[]; why: string }> = {};

let mock: Mock | undefined;
beforeAll(async () => {
  if (COMPARE) mock = await startMock({ errors: false });
});
afterAll(async () => {
  await mock?.stop();
});

function compare(site: Transcript, mocked: Transcript): string[] {
  const out: string[] = [];
  const byStep = new Map(mocked.steps.map((s) => [s.step, s]));
  for (const s of site.steps) {
    const m: Step | undefined = byStep.get(s.step);
    if (!m) {
      out.push(`${s.step}: not run on the mock`);
      continue;
    }
    if (s.status !== m.status || s.code !== m.code) out.push(`${s.step}: site ${s.status} ${s.code ?? ''} / mock ${m.status} ${m.code ?? ''}`);
    const skip = new Set(SHAPE_EXCEPTIONS[s.step]?.names ?? []);
    const a = (s.shape ?? []).filter((n) => !skip.has(n));
    const b = (m.shape ?? []).filter((n) => !skip.has(n));
    const onlySite = a.filter((n) => !b.includes(n));
    const onlyMock = b.filter((n) => !a.includes(n));
    if (onlySite.length || onlyMock.length) out.push(`${s.step}: members only on the site [${onlySite.join(', ')}], only on the mock [${onlyMock.join(', ')}]`);
  }
  return out;
}

const mocked = (): Target => ({ ...mockTarget(mock!.url, true), mapping: real.mapping });

/** The scenario on the site and, on the newest site, on the mock too: their differences (none allowed). */
async function both(scenario: (t: Target, run: string) => Promise<Transcript>, run: string): Promise<string[]> {
  const site = await scenario(real, run);
  if (!COMPARE) return [];
  return compare(site, await scenario(mocked(), run));
}

describe(`the festival scenario on ${SITE.name ?? SITE.baseUrl}${COMPARE ? ', and the mock (real names) agrees with it' : ` (the mock is compared with the newest site, ${NEWEST})`}`, () => {
  for (const part of PARTS)
    if (!part.calendar || hasCalendar)
      it(part.name, async () => {
        expect(await both(part.run, `${run}${part.tag}`)).toEqual([]);
      });
  if (!hasCalendar)
    it('without the calendar the site has no calendar routes (the calendar part runs on the calendar sites)', async () => {
      const a = await call(real, 'GET', '/cal/events/v1/events');
      expect([a.status, a.json?.code]).toEqual([404, 'rest_no_route']);
    });
});

export { SITE };
