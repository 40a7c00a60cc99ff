// A write to a record named by its slug (the calendar's `/by-slug/{slug}` routes) is sent only when the
// record read by that slug, just before the write, is the run's own: it answers that slug, its id is
// one the run's creates answered and was not on the site before, and it carries the run's marker.
import { describe, expect, it } from 'vitest';
import { proveOwn, targetRecord } from '../../cli/lib/exercise.ts';

const STAMP = '20261124T230000Zr000001';
const MARKER = `contract-run ${STAMP}`;
type Answer = { status: number; json?: unknown };
function ctx(answer: Answer, { created = ['/cal/events/v1/venues/70'], before = [12] }: { created?: string[]; before?: number[] } = {}) {
  const asked: string[] = [];
  return {
    asked,
    idsBefore: { '/cal/events/v1/venues': before },
    records: { created: created.map((path) => ({ path })) },
    marker: MARKER,
    stamp: STAMP,
    getByRoute: new Map(),
    http: {
      request: async (method: string, path: string) => {
        asked.push(`${method} ${path}`);
        return answer;
      },
      consecutiveTimeouts: 0,
    },
  };
}
const found = targetRecord('/cal/events/v1/venues/by-slug/{slug}', { slug: 'my-venue' });
if (!found) throw new Error('targetRecord found no record in a by-slug path');
const rec = found;

describe('the by-slug proof', () => {
  it('names the collection before /by-slug and the slug, not an id', () => {
    expect(rec).toEqual({ path: '/cal/events/v1/venues/by-slug/my-venue', collection: '/cal/events/v1/venues', slug: 'my-venue' });
  });

  it("the run's own record, read by its slug just before: proved", async () => {
    const c = ctx({ status: 200, json: { id: 70, slug: 'my-venue', venue: `${MARKER} venues by slug` } });
    expect(await proveOwn(c, rec)).toEqual({ own: true });
    expect(c.asked).toEqual(['GET /cal/events/v1/venues/by-slug/my-venue']);
  });

  it.each([
    ["another record's slug", { status: 200, json: { id: 70, slug: 'other', venue: `${MARKER} venues` } }, {}, /slug "other"/],
    [
      'a record that was on the site before the run',
      { status: 200, json: { id: 12, slug: 'my-venue', venue: `${MARKER} venues` } },
      { created: ['/cal/events/v1/venues/12'] },
      /before the run/,
    ],
    [
      'an id no create of the run answered',
      { status: 200, json: { id: 71, slug: 'my-venue', venue: `${MARKER} venues` } },
      {},
      /not one this run's creates answered/,
    ],
    ["a record without the run's marker", { status: 200, json: { id: 70, slug: 'my-venue', venue: 'Town Hall' } }, {}, /does not carry this run's marker/],
    ['an error answer', { status: 403, json: { code: 'rest_forbidden' } }, {}, /answered 403/],
  ])('%s: not proved', async (_name, answer, opts, why) => {
    const proof = await proveOwn(ctx(answer as Answer, opts), rec);
    expect(proof.own).toBe(false);
    expect(proof.why).toMatch(why);
  });
});
