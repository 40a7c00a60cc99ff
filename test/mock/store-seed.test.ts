// The mock store's seed (mock/store/seed.ts, mock/store/festival.ts; DECISIONS.md D155, D156): the
// built-in seed holds every example record, the records they imply and a generated festival, every
// record valid against its schema with the project's strict validator, the calendar's embedded copies
// equal to the records they name; `readSeedFile` reads a user's file or says exactly what is wrong.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, deref, type Example, type Ref } from '../../core/spec.ts';
import type { Json } from '../support/spec.js';
import { createValidator } from '../../core/validate.ts';
import { calImage, embeddedTerm } from '../../mock/store/build-cal.ts';
import { HOST } from '../../mock/store/record.ts';
import { sanitizeTitle, untexturize } from '../../mock/store/text.ts';
import { builtInSeed, COLLECTIONS, emptySeed, exampleSeed, readSeedFile, RECORD_SCHEMA, type CollectionKey, type Seed } from '../../mock/store/seed.ts';

const doc = bundle();
const examplesBefore = JSON.stringify(doc.components?.examples);
const seed = builtInSeed(doc);
const records = (key: CollectionKey): Json[] => seed[key].map((e) => e.record);
const byId = (key: CollectionKey): Map<number, Json> => new Map(records(key).map((r) => [r.id, r]));
/** An example's value, without the `_links` / `_embedded` of a record (a list is left as it is). */
const ex = (name: string): Json => {
  const value: Json = deref<Example | Ref>({ $ref: `#/components/examples/${name}` }, doc).value;
  if (Array.isArray(value)) return value;
  const { _links: _l, _embedded: _e, ...rest } = value;
  return rest;
};
// Comments and users have tables of their own (`wp_comments`, `wp_users`).
const POST_TYPES: CollectionKey[] = COLLECTIONS.filter(
  (k) => !k.endsWith('/categories') && !k.endsWith('/tags') && !k.endsWith('/comments') && !k.endsWith('/users'),
);

describe('the built-in seed', () => {
  it('validates record by record against its schema, strictly (no undocumented field)', () => {
    const v = createValidator(doc);
    const problems = COLLECTIONS.flatMap((key) =>
      records(key).flatMap((r) => v.messages({ $ref: `#/components/schemas/${RECORD_SCHEMA[key]}` }, r, { strict: true }).map((m) => `${key}#${r.id}: ${m}`)),
    );
    expect(problems).toEqual([]);
  });

  it('holds the festival the issue asks for', () => {
    const count = Object.fromEntries(COLLECTIONS.map((k) => [k, seed[k].length]));
    expect(count['cal/events/v1/events']).toBeGreaterThanOrEqual(60);
    expect(count['cal/events/v1/venues']).toBeGreaterThanOrEqual(5);
    expect(count['cal/events/v1/organizers']).toBeGreaterThanOrEqual(6);
    expect(count['cal/events/v1/categories']).toBeGreaterThanOrEqual(6);
    expect(count['cal/events/v1/tags']).toBeGreaterThanOrEqual(6);
    expect(count['core/v2/posts']).toBeGreaterThanOrEqual(30);
    expect(count['core/v2/pages']).toBeGreaterThanOrEqual(9);
    expect(count['core/v2/media']).toBeGreaterThanOrEqual(12);
    expect(count['core/v2/menu-items']).toBeGreaterThanOrEqual(8);
    for (const key of ['core/v2/posts/revisions', 'core/v2/pages/revisions', 'core/v2/posts/autosaves', 'core/v2/pages/autosaves'] as const)
      expect(count[key], key).toBeGreaterThanOrEqual(1);
    expect(records('core/v2/pages').filter((p) => p.parent > 0).length).toBeGreaterThanOrEqual(3);
    expect(records('core/v2/posts').filter((p) => p.sticky).length).toBeGreaterThanOrEqual(2);
  });

  it('nests categories three levels deep, the examples among them', () => {
    const cats = byId('cal/events/v1/categories');
    for (const id of [21, 22, 24]) expect(cats.has(id), `example category ${id}`).toBe(true);
    const depth = (c: Json): number => (c.parent ? 1 + depth(cats.get(c.parent)) : 1);
    expect(Math.max(...[...cats.values()].map(depth))).toBe(3);
  });

  it('spreads the events over the festival days the examples show, with a few before and after', () => {
    const days = ['2025-06-14', '2025-06-15', '2025-06-16'];
    const starts = records('cal/events/v1/events').map((e) => e.start_date.slice(0, 10));
    for (const d of days) expect(starts.filter((s) => s === d).length, d).toBeGreaterThanOrEqual(20);
    expect(starts.filter((s) => s < days[0]).length).toBeGreaterThanOrEqual(2);
    expect(starts.filter((s) => s > days[2]).length).toBeGreaterThanOrEqual(2);
  });

  it('has events and posts in the three languages, with titles in them', () => {
    for (const key of ['cal/events/v1/events', 'core/v2/posts'] as const) {
      const langs = new Map<string, number>();
      for (const e of seed[key]) langs.set(e.lang, (langs.get(e.lang) ?? 0) + 1);
      expect([...langs.keys()].sort(), key).toEqual(['de', 'en', 'nl']);
      for (const n of langs.values()) expect(n).toBeGreaterThanOrEqual(10);
    }
    const title = (id: number): string => byId('cal/events/v1/events').get(id).title;
    const lang = (id: number): string => seed['cal/events/v1/events'].find((e) => e.record.id === id)?.lang ?? '';
    expect([lang(1002), title(1002)]).toEqual(['nl', 'De Storm – familievoorstelling']);
    expect(seed['core/v2/posts'].find((e) => e.record.id === 41)?.lang).toBe('nl');
    expect(seed['core/v2/pages'].find((e) => e.record.id === 45)?.lang).toBe('de');
    expect(seed['cal/events/v1/events'].filter((e) => e.lang === 'de').some((e) => /ü|ö|ß|Spätausgabe|Abendvorstellung/.test(String(e.record.title)))).toBe(
      true,
    );
  });

  it('varies flags, costs and statuses', () => {
    const events = records('cal/events/v1/events');
    for (const flag of ['featured', 'all_day', 'sticky', 'hide_from_listings']) {
      expect(
        events.some((e) => e[flag] === true),
        flag,
      ).toBe(true);
      expect(
        events.some((e) => e[flag] === false),
        flag,
      ).toBe(true);
    }
    const costs = new Set(events.map((e) => e.cost));
    for (const c of ['€25', 'Free', '']) expect(costs.has(c), c).toBe(true);
    expect([...costs].some((c) => / – /.test(c))).toBe(true);
    const drafts = events.filter((e) => e.status === 'draft').length;
    expect(drafts).toBeGreaterThanOrEqual(2);
    expect(drafts).toBeLessThan(events.length / 10);
    expect(records('core/v2/posts').filter((p) => p.status === 'draft').length).toBeGreaterThanOrEqual(2);
  });

  it('is deterministic, fast, and leaves the spec as it was', () => {
    const times: number[] = [];
    let again: Seed = seed;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      again = builtInSeed(doc);
      times.push(performance.now() - t);
    }
    expect(again).toEqual(seed);
    expect(again).not.toBe(seed);
    expect(Math.min(...times)).toBeLessThan(200);
    expect(JSON.stringify(doc.components?.examples)).toBe(examplesBefore);
  });
});

describe('the examples in the seed', () => {
  it('merges every example record by id without a conflict', () => {
    expect(exampleSeed(doc).conflicts).toEqual([]);
  });

  it('keeps an edit example as written, and each view example is a part of its record', () => {
    const subset = (part: Json, whole: Json, at = ''): string[] =>
      part && typeof part === 'object' && !Array.isArray(part)
        ? Object.entries(part).flatMap(([k, v]) => subset(v, whole?.[k], `${at}/${k}`))
        : JSON.stringify(part) === JSON.stringify(whole)
          ? []
          : [`${at}: ${JSON.stringify(part)} vs ${JSON.stringify(whole)}`];
    expect(byId('core/v2/posts').get(5)).toEqual(ex('PostEditExample'));
    expect(byId('core/v2/pages').get(21)).toEqual(ex('PageEditExample'));
    expect(byId('core/v2/media').get(23)).toEqual(ex('AttachmentEditExample'));
    expect(byId('core/v2/posts/revisions').get(26)).toEqual(ex('RevisionEditExample'));
    const views: [CollectionKey, string][] = [
      ['core/v2/posts', 'PostListExample'],
      ['core/v2/posts', 'PostNlExample'],
      ['core/v2/pages', 'PageDeExample'],
      ['core/v2/menu-items', 'MenuItemListExample'],
      ['core/v2/posts/revisions', 'RevisionListExample'],
      ['cal/events/v1/venues', 'CalVenueListExample'],
      ['cal/events/v1/organizers', 'CalOrganizerListExample'],
    ];
    for (const [key, name] of views) {
      const value = ex(name);
      const items: Json[] = Array.isArray(value) ? value : (value[key.split('/').pop() as string] ?? [value]);
      for (const { _links: _l, ...item } of items) expect(subset(item, byId(key).get(item.id)), `${name} #${item.id}`).toEqual([]);
    }
  });

  it('lifts a view example to the edit context with the raw values WordPress stores', () => {
    const post = byId('core/v2/posts').get(14);
    expect(post.title).toEqual({ raw: 'Silent cinema with live piano', rendered: 'Silent cinema with live piano' });
    expect(post.content.raw).toBe('<!-- wp:paragraph -->\n<p>Three silent classics, with a pianist in the pit.</p>\n<!-- /wp:paragraph -->');
    expect([post.password, post.permalink_template, post.generated_slug]).toEqual(['', `${HOST}/%postname%/`, 'silent-cinema-with-live-piano']);
    expect(byId('core/v2/posts/revisions').get(34).content.raw).toBe(
      "<!-- wp:paragraph -->\n<p>Twelve plays in four venues, plus a children's matinee.</p>\n<!-- /wp:paragraph -->",
    );
    expect(byId('core/v2/menu-items').get(30).title).toEqual({ raw: '', rendered: 'Tickets' });
  });

  it('adds the records the examples point at: the parents of revisions and pages, the media of images', () => {
    expect(byId('core/v2/posts').get(15).title.raw).toBe('Ticket sales open');
    expect(byId('core/v2/posts').get(4).link).toBe(`${HOST}/festival-2025-announced/`);
    expect(byId('core/v2/posts').get(8).slug).toBe('theatre-programme-revealed');
    expect(byId('core/v2/pages').get(19).link).toBe(`${HOST}/festival/`);
    const single = ex('CalEventSingleExample');
    expect(byId('cal/events/v1/events').get(1001).image).toEqual(single.image);
    expect(calImage(byId('core/v2/media').get(880))).toEqual(single.image);
    expect(byId('core/v2/media').has(702)).toBe(true);
  });
});

describe('references between records', () => {
  it('gives each id once in WordPress posts table and once in its terms table, generated ones from 2000', () => {
    const postIds = POST_TYPES.flatMap((k) => records(k).map((r) => r.id));
    expect(new Set(postIds).size).toBe(postIds.length);
    const termIds = [...records('cal/events/v1/categories'), ...records('cal/events/v1/tags')].map((r) => r.id);
    expect(new Set(termIds).size).toBe(termIds.length);
    const examples = new Set(COLLECTIONS.flatMap((k) => exampleSeed(doc).seed[k].map((e) => `${k}#${e.record.id}`)));
    const generated = COLLECTIONS.flatMap((k) => records(k).filter((r) => !examples.has(`${k}#${r.id}`) && r.id >= 1000));
    expect(generated.length).toBeGreaterThan(150);
    for (const r of generated) expect(r.id).toBeGreaterThanOrEqual(2000);
  });

  it("embeds in each event copies of its venue, organizers and terms equal to the records, and its media's image", () => {
    const venues = byId('cal/events/v1/venues');
    const organizers = byId('cal/events/v1/organizers');
    const media = byId('core/v2/media');
    const terms = { categories: byId('cal/events/v1/categories'), tags: byId('cal/events/v1/tags') };
    for (const e of records('cal/events/v1/events')) {
      for (const v of Array.isArray(e.venue) ? e.venue : [e.venue]) expect(v, `event ${e.id}`).toEqual(venues.get(v.id));
      for (const o of e.organizer) expect(o, `event ${e.id}`).toEqual(organizers.get(o.id));
      for (const kind of ['categories', 'tags'] as const)
        for (const t of e[kind]) {
          const rec = terms[kind].get(t.id);
          expect(t, `event ${e.id} ${kind} ${t.id}`).toEqual(embeddedTerm(rec));
          for (const k of ['id', 'name', 'slug', 'taxonomy', 'description', 'count', 'urls']) expect(t[k]).toEqual(rec[k]);
        }
      if (e.image) expect(e.image, `event ${e.id}`).toEqual(calImage(media.get(e.image.id)));
    }
    expect(records('cal/events/v1/events').filter((e) => e.image).length).toBeGreaterThan(30);
  });

  it("counts a term's published events", () => {
    const events = records('cal/events/v1/events').filter((e) => e.status === 'publish');
    for (const kind of ['categories', 'tags'] as const)
      for (const t of records(`cal/events/v1/${kind}`))
        expect(t.count, `${kind} ${t.slug}`).toBe(events.filter((e) => e[kind].some((x: Json) => x.id === t.id)).length);
  });

  it('points only at records the seed holds: featured media, images, parents, menu targets', () => {
    const media = byId('core/v2/media');
    const posts = byId('core/v2/posts');
    const pages = byId('core/v2/pages');
    for (const p of [...posts.values(), ...pages.values()])
      if (p.featured_media) expect(media.has(p.featured_media), `featured_media ${p.featured_media}`).toBe(true);
    expect([...posts.values()].filter((p) => p.featured_media).length).toBeGreaterThan(15);
    for (const key of ['cal/events/v1/venues', 'cal/events/v1/organizers'] as const)
      for (const r of records(key)) if (r.image) expect(media.has(r.image.id), `${key} ${r.id} image`).toBe(true);
    for (const p of pages.values()) if (p.parent) expect(pages.has(p.parent), `page ${p.id} parent`).toBe(true);
    for (const [key, parents] of [
      ['core/v2/posts/revisions', posts],
      ['core/v2/posts/autosaves', posts],
      ['core/v2/pages/revisions', pages],
      ['core/v2/pages/autosaves', pages],
    ] as const)
      for (const r of records(key)) expect(parents.has(r.parent), `${key} ${r.id} parent ${r.parent}`).toBe(true);
    const owners = new Set(POST_TYPES.flatMap((k) => records(k).map((r) => r.id)));
    for (const m of media.values()) if (m.post !== null) expect(owners.has(m.post), `media ${m.id} post ${m.post}`).toBe(true);
    for (const m of records('core/v2/menu-items')) if (m.object === 'page') expect(pages.get(m.object_id)?.link, `menu item ${m.id}`).toBe(m.url);
  });

  it('keeps slugs unique per collection, made from the title as sanitize_title does', () => {
    for (const key of COLLECTIONS) {
      const slugs = records(key)
        .map((r) => r.slug)
        .filter((s) => typeof s === 'string' && s);
      expect(new Set(slugs).size, key).toBe(slugs.length);
    }
    for (const e of records('cal/events/v1/events').filter((r) => r.id >= 2000)) expect(e.slug.startsWith(sanitizeTitle(untexturize(e.title)))).toBe(true);
    for (const p of records('core/v2/posts').filter((r) => r.id >= 2000)) expect(p.slug.startsWith(sanitizeTitle(p.title.raw))).toBe(true);
    expect(sanitizeTitle('Opening night: Brass & Beats')).toBe('opening-night-brass-beats');
    expect(sanitizeTitle('De Storm – familievoorstelling')).toBe('de-storm-familievoorstelling');
    expect(sanitizeTitle("Über uns, Straße & children's <b>Café</b> 1.5")).toBe('uber-uns-strasse-childrens-cafe-1-5');
  });

  it('writes dates as the platform does: details from the strings, UTC two hours behind in summer', () => {
    const utc = (s: string): number => Date.parse(`${s.replace(' ', 'T')}Z`);
    for (const e of records('cal/events/v1/events')) {
      expect(e.start_date_details).toEqual(detailsOf(e.start_date));
      expect(e.utc_end_date_details).toEqual(detailsOf(e.utc_end_date));
      expect(utc(e.start_date) - utc(e.utc_start_date), `event ${e.id}`).toBe(2 * 3_600_000);
      expect(utc(e.end_date) >= utc(e.start_date), `event ${e.id}`).toBe(true);
    }
    const post = byId('core/v2/posts').get(2001);
    expect(Date.parse(`${post.date}Z`) - Date.parse(`${post.date_gmt}Z`)).toBe(3_600_000); // January: CET
  });

  it('writes every absolute URL on the examples host', () => {
    const urls = JSON.stringify(seed).match(/https?:\/\/[^"'\s\\]+/g) ?? [];
    const hosts = new Set(urls.map((u) => new URL(u).host));
    expect(hosts.has('festival.example')).toBe(true);
    // Avatars are Gravatar's (get_avatar_url), on every site: the comments' `author_avatar_urls`.
    for (const h of hosts) expect(h === 'festival.example' || h === 'schema.org' || h === 'secure.gravatar.com' || h.endsWith('.example'), h).toBe(true);
    expect(byId('cal/events/v1/tags').get(31).urls.self).toBe(`${HOST}/wp-json/cal/events/v1/tags/31`);
  });
});

function detailsOf(s: string): Json {
  return { year: s.slice(0, 4), month: s.slice(5, 7), day: s.slice(8, 10), hour: s.slice(11, 13), minutes: s.slice(14, 16), seconds: s.slice(17, 19) };
}

describe('readSeedFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const file = (content: string | Buffer): string => {
    const f = join(dir, `seed-${n++}.json`);
    writeFileSync(f, content);
    return f;
  };
  const event = (i = 0): Json => structuredClone(records('cal/events/v1/events')[i]);
  const EV = '/cal~1events~1v1~1events';
  /** The message readSeedFile throws for a file with this content (it must throw an Error of one line). */
  const failure = (content: string | Buffer): string => {
    const f = file(content);
    try {
      readSeedFile(f, doc);
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
      const message = (e as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain(f);
      return message;
    }
    throw new Error(`readSeedFile accepted ${String(content).slice(0, 80)}`);
  };

  it("reads back the built-in seed's events written to a file, with their languages", () => {
    const events = seed['cal/events/v1/events'];
    const read = readSeedFile(file(JSON.stringify({ 'cal/events/v1/events': events })), doc);
    expect(read).toEqual({ ...emptySeed(), 'cal/events/v1/events': events });
  });

  it('takes a bare record as English and a missing collection as empty; every collection reads back', () => {
    const read = readSeedFile(file(JSON.stringify({ 'core/v2/posts': [byId('core/v2/posts').get(5)] })), doc);
    expect(read['core/v2/posts']).toEqual([{ lang: 'en', record: byId('core/v2/posts').get(5) }]);
    expect(read['core/v2/pages']).toEqual([]);
    const all = Object.fromEntries(COLLECTIONS.map((k) => [k, seed[k].slice(0, 3)]));
    expect(readSeedFile(file(JSON.stringify(all)), doc)).toEqual(all);
  });

  it('says when the file cannot be read, is too large, not UTF-8 or not JSON', () => {
    expect(() => readSeedFile(join(dir, 'missing.json'), doc)).toThrow(/^cannot read seed file .*missing\.json: ENOENT \(no such file\)$/);
    expect(() => readSeedFile(dir, doc)).toThrow(/^cannot read seed file .*: EISDIR \(a directory\)$/);
    const big = file('');
    truncateSync(big, 64 * 1024 * 1024 + 1);
    expect(() => readSeedFile(big, doc)).toThrow(/: 64\.0 MiB, more than the 64 MiB a seed file may hold$/);
    expect(failure(Buffer.from([0x7b, 0xff, 0x7d]))).toMatch(/: not UTF-8 text$/);
    expect(failure('{"cal/events/v1/events": [')).toMatch(/: not valid JSON \(.+\)$/);
    expect(failure('[]')).toMatch(/: must be a JSON object keyed by collection \(core\/v2\/posts, /);
  });

  it('names an unknown collection and a collection that is not a list', () => {
    expect(failure('{"core/v2/widgets": []}')).toMatch(
      /: unknown collection "core\/v2\/widgets" \(at \/core~1v2~1widgets\); the collections are core\/v2\/posts, /,
    );
    expect(failure('{"cal/events/v1/tags": {}}')).toMatch(/: cal\/events\/v1\/tags \(at \/cal~1events~1v1~1tags\) must be an array of records$/);
  });

  it('names the entry, the JSON pointer and the reason of a record that fails its schema', () => {
    const bad = event();
    bad.title = 5;
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [event(1), { lang: 'nl', record: bad }] }))).toMatch(
      new RegExp(`: cal/events/v1/events entry 1 \\(at ${EV}/1/record/title\\): does not match CalEvent: /title must be string$`),
    );
    const extra = { ...event(), colour: 'red' };
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [extra] }))).toMatch(
      new RegExp(`entry 0 \\(at ${EV}/0/colour\\): does not match CalEvent: /colour is not documented \\(an undocumented field\\)$`),
    );
    const { status: _s, ...partial } = byId('core/v2/posts').get(5);
    expect(failure(JSON.stringify({ 'core/v2/posts': [partial] }))).toMatch(
      /core\/v2\/posts entry 0 \(at \/core~1v2~1posts\/0\/status\): does not match PostEdit: \/status is required but missing$/,
    );
  });

  it('names a missing, wrongly typed or duplicate id, an unknown lang and an entry that is not a record', () => {
    const { id: _id, ...noId } = event();
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [noId] }))).toMatch(new RegExp(`entry 0 \\(at ${EV}/0/id\\): missing id$`));
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [{ ...event(), id: '7' }] }))).toMatch(/: id must be an integer, not "7"$/);
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [event(), { lang: 'de', record: event() }] }))).toMatch(
      new RegExp(`entry 1 \\(at ${EV}/1/record/id\\): duplicate id ${event().id} \\(entry 0 has it too\\)$`),
    );
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [{ lang: 'fr', record: event() }] }))).toMatch(
      new RegExp(`entry 0 \\(at ${EV}/0/lang\\): unknown lang "fr" \\(nl, en or de\\)$`),
    );
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [42] }))).toMatch(/entry 0 \(at \/cal~1events~1v1~1events\/0\): must be a record/);
    expect(failure(JSON.stringify({ 'cal/events/v1/events': [{ record: [] }] }))).toMatch(
      /entry 0 \(at \/cal~1events~1v1~1events\/0\/record\): the record must be a JSON object$/,
    );
  });

  it('reads a hostile key as an unknown collection, not as a prototype', () => {
    expect(failure('{"__proto__": {"polluted": true}}')).toMatch(/unknown collection "__proto__"/);
    expect(({} as Json).polluted).toBeUndefined();
  });
});
