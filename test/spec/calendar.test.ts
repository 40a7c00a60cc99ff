// The calendar namespace `cal/events/v1` against the seed: every route and method of the 4.1 table,
// every list parameter of 4.1.1-4.1.3 (type, default) and every writable field of 2.2-2.5 (type,
// required-on-create, default), all derived mechanically from the seed; plus the platform facts the
// seed leaves open (envelopes, headers, status codes, security), and every calendar example validated
// strictly (undocumented fields fail) against its schema.
import { describe, expect, it } from 'vitest';
import { section, type SeedTable } from '../support/seed.js';
import { bundle, deref, operations, requestSchema, type Json, type Operation, typesOf } from '../support/spec.js';
import { check } from '../support/validate.js';

const NS = '/cal/events/v1';
const strip = (s: string) => s.replace(/`/g, '').trim();
const cal = () => operations().filter((o) => o.path === NS || o.path.startsWith(`${NS}/`));
const op = (method: string, path: string): Operation => {
  const o = cal().find((x) => x.method === method.toLowerCase() && x.path === path);
  if (!o) throw new Error(`no ${method} ${path} in the bundle`);
  return o;
};
const param = (o: Operation, name: string, where = 'query'): Json => o.params.find((p) => p.name === name && p.in === where);

/** Seed field cells: "venue (name)" -> ["venue"]; "date, date_utc" -> ["date", "date_utc"]. */
const names = (cell: string): string[] =>
  strip(cell)
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Expand the seed's method cells: "GET, DELETE" / "POST, PUT, PATCH". */
const methods = (cell: string): string[] =>
  cell
    .split(/[,/]/)
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);

/** Check a schema against a seed type word. */
function expectSeedType(where: string, schema: Json, word: string): void {
  const w = strip(word).toLowerCase();
  const s = deref(schema);
  const types = typesOf(s);
  if (w === 'any') {
    expect(s.type, `${where}: seed type "any" means no type constraint`).toBeUndefined();
    return;
  }
  if (w.startsWith('array of integer')) {
    expect(types.has('array'), `${where}: array`).toBe(true);
    // The array itself, or the first member of a union that is an array with items (ids or data: the ids).
    const arrayMember = [...(s.oneOf ?? []), ...(s.anyOf ?? [])].map((m: Json) => deref(m)).find((m: Json) => typesOf(m).has('array') && m.items);
    expect(typesOf(s.items ?? arrayMember?.items).has('integer'), `${where}: items integer`).toBe(true);
    return;
  }
  if (w === 'boolean-like') {
    expect(types.has('boolean') || types.has('string'), `${where}: boolean-like`).toBe(true);
    return;
  }
  if (w === 'date-time string') {
    expect(types.has('string'), `${where}: string`).toBe(true);
    expect(s.format, `${where}: the platform sends no offset, so no format date-time`).toBeUndefined();
    return;
  }
  const num = /^number \((\w+)\)$/.exec(w);
  if (num) {
    expect(types.has('number'), `${where}: number`).toBe(true);
    expect(s.format).toBe(num[1]);
    return;
  }
  expect([...types], `${where}: ${w}`).toContain(w);
}

/** Check a schema's default against a seed default cell. */
function expectSeedDefault(where: string, schema: Json, cell: string, type: string): void {
  const d = strip(cell);
  const s = deref(schema);
  if (d === '') {
    expect(s.default, `${where}: no default in the seed`).toBeUndefined();
    return;
  }
  if (/^computed default/.test(d)) {
    expect(s.default, `${where}: a computed default is not a literal`).toBeUndefined();
    return;
  }
  if (d === 'null') return expect(s.default, where).toBeNull();
  if (d === 'false') return expect(s.default, where).toBe(false);
  if (/^\d+$/.test(d)) {
    // A boolean whose seed default is `1` is true.
    if (strip(type) === 'boolean') return expect(s.default, where).toBe(true);
    return expect(s.default, where).toBe(Number(d));
  }
  expect(s.default, where).toBe(d);
}

// ---------------------------------------------------------------------------------------------------
describe('4.1 route table: every calendar route and method, and nothing else', () => {
  const table = section('4.1').tables[0];
  const expected = table.rows.flatMap((r) => methods(r.Method).map((m) => `${m} ${strip(r.Path)}`));

  it('the seed table is the one read', () => {
    expect(table.headers).toEqual(['Method', 'Path', 'Purpose']);
    expect(expected.length).toBeGreaterThan(40);
  });

  it('the spec has exactly these operations', () => {
    expect(
      cal()
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    ).toEqual([...new Set(expected)].sort());
  });

  it('single-item routes take `id` (required integer, digits) or `slug` (required string) in the path', () => {
    for (const o of cal()) {
      if (o.path.endsWith('{id}')) {
        const p = param(o, 'id', 'path');
        expect(p?.required, o.path).toBe(true);
        expect(typesOf(p.schema).has('integer')).toBe(true);
      }
      if (o.path.endsWith('{slug}')) {
        const p = param(o, 'slug', 'path');
        expect(p?.required, o.path).toBe(true);
        expect(typesOf(p.schema).has('string')).toBe(true);
      }
    }
  });

  it('the namespace root takes `namespace` (default the namespace) and `context` (default view)', () => {
    const o = op('get', NS);
    expect(deref(param(o, 'namespace').schema).default).toBe('cal/events/v1');
    expect(deref(param(o, 'context').schema).default).toBe('view');
    expect(deref(deref(o.op.responses['200']).content['application/json'].schema)).toEqual(deref(bundle().components.schemas.NamespaceIndex));
  });

  it('/doc has no parameters and answers an open OpenAPI document', () => {
    const o = op('get', `${NS}/doc`);
    expect(o.params).toEqual([]);
    const s = deref(deref(o.op.responses['200']).content['application/json'].schema);
    expect(s.required).toEqual(['openapi', 'info', 'servers', 'paths', 'components']);
    expect(s.additionalProperties).toBeUndefined();
  });

  it('POST, PUT and PATCH of one item route share one request body component with JSON and form media', () => {
    for (const path of new Set(
      cal()
        .filter((o) => /\{(id|slug)\}$/.test(o.path))
        .map((o) => o.path),
    )) {
      const refs = ['post', 'put', 'patch'].map((m) => op(m, path).op.requestBody?.$ref);
      expect(refs[0], path).toMatch(/^#\/components\/requestBodies\/Cal/);
      expect(new Set(refs).size, path).toBe(1);
      const body = deref(op('post', path).op.requestBody);
      expect(body.content['application/json'].schema).toEqual(body.content['application/x-www-form-urlencoded'].schema);
    }
  });

  it('`password` (string, query) is accepted on read, update and delete of a single event', () => {
    for (const m of ['get', 'delete', 'post', 'put', 'patch']) {
      const p = param(op(m, `${NS}/events/{id}`), 'password');
      expect(p, m).toBeDefined();
      expect(typesOf(p.schema).has('string')).toBe(true);
    }
  });

  it('every calendar operation takes i18n_language, one of the languages, but the calendar document (D186)', () => {
    for (const o of cal()) {
      const p = param(o, 'i18n_language');
      if (o.path === `${NS}/doc`) expect(p, `${o.method} ${o.path}`).toBeUndefined();
      else expect(p?.schema?.enum, `${o.method} ${o.path}`).toEqual(['nl', 'en', 'de']);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
function expectListParams(o: Operation, table: SeedTable, skip: (row: Record<string, string>) => boolean = () => false) {
  for (const row of table.rows) {
    for (const name of names(row.Parameter)) {
      const where = `${o.method.toUpperCase()} ${o.path} ?${name}`;
      const p = param(o, name);
      if (skip(row)) {
        expect(p, `${where} does not apply here`).toBeUndefined();
        continue;
      }
      expect(p, where).toBeDefined();
      expect(p.required ?? false, where).toBe(false);
      expect(p.description, where).toBeTruthy();
      expectSeedType(where, p.schema, row.Type);
      expectSeedDefault(where, p.schema, row.Default, row.Type);
      if (typesOf(p.schema).has('array')) {
        expect(p.style ?? 'form', where).toBe('form');
        expect(p.explode, where).toBe(false);
      }
    }
  }
}

describe('4.1.1-4.1.3 list parameters', () => {
  it('4.1.1 events: every parameter with its type and default', () => {
    expectListParams(op('get', `${NS}/events`), section('4.1.1').tables[0]);
  });

  it('4.1.2 venues and organizers: every parameter with its type and default', () => {
    for (const p of ['venues', 'organizers']) expectListParams(op('get', `${NS}/${p}`), section('4.1.2').tables[0]);
  });

  it('4.1.3 categories and tags: every parameter (parent on categories only)', () => {
    const t = section('4.1.3').tables[0];
    expectListParams(op('get', `${NS}/categories`), t);
    expectListParams(op('get', `${NS}/tags`), t, (row) => /categories only/i.test(row.Meaning));
  });

  it('per_page: default 10, minimum 1, no maximum (the platform clamps to 50 silently, as the description says)', () => {
    for (const p of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const s = deref(param(op('get', `${NS}/${p}`), 'per_page'));
      expect(s.schema.default).toBe(10);
      expect(s.schema.minimum).toBe(1);
      expect(s.schema.maximum, p).toBeUndefined();
      expect(s.description).toMatch(/clamped to 50/);
    }
  });

  it('page: the shared parameter (minimum 1, default 1)', () => {
    for (const p of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const s = param(op('get', `${NS}/${p}`), 'page').schema;
      expect([s.minimum, s.default]).toEqual([1, 1]);
    }
  });

  it('events: computed date defaults are described, strict_dates is boolean-like, geoloc needs both coordinates', () => {
    const o = op('get', `${NS}/events`);
    for (const n of ['start_date', 'end_date']) expect(param(o, n).description).toMatch(/computed default/i);
    expect(param(o, 'strict_dates').description).toMatch(/`1`, `true`, `on`, `yes`/);
    expect(param(o, 'geoloc_lat').description).toMatch(/geoloc_lng/);
    expect(param(o, 'geoloc_lng').description).toMatch(/geoloc_lat/);
    expect(param(o, 'include').description).toMatch(/comma-separated/);
  });

  it('terms: `event` is an alias of `post`', () => {
    for (const p of ['categories', 'tags']) expect(param(op('get', `${NS}/${p}`), 'event').description).toMatch(/alias of `post`/);
  });
});

// ---------------------------------------------------------------------------------------------------
interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  def: string;
  appliesTo?: string;
}
function fields(num: string): FieldRow[] {
  const t = section(num).tables[0];
  return t.rows.flatMap((r) =>
    names(r.Field).map((name) => ({
      name,
      type: r.Type,
      required: strip(r['Required on create']) === 'yes',
      def: r.Default ?? '',
      appliesTo: r['Applies to'],
    })),
  );
}

const bodyOf = (method: string, path: string) => requestSchema(op(method, path));

function expectBody(where: string, schema: Json, rows: FieldRow[], create: boolean) {
  const s = deref(schema);
  for (const f of rows) {
    const p = s.properties?.[f.name];
    expect(p, `${where}: field ${f.name}`).toBeDefined();
    expect(p.description, `${where}: ${f.name} description`).toBeTruthy();
    expectSeedType(`${where} ${f.name}`, p, f.type);
    // A required field has no default on create; every other seed default is the schema's.
    if (!(create && f.required)) expectSeedDefault(`${where} ${f.name}`, p, f.def, f.type);
  }
}

describe('2.2-2.5 writable fields: create and update bodies', () => {
  const resources: { num: string; plural: string; bySlug: boolean; filter?: (f: FieldRow) => boolean }[] = [
    { num: '2.2', plural: 'events', bySlug: true },
    { num: '2.3', plural: 'venues', bySlug: true },
    { num: '2.4', plural: 'organizers', bySlug: true },
    { num: '2.5', plural: 'categories', bySlug: false, filter: (f) => /category/.test(f.appliesTo ?? '') },
    { num: '2.5', plural: 'tags', bySlug: false, filter: (f) => /\btag\b/.test(f.appliesTo ?? '') },
  ];

  for (const r of resources) {
    const rows = () => fields(r.num).filter(r.filter ?? (() => true));

    it(`${r.plural}: the create body has every field and requires exactly the seed's required fields`, () => {
      const s = deref(bodyOf('post', `${NS}/${r.plural}`));
      expectBody(`create ${r.plural}`, s, rows(), true);
      expect([...(s.required ?? [])].sort()).toEqual(
        rows()
          .filter((f) => f.required)
          .map((f) => f.name)
          .sort(),
      );
      expect(deref(op('post', `${NS}/${r.plural}`).op.requestBody).required).toBe(true);
    });

    it(`${r.plural}: the update body has every field and requires none`, () => {
      const s = deref(bodyOf('patch', `${NS}/${r.plural}/{id}`));
      expectBody(`update ${r.plural}`, s, rows(), false);
      expect(s.required ?? []).toEqual([]);
    });

    if (r.bySlug) {
      it(`${r.plural}: the by-slug update body (slug ${r.plural === 'events' ? 'optional' : 'required'} in the payload)`, () => {
        const s = deref(bodyOf('put', `${NS}/${r.plural}/by-slug/{slug}`));
        expectBody(`update ${r.plural} by slug`, s, rows(), false);
        expect(s.properties.slug, 'slug documented').toBeDefined();
        expect(s.required ?? []).toEqual(r.plural === 'events' ? [] : ['slug']);
      });
    }
  }

  it('the event update body documents `id` (integer) without requiring it; the path carries it', () => {
    const s = deref(bodyOf('post', `${NS}/events/{id}`));
    expect(typesOf(s.properties.id).has('integer')).toBe(true);
    expect(s.required ?? []).not.toContain('id');
    expect(s.properties.id.description).toMatch(/takes precedence over the path/);
  });

  it('"id or name" and "ids or data" fields say so', () => {
    const s = deref(bodyOf('post', `${NS}/events`));
    for (const f of ['categories', 'tags']) expect(s.properties[f].description).toMatch(/id or name/);
    for (const f of ['venue', 'organizer']) expect(s.properties[f].description).toMatch(/ids or data/);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('responses: records, envelopes, headers, status codes, security', () => {
  const codesOf = (o: Operation, status: string): string[] => {
    const res = deref(o.op.responses[status]);
    return Object.values<Json>(res?.content?.['application/json']?.examples ?? {}).map((e) => deref(e).value.code);
  };
  const schemaOf = (o: Operation, status: string) => deref(deref(o.op.responses[status]).content['application/json'].schema);

  it('list answers are envelopes with X-TEC-Total and X-TEC-TotalPages headers', () => {
    for (const [p, schema] of [
      ['events', 'CalEventList'],
      ['venues', 'CalVenueList'],
      ['organizers', 'CalOrganizerList'],
      ['categories', 'CalCategoryList'],
      ['tags', 'CalTagList'],
    ]) {
      const o = op('get', `${NS}/${p}`);
      const res = deref(o.op.responses['200']);
      expect(res.content['application/json'].schema.$ref).toBe(`#/components/schemas/${schema}`);
      expect(Object.keys(res.headers).sort()).toEqual(['X-TEC-Total', 'X-TEC-TotalPages']);
      const s = schemaOf(o, '200');
      expect(s.required.sort()).toEqual([p, 'rest_url', 'total', 'total_pages'].sort());
      expect(Object.keys(s.properties)).toEqual(expect.arrayContaining(['next_rest_url', 'previous_rest_url']));
    }
  });

  it('a page past the end: 404 *-archive-page-not-found for events, venues, organizers; no 404 for terms', () => {
    expect(codesOf(op('get', `${NS}/events`), '404')).toContain('event-archive-page-not-found');
    expect(codesOf(op('get', `${NS}/venues`), '404')).toContain('venue-archive-page-not-found');
    expect(codesOf(op('get', `${NS}/organizers`), '404')).toContain('organizer-archive-page-not-found');
    for (const p of ['categories', 'tags']) expect(op('get', `${NS}/${p}`).op.responses['404']).toBeUndefined();
    expect(deref(bundle().components.schemas.CalTagList).properties.next_rest_url.description).toMatch(/drops every other filter/);
  });

  it('event GET: 404 rest-event-not-found (6.17.2) and 400 rest_invalid_param (older sites), 403 codes', () => {
    const o = op('get', `${NS}/events/{id}`);
    expect(codesOf(o, '404')).toContain('rest-event-not-found');
    expect(codesOf(o, '400')).toEqual(expect.arrayContaining(['rest_invalid_param', 'rest-invalid-event-id']));
    expect(codesOf(o, '403')).toEqual(expect.arrayContaining(['event-no-longer-available', 'event-not-accessible', 'event-password-protected']));
  });

  it('creates answer 201', () => {
    for (const p of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const o = op('post', `${NS}/${p}`);
      expect(Object.keys(o.op.responses).filter((c) => c.startsWith('2'))).toEqual(['201']);
    }
  });

  it('DELETE: events, venues, organizers go to the trash (no force; 410 on a second delete); terms are deleted for good', () => {
    for (const [p, code] of [
      ['events', 'event-is-in-trash'],
      ['venues', 'venue-is-in-trash'],
      ['organizers', 'organizer-is-in-trash'],
    ]) {
      for (const path of [`${NS}/${p}/{id}`, `${NS}/${p}/by-slug/{slug}`]) {
        const o = op('delete', path);
        expect(param(o, 'force'), path).toBeUndefined();
        expect(codesOf(o, '410'), path).toEqual([code]);
      }
    }
    for (const p of ['categories', 'tags']) {
      const o = op('delete', `${NS}/${p}/{id}`);
      expect(o.op.responses['410']).toBeUndefined();
      expect(deref(o.op.responses['200']).content['application/json'].schema.$ref).toBe('#/components/schemas/CalTerm');
      expect(o.op.description).toMatch(/permanently/);
    }
  });

  it('reads are public with optional credentials; writes require credentials and document 401 and 403', () => {
    for (const o of cal()) {
      const sec = o.op.security;
      if (o.method === 'get') {
        expect(sec[0], `${o.method} ${o.path}`).toEqual({});
        if (![NS, `${NS}/doc`].includes(o.path)) expect(sec.length, `${o.path} optional credentials`).toBe(3);
      } else {
        expect(
          sec.some((s: Json) => Object.keys(s).length === 0),
          `${o.method} ${o.path}`,
        ).toBe(false);
        expect(Object.keys(o.op.responses)).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
  });

  it('records: events have json_ld optional, image object or false, venue object|array|[], organizer array, author a numeric string', () => {
    const ev = deref(bundle().components.schemas.CalEvent);
    expect(ev.required).not.toContain('json_ld');
    expect(ev.additionalProperties).toBeUndefined();
    expect(check({ $ref: '#/components/schemas/CalDateDetails' }, { year: 2025, month: 6, day: 14, hour: 20, minutes: 0, seconds: 0 })).not.toEqual([]);
    expect(check(ev.properties.image, false)).toEqual([]);
    expect(check(ev.properties.image, true)).not.toEqual([]);
    expect(check(ev.properties.venue, [])).toEqual([]);
    expect(check(ev.properties.venue, 'Stadsschouwburg')).not.toEqual([]);
    expect(check(ev.properties.custom_fields, [])).toEqual([]);
    expect(check(ev.properties.author, 12)).not.toEqual([]);
    expect(check(ev.properties.sticky, null)).toEqual([]);
    const venue = deref(bundle().components.schemas.CalVenue);
    expect(venue.required).not.toContain('image');
  });
});

// ---------------------------------------------------------------------------------------------------
describe('examples', () => {
  interface Case {
    where: string;
    schema: Json;
    value: unknown;
  }
  const cases = (): Case[] => {
    const out: Case[] = [];
    const media = (where: string, m: Json) => {
      for (const [k, ex] of Object.entries<Json>(m?.examples ?? {})) out.push({ where: `${where} ${k}`, schema: m.schema, value: deref(ex).value });
      if (m?.example !== undefined) out.push({ where: `${where} example`, schema: m.schema, value: m.example });
    };
    for (const o of cal()) {
      const at = `${o.method.toUpperCase()} ${o.path}`;
      for (const [t, m] of Object.entries<Json>(deref(o.op.requestBody)?.content ?? {})) media(`${at} request ${t}`, m);
      for (const [code, r] of Object.entries<Json>(o.op.responses))
        for (const [t, m] of Object.entries<Json>(deref(r).content ?? {})) media(`${at} ${code} ${t}`, m);
    }
    return out;
  };

  it('every request body and every response body has an example', () => {
    for (const o of cal()) {
      const at = `${o.method.toUpperCase()} ${o.path}`;
      for (const [t, m] of Object.entries<Json>(deref(o.op.requestBody)?.content ?? {}))
        expect(Object.keys(m.examples ?? {}).length, `${at} request ${t}`).toBeGreaterThan(0);
      for (const [code, r] of Object.entries<Json>(o.op.responses)) {
        for (const [t, m] of Object.entries<Json>(deref(r).content ?? {}))
          expect(Object.keys(m.examples ?? {}).length, `${at} ${code} ${t}`).toBeGreaterThan(0);
      }
    }
  });

  it('every example validates strictly (no undocumented field) against its schema', () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(100);
    const bad = all.map((c) => ({ where: c.where, errors: check(c.schema, c.value, { strict: true }) })).filter((c) => c.errors.length);
    expect(bad.slice(0, 10), `${bad.length} of ${all.length} examples are invalid`).toEqual([]);
  });

  it('the examples show the multilingual site: Dutch, English and German content', () => {
    const text = JSON.stringify(cases().map((c) => c.value));
    expect(text).toMatch(/familievoorstelling/); // nl
    expect(text).toMatch(/Opening night/); // en
    expect(text).toMatch(/Stummfilm/); // de
  });

  it('single-event GET shows json_ld; list items do not', () => {
    const single = deref(deref(op('get', `${NS}/events/{id}`).op.responses['200']).content['application/json'].examples.opening_night).value;
    expect(single.json_ld).toBeDefined();
    const list = deref(deref(op('get', `${NS}/events`).op.responses['200']).content['application/json'].examples.festival_programme).value;
    for (const e of list.events) expect(e.json_ld).toBeUndefined();
  });
});
