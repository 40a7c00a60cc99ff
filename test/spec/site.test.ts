// The site-wide routes (site index `/`, `POST /batch/v1`, `oembed/1.0`) against the seed: every field of
// the seed's 2.1 table, every row of the 4.2 batch payload table and every parameter of the 4.3 oEmbed
// table is in the spec with its type, default, enum, bound and required flag, derived mechanically
// from the seed. Every example of these operations validates against its schema.
import { describe, expect, it } from 'vitest';
import { section, splitTop, ticks, type SeedTable } from '../support/seed.js';
import { deref, operation, PUBLIC, requestSchema, type Json, type Operation, typesOf } from '../support/spec.js';
import { check } from '../support/validate.js';

const strip = (s: string) => s.replace(/`/g, '').trim();

/** The object member of a schema (following $ref, allOf and the object branch of a oneOf). */
function objectOf(schema: Json): Json {
  const s = deref(schema);
  if (s?.properties) return s;
  for (const k of ['allOf', 'oneOf', 'anyOf']) {
    for (const m of s?.[k] ?? []) {
      const o = objectOf(m);
      if (o?.properties) return o;
    }
  }
  return s;
}

/** A property of an object schema, merging allOf members. */
function prop(schema: Json, name: string): Json {
  const s = deref(schema);
  const own = objectOf(s)?.properties?.[name];
  if (own) return deref(own);
  for (const m of s?.allOf ?? []) {
    const p = deref(m)?.properties?.[name];
    if (p) return deref(p);
  }
  return undefined;
}

function requiredOf(schema: Json): string[] {
  const s = deref(schema);
  return [...(s?.required ?? []), ...(objectOf(s)?.required ?? [])];
}

/** Seed type words -> JSON Schema type names the spec must allow. */
function seedType(word: string): { type: string; items?: string } {
  const w = strip(word).toLowerCase();
  const arr = /^array(?: of (\w+))?$/.exec(w);
  if (arr) return { type: 'array', items: arr[1] };
  return { type: w === 'uri' ? 'string' : w };
}

function expectType(schema: Json, word: string, where: string) {
  const { type, items } = seedType(word);
  expect(typesOf(schema), `${where}: type ${word}`).toContain(type);
  if (items) expect(typesOf(deref(schema).items), `${where}: items ${items}`).toContain(items);
}

function successSchema(o: Operation, code = '200', type = 'application/json'): Json {
  return deref(deref(o.op.responses[code]).content[type].schema);
}

const table = (num: string, i = 0): SeedTable => {
  const t = section(num).tables[i];
  if (!t) throw new Error(`seed section ${num} has no table ${i}`);
  return t;
};

describe('site index (seed 2.1)', () => {
  const index = operation('get', '/');
  const schema = successSchema(index);

  it('the seed table has the fields the spec must describe', () => {
    expect(table('2.1').rows.length).toBeGreaterThanOrEqual(12);
  });

  for (const row of table('2.1').rows) {
    const name = strip(row.Field);
    it(`has field ${name} (${row.Type})`, () => {
      const p = prop(schema, name);
      expect(p, `SiteIndex.${name}`).toBeDefined();
      expectType(p, row.Type, `SiteIndex.${name}`);
      // Every seed field is sent by the site: required, unless older sites lack it (then x-since says since when).
      const required = requiredOf(schema).includes(name);
      expect(required || typeof p['x-since'] === 'string', `${name} is required or has x-since`).toBe(true);
      if (!required) expect(p.description, `${name} description names the version`).toMatch(/since/i);
    });
  }

  it('routes entries have the members the seed names', () => {
    const row = table('2.1').rows.find((r) => strip(r.Field) === 'routes')!;
    const entry = deref(prop(schema, 'routes').additionalProperties);
    const names = ticks(row.Meaning);
    // `namespace`, `methods`, `endpoints`, `{methods, args}`, `_links.self[].href`
    for (const n of names.filter((x) => /^\w+$/.test(x))) expect(prop(entry, n), `RouteEntry.${n}`).toBeDefined();
    expect(typesOf(prop(entry, 'methods'))).toContain('array');
    const endpoint = deref(prop(entry, 'endpoints').items);
    const members = names
      .find((x) => x.startsWith('{'))!
      .replace(/[{}]/g, '')
      .split(',')
      .map((x) => x.trim());
    for (const m of members) {
      expect(prop(endpoint, m), `RouteEndpoint.${m}`).toBeDefined();
      expect(requiredOf(endpoint)).toContain(m);
    }
    const link = names.find((x) => x.startsWith('_links'))!; // _links.self[].href
    const [links, rel, field] = link.replace('[]', '').split('.');
    const linksSchema = prop(entry, links);
    const linkItem = deref(deref(linksSchema.additionalProperties ?? prop(linksSchema, rel)).items);
    expect(prop(linkItem, field)).toBeDefined();
    expect(requiredOf(linkItem)).toContain(field);
  });

  it('endpoints carry the batch flag allow_batch with version key v1 (seed 9)', () => {
    const item = section('9').items.find((x) => x.includes('allow_batch'))!;
    const [flag, version] = ticks(item);
    const endpoint = deref(prop(deref(prop(schema, 'routes').additionalProperties), 'endpoints').items);
    expect(typesOf(prop(prop(endpoint, flag), version))).toContain('boolean');
  });

  it('authentication lists the application-passwords scheme with its authorization endpoint (seed 5)', () => {
    const items = section('5').items;
    const scheme = ticks(items[0]).at(-1)!;
    const endpoint = ticks(items[1])[0];
    const auth = objectOf(prop(schema, 'authentication'));
    const s = deref(auth.properties[scheme]);
    const ep = deref(deref(s.properties.endpoints).properties[endpoint]);
    expect(ep.type).toBe('string');
    expect(ep.format).toBe('uri');
    expect(ep.description).toContain('authorize-application.php');
  });

  it('documents the fields a real WordPress adds (site_logo, site_icon, site_icon_url, _links.help), each with x-since where older sites lack it', () => {
    for (const f of ['site_logo', 'site_icon', 'site_icon_url']) expect(prop(schema, f)?.['x-since'], f).toMatch(/^WordPress \d/);
    expect(prop(prop(schema, '_links'), 'help')).toBeDefined();
  });

  it('takes context (default view) and i18n_language, and is public (seed 4.2)', () => {
    const row = table('4.2').rows.find((r) => r.Method === 'GET' && r.Path === '/')!;
    const [param, dflt] = ticks(row.Payload);
    const p = index.params.find((x: Json) => x.name === param && x.in === 'query');
    expect(p?.schema.default).toBe(dflt);
    // The index ignores the language (any code answers 200, recorded): documented without an enum (D186).
    const language = index.params.find((x: Json) => x.name === 'i18n_language');
    expect(language?.schema).toEqual({ type: 'string' });
    expect(language?.description).toMatch(/^Ignored/);
    expect(index.op.security).toEqual(PUBLIC);
  });
});

describe('batch (seed 4.2)', () => {
  const batch = operation('post', '/batch/v1');
  const body = requestSchema(batch);

  it('the seed lists POST /batch/v1', () => {
    expect(table('4.2').rows.some((r) => r.Method === 'POST' && r.Path === '/batch/v1')).toBe(true);
  });

  /** Resolve `requests[].method` to the parent object schema and the property name. */
  function locate(path: string): { parent: Json; name: string } {
    const parts = path.split('.');
    let parent = body;
    for (const part of parts.slice(0, -1)) {
      const m = /^(\w+)(\[\])?$/.exec(part)!;
      let s = prop(parent, m[1]);
      if (m[2]) s = deref(s.items);
      parent = s;
    }
    return { parent, name: parts[parts.length - 1] };
  }

  for (const row of table('4.2', 1).rows) {
    const field = strip(row.Field);
    it(`${field}: ${row.Type}; ${row.Rules}`, () => {
      const { parent, name } = locate(field);
      const p = prop(parent, name);
      expect(p, field).toBeDefined();
      expectType(p, row.Type, field);
      for (const rule of row.Rules.split(';').map((r) => r.trim())) {
        const dflt = /^default (.+)$/.exec(rule);
        const most = /at most (\d+) items/.exec(rule);
        if (dflt) expect(p.default, `${field} default`).toBe(strip(dflt[1]));
        else if (/^Required/.test(rule) || most) {
          if (/^Required/.test(rule)) expect(requiredOf(parent), `${field} required`).toContain(name);
          if (most) expect(p.maxItems, `${field} maxItems`).toBe(Number(most[1]));
        } else if (/^Any properties$/i.test(rule)) {
          expect(p.additionalProperties === undefined || p.additionalProperties === true || typeof p.additionalProperties === 'object').toBe(true);
          expect(p.additionalProperties).not.toBe(false);
        } else if (/^Values are/.test(rule)) {
          // "Values are a string or an array of strings"
          const values = deref(p.additionalProperties);
          expect(typesOf(values)).toContain('string');
          const arr = (values.oneOf ?? values.anyOf ?? [values]).map(deref).find((v: Json) => typesOf(v).has('array'));
          expect(typesOf(arr.items)).toContain('string');
        } else {
          // An enumeration: "`a` or `b`", "POST, PUT, PATCH or DELETE"
          const values = rule
            .split(/,|\bor\b/)
            .map(strip)
            .filter(Boolean);
          expect(values.length, `${field}: rule "${rule}" understood`).toBeGreaterThan(1);
          expect([...p.enum].sort(), `${field} enum`).toEqual(values.sort());
        }
      }
    });
  }

  it('answers 400 with rest_too_many_items beyond the batch limit of seed 8', () => {
    const limit = table('8').rows.find((r) => r.Limit === 'Requests per batch')!;
    expect(limit['Applies to']).toBe('POST /batch/v1');
    expect(prop(body, 'requests').maxItems).toBe(Number(limit.Value));
    const bad = deref(batch.op.responses['400']);
    const examples = Object.values<Json>(bad.content['application/json'].examples).map((e) => deref(e).value);
    expect(examples.some((e) => e.code === 'rest_invalid_param' && e.data.details.requests.code === 'rest_too_many_items')).toBe(true);
  });

  it('answers 207 with one envelope (or null) per request, headers an object or []', () => {
    const res = successSchema(batch, '207');
    expect(
      check(res, {
        responses: [
          { body: { id: 1 }, status: 201, headers: { Location: 'https://festival.example/wp-json/core/v2/posts/1' } },
          { body: {}, status: 200, headers: [] },
        ],
      }),
    ).toEqual([]);
    expect(
      check(res, { failed: 'validation', responses: [null, { body: { code: 'x', message: 'y', data: { status: 400 } }, status: 400, headers: [] }] }),
    ).toEqual([]);
    expect(check(res, { responses: [{ body: {}, status: 200, headers: ['x'] }] })).not.toEqual([]);
  });

  it('names the batchable routes of the seed (posts, pages, menu items; collection and item)', () => {
    const text = section('4.2').text;
    expect(text).toMatch(/posts, pages and menu-items collection and item routes/);
    for (const r of ['posts', 'pages', 'menu-items']) {
      expect(batch.op.description).toContain(`/core/v2/${r}\``);
      expect(batch.op.description).toContain(`/core/v2/${r}/{id}`);
    }
  });

  it('is public, each inner request authorized on its own', () => {
    expect(batch.op.security).toContainEqual({});
    expect(batch.op.security.length).toBeGreaterThan(1);
    expect(batch.op.description).toMatch(/authorized on its\s+own/);
  });

  it('takes JSON and form bodies of the same schema', () => {
    expect(requestSchema(batch, 'application/x-www-form-urlencoded')).toEqual(body);
  });
});

describe('oEmbed (seed 4.3)', () => {
  /** Split "a (x, y); b" or "a, b (x), c" into [name, attrs[]] pairs. */
  function params(cell: string): [string, string[]][] {
    return splitTop(cell, cell.includes(';') ? ';' : ',').map((p) => {
      const m = /^`?([\w]+)`?\s*(?:\((.*)\))?$/.exec(p)!;
      return [m[1], m[2] ? m[2].split(',').map((a) => a.trim()) : []];
    });
  }

  // The namespace-root rule of seed 2.1: `namespace` defaults to the namespace itself, `context` to `view`.
  const rootRule = /parameters `(\w+)` \(default the namespace itself\) and `(\w+)` \(default `(\w+)`\)/.exec(section('2.1').text)!;

  it('the seed states the namespace-root parameters', () => {
    expect(rootRule).not.toBeNull();
  });

  for (const row of table('4.3').rows) {
    it(`${row.Method} ${row.Path}: ${row.Parameters}`, () => {
      const o = operation(row.Method, row.Path);
      for (const [name, attrs] of params(row.Parameters)) {
        const p = o.params.find((x: Json) => x.name === name && x.in === 'query');
        expect(p, `${row.Path} ${name}`).toBeDefined();
        const s = deref(p.schema);
        for (const a of attrs) {
          const dflt = /^default (.+)$/.exec(a);
          const en = /^`(\w+)` or `(\w+)`$/.exec(a);
          if (a === 'required') expect(p.required, `${name} required`).toBe(true);
          else if (a === 'uri') expect(s.format, `${name} format`).toBe('uri');
          else if (dflt) {
            const v = strip(dflt[1]);
            expect(s.default, `${name} default`).toEqual(/^\d+$/.test(v) ? Number(v) : v === 'true' ? true : v === 'false' ? false : v);
          } else if (en) expect([...s.enum].sort(), `${name} enum`).toEqual([en[1], en[2]].sort());
          else expect(typesOf(s), `${name} type`).toContain(a);
        }
        if (!attrs.some((a) => a === 'required')) expect(p.required ?? false, `${name} optional`).toBe(false);
      }
      if (/^\/oembed\/1\.0$/.test(row.Path)) {
        const ns = o.params.find((x: Json) => x.name === rootRule[1]);
        expect(ns.schema.default).toBe('oembed/1.0');
        expect(o.params.find((x: Json) => x.name === rootRule[2]).schema.default).toBe(rootRule[3]);
      }
    });
  }

  it('embed answers the oEmbed fields WordPress sends, as JSON and as XML', () => {
    const o = operation('get', '/oembed/1.0/embed');
    const s = successSchema(o);
    for (const f of ['version', 'provider_name', 'provider_url', 'author_name', 'author_url', 'title', 'type']) expect(requiredOf(s), f).toContain(f);
    for (const f of ['width', 'height', 'html', 'thumbnail_url', 'thumbnail_width', 'thumbnail_height']) expect(prop(s, f), f).toBeDefined();
    const xml = deref(o.op.responses['200']).content['text/xml'];
    expect(xml.schema.type).toBe('string');
    expect(xml.example).toMatch(/^<\?xml[\s\S]*<oembed>[\s\S]*<\/oembed>/);
  });

  it('embed of an unknown URL and proxy errors answer 404 oembed_invalid_url', () => {
    for (const path of ['/oembed/1.0/embed', '/oembed/1.0/proxy']) {
      const nf = deref(operation('get', path).op.responses['404']);
      const codes = Object.values<Json>(nf.content['application/json'].examples).map((e) => deref(e).value.code);
      expect(codes, path).toContain('oembed_invalid_url');
    }
  });

  it('proxy needs credentials (401 anonymous, 403 without edit_posts); embed and the root are public', () => {
    const proxy = operation('get', '/oembed/1.0/proxy');
    expect(proxy.op.security.some((s: Json) => Object.keys(s).length === 0)).toBe(false);
    expect(Object.keys(proxy.op.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(proxy.op.description).toContain('edit_posts');
    expect(operation('get', '/oembed/1.0/embed').op.security).toEqual(PUBLIC);
    expect(operation('get', '/oembed/1.0').op.security).toEqual(PUBLIC);
  });
});

describe('examples of the site-wide operations', () => {
  const ops = [
    operation('get', '/'),
    operation('post', '/batch/v1'),
    operation('get', '/oembed/1.0'),
    operation('get', '/oembed/1.0/embed'),
    operation('get', '/oembed/1.0/proxy'),
  ];
  const cases: [string, Json, Json][] = [];
  for (const o of ops) {
    const bodies: [string, Json][] = [];
    for (const [type, media] of Object.entries<Json>(deref(o.op.requestBody)?.content ?? {})) bodies.push([`${o.id} request ${type}`, media]);
    for (const [code, res] of Object.entries<Json>(o.op.responses))
      for (const [type, media] of Object.entries<Json>(deref(res).content ?? {})) bodies.push([`${o.id} ${code} ${type}`, media]);
    for (const [where, media] of bodies) {
      if (media.example !== undefined) cases.push([`${where} example`, media.schema, media.example]);
      for (const [name, ex] of Object.entries<Json>(media.examples ?? {})) cases.push([`${where} ${name}`, media.schema, deref(ex).value]);
    }
  }

  it('every request and response body has an example', () => {
    for (const o of ops) {
      for (const [code, res] of Object.entries<Json>(o.op.responses)) {
        for (const [type, media] of Object.entries<Json>(deref(res).content ?? {}))
          expect(media.example !== undefined || Object.keys(media.examples ?? {}).length > 0, `${o.id} ${code} ${type}`).toBe(true);
      }
    }
    expect(cases.length).toBeGreaterThan(15);
  });

  it.each(cases)('%s validates', (_where, schema, value) => {
    expect(check(schema, value)).toEqual([]);
  });
});
