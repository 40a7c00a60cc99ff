// The generated festival's data is a file (mock/store/festival.json, D170), read and checked when the
// seed is first built: a field of the wrong type, an unknown field or a reference to nothing is an
// Error naming the file, the place and the reason, before any record is made.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FESTIVAL_DATA_FILE, festivalData, readFestivalData } from '../../mock/store/festival-data.ts';
import type { Json } from '../support/spec.js';

const text = readFileSync(FESTIVAL_DATA_FILE, 'utf8');
/** The file with one change made by `edit` on its parsed copy. */
const broken = (edit: (d: Json) => void): string => {
  const d = JSON.parse(text) as Json;
  edit(d);
  return JSON.stringify(d);
};
const problem = (edit: (d: Json) => void): string => {
  try {
    readFestivalData(broken(edit), 'festival.json');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return 'no problem';
};

describe("the festival's data file", () => {
  it('reads as it is: 10 categories, 6 tags, 12 performers and 11 posts per language, 15 pages', () => {
    const d = festivalData();
    expect([d.categories.length, d.tags.length, d.media.length, d.pages.length, d.costs.length]).toEqual([10, 6, 12, 15, 7]);
    for (const lang of ['en', 'nl', 'de'] as const) expect([d.performers[lang].length, d.posts[lang].length]).toEqual([12, 11]);
    expect(d.pages[2].parent).toBe('@1');
    expect(d.costs.find((c) => c.cost === '€12.50')?.values).toEqual(['12.50']);
  });

  it('names the place and the reason of a problem', () => {
    expect(problem((d) => (d.venues[0].geo = [52]))).toBe('festival.json: venues[0].geo: expected [latitude, longitude]');
    expect(problem((d) => (d.venues[1].capacity = 100))).toBe('festival.json: venues[1].capacity: unknown field');
    expect(problem((d) => (d.performers.nl[3].category = 'opera'))).toMatch(
      /^festival\.json: performers\.nl\[3\]\.category: "opera" is not one of music, jazz/,
    );
    expect(problem((d) => (d.moments[0].tag = 'loud'))).toMatch(/^festival\.json: moments\[0\]\.tag: "loud" is not one of outdoor/);
    expect(problem((d) => (d.venues[0].image = 'no-such-file'))).toMatch(/^festival\.json: venues\[0\]\.image: "no-such-file" is not one of brass-band/);
    expect(problem((d) => delete d.categories[2].name.de)).toBe('festival.json: categories[2].name: missing de');
    expect(problem((d) => (d.categories[0].parent = 'jazz'))).toMatch(/^festival\.json: categories\[0\]\.parent: "jazz" is not one of $/);
    expect(problem((d) => (d.pages[1].parent = '@4'))).toBe('festival.json: pages[1].parent: expected a whole number, 0 or more');
    expect(problem((d) => (d.ids.events = -1))).toBe('festival.json: ids.events: expected a whole number, 0 or more');
    expect(problem((d) => delete d.about.film)).toBe('festival.json: about: missing film');
    expect(problem((d) => (d.moments[1].hours = [21, 19]))).toBe('festival.json: moments[1].hours: expected [first, last] start hours, 0 to 23');
    expect(problem((d) => (d.example_venues.stadsschouwburg.accessible = 'yes'))).toBe(
      'festival.json: example_venues.stadsschouwburg.accessible: expected true or false',
    );
    expect(() => readFestivalData('{"ids": ', 'festival.json')).toThrow(/^festival\.json: \(top\): not JSON/);
  });
});
