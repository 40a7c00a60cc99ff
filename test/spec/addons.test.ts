// The add-on namespaces (seed 4.7-4.10) against the seed: every route, method and parameter the seed
// lists is in the spec with its type, default, pattern and required flag, and nothing else is; the
// namespace roots exist where the seed states them (not for the slider); every operation takes
// i18n_language and answers 404 `rest_no_route`; every add-on answer body is marked undocumented; every
// example validates. Expectations are parsed from the seed's lists, tables and text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { section, splitTop, ticks, type SeedTable } from '../support/seed.js';
import { bundle, deref, operations, ROOT, type Json, type Operation, PUBLIC, REQUIRED, typesOf } from '../support/spec.js';
import { check } from '../support/validate.js';

// ------------------------------------------------------------------------------------------------
// Seed parsing

interface ParamSpec {
  name: string;
  type?: string;
  hasDefault?: boolean;
  default?: unknown;
  required: boolean;
  pattern?: string;
  integer?: boolean;
}
type Routes = Map<string, Map<string, ParamSpec[]>>; // full path -> method -> params (path params included)

const METHOD_WORDS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const strip = (s: string) => s.replace(/`/g, '').trim();

function seedValue(v: string): unknown {
  const s = strip(v);
  if (s === 'null') return null;
  if (s === '[]') return [];
  if (s === 'true' || s === 'false') return s === 'true';
  if (s === 'empty string') return '';
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  return s;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'integer',
  integers: 'integer',
  string: 'string',
  strings: 'string',
  array: 'array',
  arrays: 'array',
  boolean: 'boolean',
  booleans: 'boolean',
};

/** A character-class phrase ("word characters and hyphens", "digits and commas") as a pattern. */
function phrasePattern(phrase: string): { pattern?: string; integer?: boolean } {
  const members: Record<string, string> = { 'word characters': '\\w', hyphens: '-', digits: '\\d', commas: ',' };
  const parts = phrase.trim().split(/\s+and\s+/);
  if (parts.length === 1 && parts[0] === 'digits') return { integer: true };
  const cls = parts.map((p) => {
    const m = members[p.trim()];
    if (!m) throw new Error(`unknown pattern phrase "${p}"`);
    return m;
  });
  return { pattern: cls.length === 1 ? `^${cls[0]}+$` : `^[${cls.join('')}]+$` };
}

/**
 * Parameters of a seed cell: "a (integer, default null), b, c (strings); d (required)", "x, y required",
 * "y matches word characters", "none". A plural annotation ("strings", "all required") applies to the
 * names listed before it without their own annotation; a singular one only to its own name.
 */
function parseParams(cell: string): ParamSpec[] {
  const text = strip(cell);
  if (text === '' || /^none$/i.test(text)) return [];
  const out = new Map<string, ParamSpec>();
  const get = (name: string) => {
    let p = out.get(name);
    if (!p) {
      p = { name, required: false };
      out.set(name, p);
    }
    return p;
  };
  for (const group of splitTop(text, ';')) {
    let pending: string[] = [];
    for (const token of splitTop(group)) {
      const annotated = /^([\w]+)\s*\((.*)\)$/.exec(token);
      const requiredWord = /^([\w]+)\s+required$/.exec(token);
      const matches = /^([\w]+)\s+matches\s+(.+)$/.exec(token);
      if (matches) {
        Object.assign(get(matches[1]), phrasePattern(matches[2]));
        continue;
      }
      if (requiredWord) {
        for (const n of [...pending, requiredWord[1]]) get(n).required = true;
        pending = [];
        continue;
      }
      if (annotated) {
        const [, name, ann] = annotated;
        const targets = [name];
        const parts = ann.split(',').map((x) => x.trim());
        const plural = parts.some((x) => /^(integers|strings|arrays|booleans)$/.test(x) || /^all required$/.test(x));
        if (plural) targets.unshift(...pending);
        pending = [];
        for (const n of targets) {
          const p = get(n);
          for (const part of parts) {
            if (TYPE_WORDS[part]) p.type = TYPE_WORDS[part];
            else if (/^(all )?required$/.test(part)) p.required = true;
            else if (/^default /.test(part)) {
              p.hasDefault = true;
              p.default = seedValue(part.slice(8));
            } else throw new Error(`unknown annotation "${part}" in "${cell}"`);
          }
        }
        continue;
      }
      if (!/^\w+$/.test(token)) throw new Error(`cannot read parameter "${token}" in "${cell}"`);
      get(token);
      pending.push(token);
    }
  }
  return [...out.values()];
}

function add(routes: Routes, path: string, method: string, params: ParamSpec[] = []) {
  let m = routes.get(path);
  if (!m) {
    m = new Map();
    routes.set(path, m);
  }
  const have = m.get(method) ?? [];
  for (const p of params) if (!have.some((h) => h.name === p.name)) have.push(p);
  m.set(method, have);
}

/** Path parameters of a route from its braces, with what the seed says about them. */
function pathParams(path: string, known: ParamSpec[] = [], digits = false): ParamSpec[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => {
    const k = known.find((x) => x.name === m[1]);
    return { name: m[1], required: true, ...(digits ? { integer: true } : {}), ...(k ? { ...k, required: true } : {}) };
  });
}

/**
 * Split a section into blocks that start with a "`ns`:" (or "`ns` routes:") line, each with its list items
 * and the section's tables in order (the seed parser keeps a table's header line in the text).
 */
function blocks(num: string): { ns: string; first: string; items: string[]; tables: SeedTable[] }[] {
  const s = section(num);
  const out: { ns: string; first: string; items: string[]; tables: SeedTable[] }[] = [];
  let t = 0;
  for (const line of s.text.split('\n')) {
    const m = /^`([^`]+)`(?: routes)?:\s*(.*)$/.exec(line);
    if (m) {
      out.push({ ns: m[1], first: m[2], items: [], tables: [] });
      continue;
    }
    const cur = out[out.length - 1];
    if (!cur) continue;
    if (line.trim().startsWith('|')) cur.tables.push(s.tables[t++]);
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) cur.items.push(item[1]);
  }
  expect(t, `section ${num}: every table belongs to a namespace`).toBe(s.tables.length);
  return out;
}

const NS = /^[a-z]+(\/[a-z0-9.]+)+$/;

const roots = new Set<string>();
const slider = new Set<string>();
const namespaces = new Set<string>();
const routes: Routes = new Map();

// 4.7: namespaces from the opening sentence; ml/v1 bullet lists; st and tm tables; ate sentence.
{
  const s = section('4.7');
  const intro = s.text.split('\n').find((l) => /namespaces are written/.test(l))!;
  const nss = ticks(intro).filter((n) => NS.test(n));
  nss.forEach((n) => namespaces.add(n));
  if (/Each root answers GET/.test(s.text)) nss.forEach((n) => roots.add(n));
  for (const b of blocks('4.7')) {
    const base = `/${b.ns}/`;
    for (const item of b.items) {
      const m = /^(GET|POST) routes: (.*)\.$/.exec(item);
      if (!m) continue; // the vendor-named routes are not named, so they cannot be expected
      for (const tok of splitTop(m[2])) {
        const also = /^(\S+) \(also (\w+)\)$/.exec(tok);
        const name = also ? also[1] : tok;
        add(routes, base + name, m[1]);
        if (also) add(routes, base + name, also[2]);
      }
    }
    for (const t of b.tables) {
      for (const row of t.rows) {
        const methods = splitTop(row.Method);
        const paths = splitTop(row.Path);
        let cell = row.Parameters;
        let only: string | undefined;
        const pre = /^(GET|POST|PUT|PATCH|DELETE): (.*)$/.exec(strip(cell));
        if (pre) {
          only = pre[1];
          cell = pre[2];
        }
        const digits = /^path ids are digits$/.test(strip(cell));
        const ps = digits ? [] : parseParams(cell);
        for (const p of paths) {
          const full = base + p;
          const pathP = pathParams(full, ps, digits);
          const other = ps.filter((x) => !pathP.some((y) => y.name === x.name));
          for (const m of methods) add(routes, full, m, [...pathP, ...(!only || only === m ? other : [])]);
        }
      }
    }
    const accepts = /route (\S+) accepts (.+)\.$/.exec(b.first);
    if (accepts) for (const m of accepts[2].split(',').map((x) => x.trim())) add(routes, base + accepts[1], m);
  }
}

// 4.8: the builder table and the builderx sentence.
{
  const s = section('4.8');
  const intro = s.text.split('\n').find((l) => /namespaces, written/.test(l))!;
  const nss = ticks(intro).filter((n) => NS.test(n));
  nss.forEach((n) => namespaces.add(n));
  if (/Roots answer GET/.test(s.text)) nss.forEach((n) => roots.add(n));
  for (const b of blocks('4.8')) {
    const base = `/${b.ns}/`;
    for (const t of b.tables) {
      for (const row of t.rows) {
        for (const tok of splitTop(row.Methods)) {
          const m = /^([A-Z/]+)(?:\s*\((.*)\))?$/.exec(tok)!;
          const ps: ParamSpec[] = (m[2] ? splitTop(m[2]) : []).map((x) => {
            const d = /^`(\w+)` default (.+)$/.exec(x);
            const r = /^`(\w+)` required$/.exec(x);
            if (d) return { name: d[1], required: false, hasDefault: true, default: seedValue(d[2]) };
            if (r) return { name: r[1], required: true };
            throw new Error(`cannot read "${x}"`);
          });
          for (const p of splitTop(row.Path)) for (const meth of m[1].split('/')) add(routes, base + p, meth, ps);
        }
      }
    }
    for (const tok of splitTop(b.first.replace(/\.$/, ''))) {
      const m = /^(\S+) \(([A-Z, ]+)\)$/.exec(tok);
      if (m) for (const meth of m[2].split(',')) add(routes, base + m[1], meth.trim());
    }
  }
}

// 4.9: the slider sentence.
{
  const s = section('4.9');
  const ns = ticks(s.title)[0];
  namespaces.add(ns);
  if (/root/i.test(s.text)) roots.add(ns);
  const line = s.text.split('\n').find((l) => /^All (\w+):/.test(l))!;
  const method = /^All (\w+):/.exec(line)![1];
  const seen = new Map<string, ParamSpec>();
  for (const m of line.matchAll(/`([^`]+)`(?:\s*\(([^)]+)\))?/g)) {
    const path = m[1];
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((x) => {
      const spec: ParamSpec = { name: x[1], required: true, ...(m[2] ? phrasePattern(m[2]) : (seen.get(x[1]) ?? {})) };
      if (m[2]) seen.set(x[1], spec);
      return spec;
    });
    add(routes, path, method, params);
    slider.add(path);
  }
}

// 4.10: the table of other namespaces.
{
  const s = section('4.10');
  for (const row of s.tables[0].rows) {
    const ns = strip(row.Namespace);
    namespaces.add(ns);
    if (/Each of these namespaces has a root route/.test(s.text)) roots.add(ns);
    const ps = parseParams(row.Parameters);
    for (const p of splitTop(row.Route)) for (const m of splitTop(row.Methods)) add(routes, `/${ns}/${strip(p)}`, m, ps);
  }
}

// Namespace roots: GET with namespace (default the namespace) and context (default view), seed 2.1.
const rootRule = section('2.1')
  .text.split('\n')
  .find((l) => /namespace root route/.test(l))!;
const [rootP1, rootP2, rootCtxDefault] = ticks(rootRule).filter((x) => !x.includes('/') && !x.startsWith('{'));

// ------------------------------------------------------------------------------------------------
// Spec helpers

const doc = bundle();
const ops = operations(doc);
const inNs = (path: string) => [...namespaces].some((n) => path === `/${n}` || path.startsWith(`/${n}/`));
const addonOps = ops.filter((o) => inNs(o.path));
const isRoot = (o: Operation) => [...namespaces].some((n) => o.path === `/${n}`);

function bodyOf(o: Operation): { schema: Json; refs: string[] } | undefined {
  if (!o.op.requestBody) return undefined;
  const rb = deref(o.op.requestBody);
  const refs = ['application/json', 'application/x-www-form-urlencoded'].map((t) => rb.content?.[t]?.schema?.$ref);
  return { schema: deref(rb.content['application/json'].schema), refs };
}

function expectParam(where: string, schema: Json, spec: ParamSpec) {
  if (spec.integer) {
    expect(typesOf(schema), `${where}: digits -> integer`).toEqual(new Set(['integer']));
    expect(deref(schema).minimum, `${where}: minimum`).toBe(0);
  }
  if (spec.pattern) {
    expect(typesOf(schema), `${where}: pattern on a string`).toContain('string');
    expect(deref(schema).pattern, `${where}: pattern`).toBe(spec.pattern);
  }
  if (spec.type) expect(typesOf(schema), `${where}: type ${spec.type}`).toContain(spec.type);
  if (!spec.type && !spec.integer && !spec.pattern) {
    // The seed gives no type: the schema must not invent one (nor narrow the value otherwise).
    const s = deref(schema);
    for (const k of ['type', 'enum', 'const', 'format', 'pattern', 'minimum', 'maximum', 'properties'])
      expect(s[k], `${where}: untyped in the seed, so no ${k}`).toBeUndefined();
    expect(s.description, `${where}: says the type is not documented`).toMatch(/not documented/i);
  }
  if (spec.hasDefault) expect(deref(schema).default, `${where}: default`).toEqual(spec.default);
  if (spec.type === 'array') expect(deref(schema).items, `${where}: items`).toBeDefined();
}

// ------------------------------------------------------------------------------------------------

describe('add-on namespaces: what the seed lists', () => {
  it('the seed parses into the expected amounts', () => {
    expect(namespaces.size).toBe(13);
    expect(roots.size).toBe(12);
    expect(roots.has('slider')).toBe(false);
    expect(routes.size).toBeGreaterThan(100);
  });

  it("the spec has exactly the seed's routes and roots in these namespaces", () => {
    const expected = [...routes.keys(), ...[...roots].map((n) => `/${n}`)].sort();
    const actual = Object.keys(doc.paths).filter(inNs).sort();
    expect(actual).toEqual(expected);
  });

  for (const [path, methods] of routes) {
    describe(path, () => {
      it(`answers ${[...methods.keys()].join(', ')} and no other method`, () => {
        const have = ops
          .filter((o) => o.path === path)
          .map((o) => o.method.toUpperCase())
          .sort();
        expect(have).toEqual([...methods.keys()].sort());
      });

      for (const [method, specs] of methods) {
        it(`${method}: parameters ${specs.map((p) => `${p.name}${p.required ? '*' : ''}`).join(', ') || 'none'} (and i18n_language)`, () => {
          const o = ops.find((x) => x.path === path && x.method === method.toLowerCase())!;
          expect(o, `${method} ${path}`).toBeDefined();
          const pathSpecs = specs.filter((p) => path.includes(`{${p.name}}`));
          const other = specs.filter((p) => !path.includes(`{${p.name}}`));
          // path parameters
          const pathParams = o.params.filter((p: Json) => p.in === 'path');
          expect(pathParams.map((p: Json) => p.name).sort()).toEqual(pathSpecs.map((p) => p.name).sort());
          for (const spec of pathSpecs) {
            const p = pathParams.find((x: Json) => x.name === spec.name);
            expect(p.required).toBe(true);
            expectParam(`${method} ${path} {${spec.name}}`, p.schema, spec);
            if (spec.integer || spec.pattern) expect(p.description, `${spec.name} described`).toBeTruthy();
          }
          const query = o.params.filter((p: Json) => p.in === 'query' && p.name !== 'i18n_language');
          const body = bodyOf(o);
          if (method === 'GET' || method === 'DELETE') {
            expect(body, `${method} ${path}: no body`).toBeUndefined();
            expect(query.map((p: Json) => p.name).sort()).toEqual(other.map((p) => p.name).sort());
            for (const spec of other) {
              const p = query.find((x: Json) => x.name === spec.name);
              expect(!!p.required, `${spec.name} required`).toBe(spec.required);
              expectParam(`${method} ${path} ?${spec.name}`, p.schema, spec);
            }
          } else {
            expect(
              query.map((p: Json) => p.name),
              `${method} ${path}: fields go in the body`,
            ).toEqual([]);
            if (other.length === 0) {
              expect(body, `${method} ${path}: the seed lists no body field`).toBeUndefined();
              return;
            }
            expect(body, `${method} ${path}: body`).toBeDefined();
            expect(body!.refs[0], 'JSON body by $ref').toMatch(/^#\/components\/schemas\/Addon/);
            expect(body!.refs[1], 'form body has the same schema').toBe(body!.refs[0]);
            expect(Object.keys(body!.schema.properties).sort()).toEqual(other.map((p) => p.name).sort());
            expect([...(body!.schema.required ?? [])].sort()).toEqual(
              other
                .filter((p) => p.required)
                .map((p) => p.name)
                .sort(),
            );
            for (const spec of other) expectParam(`${method} ${path} body.${spec.name}`, body!.schema.properties[spec.name], spec);
            expect(!!deref(o.op.requestBody).required).toBe(other.some((p) => p.required));
          }
        });
      }
    });
  }

  it('POST, PUT and PATCH of one route share one request body component', () => {
    for (const path of routes.keys()) {
      const bodies = ops.filter((o) => o.path === path && ['post', 'put', 'patch'].includes(o.method) && o.op.requestBody).map((o) => o.op.requestBody.$ref);
      if (bodies.length > 1) expect(new Set(bodies).size, path).toBe(1);
    }
  });

  it("the seed's duplicate POST of font-library is one operation, and the merge is stated", () => {
    const row = section('4.8').tables[0].rows.find((r) => r.Path === 'font-library')!;
    const posts = splitTop(row.Methods)
      .flatMap((t) => /^([A-Z/]+)/.exec(t)![1].split('/'))
      .filter((m) => m === 'POST');
    expect(posts.length).toBe(2);
    const o = ops.find((x) => x.path === '/builder/v1/font-library' && x.method === 'post')!;
    expect(o.op.description).toMatch(/POST twice/);
    expect(o.op.description).toMatch(/merged/);
  });

  it("keeps the seed's spellings (tranlsation-proxy next to translation-proxy)", () => {
    expect(doc.paths['/ml/v1/tranlsation-proxy/getlastpickedup']).toBeDefined();
    expect(doc.paths['/ml/v1/translation-proxy/getRemoteJobsCount']).toBeDefined();
  });
});

describe('add-on namespaces: roots', () => {
  for (const ns of roots) {
    it(`GET /${ns} takes ${rootP1} (default ${ns}) and ${rootP2} (default ${rootCtxDefault}), is public and answers a NamespaceIndex with a valid example`, () => {
      const o = ops.find((x) => x.path === `/${ns}` && x.method === 'get')!;
      expect(o, `GET /${ns}`).toBeDefined();
      expect(ops.filter((x) => x.path === `/${ns}`).length).toBe(1);
      const p1 = o.params.find((p: Json) => p.name === rootP1 && p.in === 'query');
      const p2 = o.params.find((p: Json) => p.name === rootP2 && p.in === 'query');
      expect(p1.schema.default).toBe(ns);
      expect(p2.schema.default).toBe(rootCtxDefault);
      expect(o.op.security).toEqual(PUBLIC);
      const media = deref(o.op.responses['200']).content['application/json'];
      expect(media.schema.$ref).toBe('#/components/schemas/NamespaceIndex');
      const exs = Object.values<Json>(media.examples ?? {}).map((e) => deref(e));
      expect(exs.length).toBeGreaterThan(0);
      for (const e of exs) {
        expect(check(media.schema, e.value, { strict: true })).toEqual([]);
        expect(e.value.namespace).toBe(ns);
        for (const [route, entry] of Object.entries<Json>(e.value.routes)) {
          expect(entry.namespace).toBe(ns);
          const plain = route.replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
          expect(plain === `/${ns}` || routes.get(plain)?.size, `example route ${route} is a seed route`).toBeTruthy();
          expect(entry.methods.sort()).toEqual(plain === `/${ns}` ? ['GET'] : [...routes.get(plain)!.keys()].sort());
        }
      }
    });
  }

  it('the slider has no namespace root', () => {
    for (const ns of namespaces) if (!roots.has(ns)) expect(doc.paths[`/${ns}`], `/${ns}`).toBeUndefined();
  });

  it('the ml/v1 root says the vendor-named routes are left out', () => {
    const item = section('4.7').items.find((x) => /vendor's name/.test(x))!;
    expect(item).toBeTruthy();
    const d = ops.find((x) => x.path === '/ml/v1')!.op.description;
    expect(d).toMatch(/vendor's name/);
    expect(d).toMatch(/left out/);
  });

  it('the ml/v1 root names the namespaces the seed names and says the seventeenth is not named', () => {
    const count = /(\d+) namespace names/.exec(section('2.1').tables[0].rows.find((r) => r.Field === 'namespaces')!.Meaning)![1];
    const named = new Set<string>(ticks(section('2.1').tables[0].rows.find((r) => r.Field === 'namespaces')!.Meaning));
    for (const s of ['4.1', '4.3', '4.4', '4.9']) ticks(section(s).title).forEach((n) => named.add(n));
    namespaces.forEach((n) => named.add(n));
    const d = ops.find((x) => x.path === '/ml/v1')!.op.description;
    expect(d).toContain(`lists ${count} namespaces`);
    expect(d).toContain(`names ${named.size} of them`);
    for (const n of named) expect(d).toContain(`\`${n}\``);
    expect(Number(count) - named.size).toBe(1);
  });
});

describe('add-on namespaces: every operation', () => {
  it('every operation takes i18n_language', () => {
    for (const o of addonOps)
      expect(
        o.params.some((p: Json) => p.name === 'i18n_language' && p.in === 'query'),
        `${o.method} ${o.path}`,
      ).toBe(true);
  });

  it('an answer no fact gives is the one shared undocumented response, marked x-undocumented-body (the others: addon-answers.test.ts)', () => {
    const undocumented = addonOps.filter((x) => !isRoot(x) && x.op.responses['200'].$ref === '#/components/responses/AddonUndocumented');
    expect(undocumented.length).toBeGreaterThan(0);
    for (const o of undocumented) expect(o.op.description, `${o.method} ${o.path}`).toMatch(/described\s+only\s+as\s+JSON/);
    const r = doc.components.responses.AddonUndocumented;
    expect(r.content['application/json']['x-undocumented-body']).toBe(true);
    expect(r.content['application/json'].schema.type).toBeUndefined();
    expect(r.content['application/json'].examples).toBeUndefined();
    expect(r.description).toMatch(/does not document this body/);
  });

  it('every operation answers 404 rest_no_route (the add-on may be missing) and 400 (it takes i18n_language)', () => {
    for (const o of addonOps) {
      expect(o.op.responses['404'], `${o.method} ${o.path}`).toBeDefined();
      expect(o.op.responses['400'], `${o.method} ${o.path}`).toBeDefined();
    }
  });

  it('administrative routes require credentials; roots, slider reads, the theme mail form, the installer push and the editor job receiver are public', () => {
    const publicRoutes = ['/theme/v1/send-mail', '/installer/v1/push/fetch-subscription', '/ml/tm/v1/ate/jobs/receive/{mlJobId}'];
    for (const o of addonOps) {
      const pub = isRoot(o) || slider.has(o.path) || publicRoutes.includes(o.path);
      // Required: both schemes where a capability is all the add-on checks, the cookie alone where it checks the nonce (D191).
      if (pub) expect(o.op.security, `${o.method} ${o.path}`).toEqual(PUBLIC);
      else expect([REQUIRED, [{ 'cookie-nonce': [] }]], `${o.method} ${o.path}`).toContainEqual(o.op.security);
      if (!pub) for (const c of ['401', '403']) expect(o.op.responses[c], `${o.method} ${o.path} ${c}`).toBeDefined();
      expect(o.op.description, `${o.method} ${o.path} states why`).toMatch(pub ? /Public/ : /Administrative/);
    }
  });

  it('every request body example validates against its schema (JSON and form)', () => {
    let n = 0;
    for (const o of addonOps.filter((x) => x.op.requestBody)) {
      for (const [type, media] of Object.entries<Json>(deref(o.op.requestBody).content)) {
        const exs = Object.values<Json>(media.examples ?? {}).map((e) => deref(e));
        expect(exs.length, `${o.method} ${o.path} ${type}`).toBeGreaterThan(0);
        for (const e of exs) {
          expect(check(media.schema, e.value, { strict: true }), `${o.method} ${o.path}`).toEqual([]);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(0);
  });

  it('operationIds are unique and prefixed by namespace', () => {
    const ids = addonOps.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = ops.map((o) => o.id);
    for (const id of ids) expect(all.filter((x) => x === id).length, id).toBe(1);
  });
});

describe('lint exceptions and seed reading', () => {
  it('.redocly.lint-ignore.yaml ignores only no-ambiguous-paths, only for seed routes of ml/tm/v1 and the global styles of core/v2', () => {
    const ignore = parse(readFileSync(join(ROOT, '.redocly.lint-ignore.yaml'), 'utf8'));
    expect(Object.keys(ignore)).toEqual(['openapi/openapi.yaml']);
    expect(Object.keys(ignore['openapi/openapi.yaml'])).toEqual(['no-ambiguous-paths']);
    const paths = (ignore['openapi/openapi.yaml']['no-ambiguous-paths'] as string[]).map((ptr) => ptr.replace(/^#\/paths\//, '').replace(/~1/g, '/'));
    const seed = paths.filter((path) => path.startsWith('/ml/tm/v1/'));
    expect(seed.length).toBeGreaterThan(0);
    for (const path of seed) expect(routes.has(path), path).toBe(true);
    // Beyond the seed (D228): WordPress's `global-styles/{parent}/revisions` takes digits, so it never meets `themes/…`.
    expect(paths.filter((path) => !seed.includes(path))).toEqual(['/core/v2/global-styles/themes/{stylesheet}']);
  });

  it('every seed method word is known', () => {
    for (const m of routes.values()) for (const k of m.keys()) expect(METHOD_WORDS).toContain(k);
  });
});
