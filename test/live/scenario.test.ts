// The festival scenario (test/scenario/festival.ts) against the real site and against the mock in the
// real site's names, with the same code: each step's status and error code must agree, and so must
// the body's member names wherever the spec describes the same record (the exceptions, each with
// its reason, are SHAPE_EXCEPTIONS). Values are never compared (ids, dates, URLs differ by nature).
// The calendar part needs the calendar: on a site without it (wp61) the calendar routes must answer
// rest_no_route, and the core parts run alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM, WORDPRESS } from '../../core/mapping.js';
import { adminCredentials, liveSite } from '../support/site.js';
import { startMock, type Mock } from '../support/mock.js';
import { batchScenario, call, eventScenario, mockTarget, postScenario, type Step, type Target, type Transcript } from '../scenario/festival.js';

const SITE = liveSite();
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
    await fetch(`${SITE.baseUrl}/wp/v2/${CORE_PATHS[kind]}/${id}?force=true`, {
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

let mock: Mock;
beforeAll(async () => {
  mock = await startMock({ errors: false });
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

const mocked = (): Target => ({ ...mockTarget(mock.url, true), mapping: real.mapping });

describe(`the festival scenario: ${SITE.name ?? SITE.baseUrl} and the mock (real names) agree`, () => {
  if (hasCalendar)
    it('an event with a new venue and category: find by date and category, page, update, trash, read again', async () => {
      const site = await eventScenario(real, `${run}e`);
      const m = await eventScenario(mocked(), `${run}e`);
      expect(compare(site, m)).toEqual([]);
    });
  else
    it('without the calendar the site has no calendar routes (the calendar part runs on the calendar sites)', async () => {
      const a = await call(real, 'GET', '/cal/events/v1/events');
      expect([a.status, a.json?.code]).toEqual([404, 'rest_no_route']);
    });

  it('a post with media: upload, create, read, search, update, trash, delete', async () => {
    const site = await postScenario(real, `${run}p`);
    const m = await postScenario(mocked(), `${run}p`);
    expect(compare(site, m)).toEqual([]);
  });

  it('a batch: a create and an invalid create, each in its envelope', async () => {
    const site = await batchScenario(real, `${run}b`);
    const m = await batchScenario(mocked(), `${run}b`);
    expect(compare(site, m)).toEqual([]);
  });
});

export { SITE };
