// The frontend scenario written with `@wordpress/api-fetch` and with `wpapi` (test/scenario/clients.ts;
// issue 35) against the real site and against the mock in the real names: per step, the status, the
// error code, the body's member names and `_links` relations, the headers that matter and the `Link`
// relations must be equal, but for the differences listed with their reasons in
// test/scenario/clients-known.ts: the measured differences must be exactly the listed ones (a new one
// fails, and a listed one that is gone fails too, so the list only shrinks). The mock emulates the
// newest sandbox release (wp71) and, with `--release 6.6.4.2 --wordpress 6.8.12`, wp68's releases
// (D222, D247); on the other sites (wp61 without the calendar, wp71b set up otherwise) the scenario
// runs against the site alone. The
// steps on routes beyond the seed (categories, users, comments, `_embed` of author, terms and
// replies) are a separate block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, liveSite } from '../support/site.js';
import { startMock, type Mock } from '../support/mock.js';
import {
  apiFetchBeyondSeed,
  apiFetchScenario,
  compareClients,
  wpapiBeyondSeed,
  wpapiScenario,
  type ClientTarget,
  type ClientTranscript,
} from '../scenario/clients.js';
import { knownDifferences } from '../scenario/clients-known.js';
import { CALENDAR_RELEASES } from '../../mock/store/host.ts';

const SITE = liveSite();
/**
 * The releases the mock answers as on a sandbox site: the site's calendar release (`--release`, D222)
 * and its WordPress release (`--wordpress`, D247); the defaults are wp71's. A site whose calendar the
 * mock cannot answer as (wp61 has none) runs the scenarios alone.
 */
const calendar = SITE.calendar;
const known = typeof calendar === 'string' && (CALENDAR_RELEASES as readonly string[]).includes(calendar);
const releases = SITE.isSandbox && known ? ['--release', calendar, ...(SITE.wordpress ? ['--wordpress', SITE.wordpress] : [])] : [];
/** The festival's own setup, which the mock emulates: a menu, pretty permalinks, comments open. wp71b is set up otherwise and runs the scenarios alone. */
const setup = (SITE.env as { setup?: { menu?: boolean; permalinks?: string; comments?: string } }).setup;
const festivalSetup = !setup || (setup.menu !== false && setup.permalinks !== 'plain' && setup.comments !== 'closed');
const COMPARE = !SITE.isSandbox || (known && festivalSetup);
const { user, appPassword } = adminCredentials(SITE, 'the client scenarios');
const origin = SITE.baseUrl.replace(/\/wp-json$/, '');
const auth = `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`;
const CORE_TYPES = { event: 'tribe_events', venue: 'tribe_venue', organizer: 'tribe_organizer', post: 'posts', media: 'media' } as const;
const real: ClientTarget = {
  label: `real site ${SITE.name ?? origin}`,
  origin,
  user,
  password: appPassword,
  purge: async (kind, id) => {
    await fetch(`${SITE.baseUrl}/wp/v2/${CORE_TYPES[kind]}/${id}?force=true`, {
      method: 'DELETE',
      headers: { authorization: auth },
      signal: AbortSignal.timeout(30_000),
    });
  },
};
const run = `${Date.now().toString(36)}${process.pid}`;

let mock: Mock | undefined;
beforeAll(async () => {
  if (COMPARE) mock = await startMock({ errors: false, args: releases });
});
afterAll(async () => {
  await mock?.stop();
});

const mocked = (): ClientTarget => ({ label: 'mock, real names', origin: mock!.url, user: 'editor', password: 'scenario' });

/** Both transcripts, their differences, and the per-step figures printed for the report. */
async function both(name: string, scenario: (t: ClientTarget, run: string) => Promise<ClientTranscript>): Promise<string[]> {
  const site = await scenario(real, run);
  if (!COMPARE) return [];
  const m = await scenario(mocked(), run);
  const diff = compareClients(site, m);
  const different = new Set(diff.map((d) => d.split(':')[0]));
  console.log(`${name}: ${site.steps.length - different.size} of ${site.steps.length} steps equal, ${different.size} different\n  ${diff.join('\n  ')}`);
  return diff;
}

/** The differences measured that are not listed, and the listed ones not measured any more: both must be empty. */
async function unlisted(name: string, scenario: (t: ClientTarget, run: string) => Promise<ClientTranscript>): Promise<{ new: string[]; gone: string[] }> {
  const diff = await both(name, scenario);
  const known = COMPARE ? knownDifferences(SITE.name, name) : [];
  return { new: diff.filter((d) => !known.includes(d)), gone: known.filter((k) => !diff.includes(k)) };
}
const NONE = { new: [], gone: [] };

describe(`the client scenarios on ${SITE.name ?? origin}${COMPARE ? ', and the mock (real names) agrees' : ''}`, () => {
  it('@wordpress/api-fetch', async () => {
    expect(await unlisted('api-fetch', apiFetchScenario)).toEqual(NONE);
  });
  it('wpapi', async () => {
    expect(await unlisted('wpapi', wpapiScenario)).toEqual(NONE);
  });
});

describe('the client scenarios on routes beyond the seed (categories, tags, users, comments, search, _embed)', () => {
  it('@wordpress/api-fetch', async () => {
    expect(await unlisted('api-fetch beyond the seed', apiFetchBeyondSeed)).toEqual(NONE);
  });
  it('wpapi', async () => {
    expect(await unlisted('wpapi beyond the seed', wpapiBeyondSeed)).toEqual(NONE);
  });
});
