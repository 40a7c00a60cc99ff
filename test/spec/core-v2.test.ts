// The core content namespace (core/v2) against the seed: every route of 4.4 (posts, and by the seed's
// own rule pages, media and menu items), every common list parameter of 4.4.1 with its type, default,
// bounds and enum per resource, the per-resource extras, the single-item, revision and autosave
// parameters of 4.4.2, the media extras of 4.5, the menu-item create fields of 4.6, the writable fields,
// structures and enumerations of 2.6, the states of section 3 and the limits of section 8, all derived
// from the seed text. Every example of these operations validates against its schema (strictly for
// responses: no undocumented field).
import { describe, expect, it } from 'vitest';
import { section, ticks } from '../support/seed.js';
import { bundle, deref, operation, operations, requestSchema, type Json, type Operation, typesOf } from '../support/spec.js';
import { check } from '../support/validate.js';

const strip = (s: string) => s.replace(/`/g, '').trim();
const list = (s: string) =>
  s
    .split(/,|\bor\b|\band\b/)
    .map(strip)
    .filter(Boolean);

/** A property of an object schema (through $ref, allOf and the object branch of oneOf/anyOf). */
function prop(schema: Json, name: string): Json {
  const s = deref(schema);
  if (s?.properties?.[name]) return deref(s.properties[name]);
  for (const k of ['allOf', 'oneOf', 'anyOf'])
    for (const m of s?.[k] ?? []) {
      const p = prop(m, name);
      if (p) return p;
    }
  return undefined;
}
/** The branches of a oneOf/anyOf, resolved. */
const branches = (schema: Json): Json[] => {
  const s = deref(schema);
  return (s.oneOf ?? s.anyOf ?? [s]).map((b: Json) => deref(b));
};
const requiredOf = (schema: Json): string[] => {
  const s = deref(schema);
  return [...(s?.required ?? []), ...(s?.allOf ?? []).flatMap((m: Json) => deref(m).required ?? [])];
};
const propNames = (schema: Json): string[] => {
  const s = deref(schema);
  return [...Object.keys(s?.properties ?? {}), ...(s?.allOf ?? []).flatMap((m: Json) => Object.keys(deref(m).properties ?? {}))];
};

const param = (o: Operation, name: string, where = 'query'): Json => o.params.find((p: Json) => p.name === name && p.in === where);
const pschema = (o: Operation, name: string, where = 'query'): Json => {
  const p = param(o, name, where);
  expect(p, `${o.method.toUpperCase()} ${o.path}: parameter ${name}`).toBeDefined();
  return deref(p.schema);
};
const num = (s: string) => (/^-?\d+$/.test(s) ? Number(s) : s);
const responseSchema = (o: Operation, code: string | number) => deref(deref(o.op.responses[String(code)]).content['application/json'].schema);

// ------------------------------------------------------------------ seed-derived resources
/** "Pages use the same shapes under `/core/v2/pages`, and media under `/core/v2/media` (no revisions or autosaves). Menu items use `/core/v2/menu-items`." */
const RESOURCES = (() => {
  const text = section('4.4').text;
  const bases = [...text.matchAll(/`(\/core\/v2\/[\w-]+)`/g)].map((m) => m[1]);
  return {
    posts: '/core/v2/posts',
    pages: bases.find((b) => b.endsWith('/pages'))!,
    media: bases.find((b) => b.endsWith('/media'))!,
    menuItems: bases.find((b) => b.endsWith('/menu-items'))!,
  };
})();
const LIST_OF: Record<string, string> = { posts: RESOURCES.posts, pages: RESOURCES.pages, media: RESOURCES.media, 'menu items': RESOURCES.menuItems };
/** Resource words in seed cells ("Posts, pages, media only", "Pages, media", "Menu items") -> list paths. */
function resourcesIn(cell: string): string[] {
  const c = cell.toLowerCase();
  return Object.entries(LIST_OF)
    .filter(([word]) => c.includes(word) || c.includes(word.replace(/s$/, '')))
    .map(([, p]) => p);
}
const listOp = (path: string) => operation('get', path);
const CORE_OPS = () => operations().filter((o) => o.path === '/core/v2' || o.path.startsWith('/core/v2/'));
/** The core operations the seed describes (those beyond it carry `x-beyond-seed: true`). */
const SEED_CORE_OPS = () => CORE_OPS().filter((o) => o.op['x-beyond-seed'] !== true);

describe('routes (seed 4.4, 4.5, 4.6)', () => {
  const rows = section('4.4').tables[0].rows;
  it('the seed lists the post routes', () => expect(rows.length).toBeGreaterThanOrEqual(6));

  const methodsOf = (cell: string) =>
    cell
      .split(/[,/]/)
      .map((m) => m.trim().toLowerCase())
      .filter(Boolean);
  for (const row of rows) {
    for (const [name, base] of Object.entries(RESOURCES)) {
      const path = row.Path.replace('/core/v2/posts', base);
      const subroute = /revisions|autosaves/.test(row.Path);
      if (name === 'menuItems' && subroute) continue; // the seed names only the menu-item collection and item routes
      if (name === 'media' && subroute) {
        it(`media has no ${path}`, () => expect(bundle().paths[path]).toBeUndefined());
        continue;
      }
      it(`${row.Method} ${path}`, () => {
        for (const m of methodsOf(row.Method)) expect(() => operation(m, path), `${m} ${path}`).not.toThrow();
      });
    }
  }

  for (const row of section('4.5').tables[0].rows) it(`${row.Method} ${row.Path}`, () => expect(() => operation(row.Method, row.Path)).not.toThrow());

  it('the namespace root answers GET with namespace (default core/v2) and context (default view) (seed 2.1)', () => {
    const o = operation('get', '/core/v2');
    expect(pschema(o, 'namespace').default).toBe('core/v2');
    expect(pschema(o, 'context').default).toBe('view');
    expect(deref(deref(o.op.responses['200']).content['application/json'].schema).title).toBe('NamespaceIndex');
  });

  it('every core operation takes _fields, _embed, _envelope and i18n_language (seed 4.3)', () => {
    for (const o of CORE_OPS()) for (const n of ['_fields', '_embed', '_envelope', 'i18n_language']) expect(param(o, n), `${o.id} ${n}`).toBeDefined();
  });

  it('array query parameters are comma lists (style form, explode false)', () => {
    for (const o of CORE_OPS())
      for (const p of o.params)
        if (p.in === 'query' && typesOf(p.schema).has('array')) expect([p.style ?? 'form', p.explode], `${o.id} ${p.name}`).toEqual(['form', false]);
  });
});

describe('common list parameters (seed 4.4.1)', () => {
  const [common, extras] = section('4.4.1').tables;
  const paths = Object.values(LIST_OF);

  it('the seed tables are there', () => {
    expect(common.rows.length).toBeGreaterThanOrEqual(15);
    expect(extras.rows.length).toBeGreaterThanOrEqual(10);
  });

  for (const row of common.rows) {
    const names = row.Parameter.split(',').map(strip);
    for (const name of names) {
      it(`${name}: ${row.Type}; ${row['Default / bounds']} (${row.Meaning})`, () => {
        const only = /only$/i.test(row.Meaning) ? resourcesIn(row.Meaning.replace(/only$/i, '')) : paths;
        for (const path of paths) {
          const o = listOp(path);
          const p = param(o, name);
          if (!only.includes(path)) {
            expect(p, `${path} has no ${name}`).toBeUndefined();
            continue;
          }
          expect(p, `${path} ${name}`).toBeDefined();
          const s = deref(p.schema);
          const t = row.Type.toLowerCase();
          if (/array of integer/.test(t)) {
            expect(typesOf(s)).toContain('array');
            expect(typesOf(s.items)).toContain('integer');
          } else if (/array of string/.test(t)) {
            expect(typesOf(s)).toContain('array');
            expect(typesOf(s.items)).toContain('string');
          } else if (t === 'array') expect(typesOf(s)).toContain('array');
          else if (t === 'date-time') expect(deref(s).pattern ?? deref(s).format, `${name} is a date-time`).toBeTruthy();
          else expect(typesOf(s), `${path} ${name} type`).toContain(t);
          // Default and bounds: "10 (menu items 100), min 1, max 100", "desc (menu items asc); asc or desc", "publish (media: inherit)", "[]", "`exact` is the only value".
          const cell = row['Default / bounds'];
          for (const part of cell
            .split(';')
            .map((x) => x.trim())
            .filter(Boolean)) {
            if (/^one of /.test(part) || / or /.test(part)) {
              expect([...(s.enum ?? s.items?.enum ?? [])].sort()).toEqual(list(part.replace(/^one of /, '')).sort());
              continue;
            }
            if (/is the only value/.test(part)) {
              expect(s.enum).toEqual(ticks(part));
              continue;
            }
            if (/^items /.test(part)) {
              expect([...deref(s.items).enum].sort()).toEqual(list(part.replace(/^items /, '')).sort());
              continue;
            }
            if (/values in section 3/.test(part)) continue; // checked with section 3 below
            for (const sub of part
              .split(/,(?![^(]*\))/)
              .map((x) => x.trim())
              .filter(Boolean)) {
              const bound = /^(min|max) (\d+)$/.exec(sub);
              const dflt = /^`?([\w[\]-]+)`?(?: \((?:([\w ]+?):? (\w+))\))?$/.exec(sub);
              if (bound) expect(s[bound[1] === 'min' ? 'minimum' : 'maximum'], `${path} ${name} ${sub}`).toBe(Number(bound[2]));
              else if (dflt) {
                const special = dflt[2] && resourcesIn(dflt[2]).includes(path) ? dflt[3] : dflt[1];
                const expected = special === '[]' ? [] : num(special);
                const actual = Array.isArray(s.default) && !Array.isArray(expected) ? s.default[0] : s.default;
                expect(actual, `${path} ${name} default (${sub})`).toEqual(expected);
              } else throw new Error(`cell part not understood: ${sub}`);
            }
          }
          if (cell.trim() === '') expect(s.default, `${path} ${name} has no default`).toBeUndefined();
        }
      });
    }
  }

  it('orderby values per resource (posts and media the list; pages and menu items add menu_order)', () => {
    const text = section('4.4.1').text;
    const values = ticks(
      /`orderby` values: ([^\n]+)/
        .exec(text)![1]
        .split('.')[0]
        .replace(/([\w_]+)/g, '`$1`'),
    ).filter((v) => v !== 'values');
    const line = /`orderby` values: [^\n]+/.exec(text)![0];
    const base = line
      .slice(line.indexOf(':') + 1)
      .split('.')[0]
      .split(',')
      .map(strip);
    expect(values.length).toBeGreaterThan(0);
    const adders = resourcesIn(/\. ([^.]+) add menu_order/.exec(line)![1]);
    for (const path of paths) {
      const e = [...pschema(listOp(path), 'orderby').enum].sort();
      expect(e, path).toEqual([...base, ...(adders.includes(path) ? ['menu_order'] : [])].sort());
    }
    expect(adders).not.toContain(RESOURCES.media);
  });

  for (const row of extras.rows) {
    const names = row.Parameter.split(',').map(strip);
    it(`${row.Resource}: ${row.Parameter} (${row.Type})`, () => {
      const types = row.Type.split(';').map((x) => x.trim());
      for (const path of resourcesIn(row.Resource)) {
        names.forEach((name, i) => {
          const s = pschema(listOp(path), name);
          const t = (names.length > 1 && types.length === names.length ? types[i] : row.Type).toLowerCase();
          if (/^and or or$/.test(t)) expect([...s.enum].sort()).toEqual(['AND', 'OR']);
          else if (/integer array, or object|term filter/.test(t)) {
            const [ids, obj] = branches(s);
            expect(typesOf(ids)).toContain('array');
            expect(typesOf(ids.items)).toContain('integer');
            expect(obj.type).toBe('object');
            expect(typesOf(obj.properties.terms.items)).toContain('integer');
            const exclude = name.endsWith('_exclude');
            const hierarchical = name.startsWith('categories'); // "include_children ... categories only"
            expect(!!obj.properties.include_children, `${name} include_children`).toBe(hierarchical);
            if (hierarchical) expect(obj.properties.include_children.default).toBe(false);
            expect(!!obj.properties.operator, `${name} operator (not on exclude)`).toBe(!exclude);
            if (!exclude) {
              expect(obj.properties.operator.enum).toEqual(['AND', 'OR']);
              expect(obj.properties.operator.default).toBe('OR');
            }
            expect(param(listOp(path), name).description).toMatch(/\[terms\]/);
          } else if (/^boolean, default (\w+)$/.test(t)) {
            expect(s.type).toBe('boolean');
            expect(s.default).toBe(/default (\w+)/.exec(t)![1] === 'true');
          } else if (t === 'boolean') {
            expect(s.type).toBe('boolean');
            expect(s.default).toBeUndefined();
          } else if (/array of format values, unique/.test(t)) {
            const formats = section('2.6').tables[1].rows.find((r) => strip(r.Field) === 'format')!['Allowed values'];
            expect(s.uniqueItems).toBe(true);
            expect([...deref(s.items).enum].sort()).toEqual(list(formats).sort());
          } else if (t === 'integer') expect(s.type).toBe('integer');
          else if (t === 'array of integer') {
            expect(s.type).toBe('array');
            expect(s.items.type).toBe('integer');
          } else if (/default null/.test(t)) {
            expect(s.default).toBeNull();
            expect(typesOf(s)).toContain('null');
            const values = t.replace(/; default null/, '');
            if (values.startsWith('string')) expect(typesOf(s)).toContain('string');
            // From WordPress 6.9 a list is accepted too (a oneOf of the scalar and a list): the seed's values are the scalar's.
            else
              expect([...(s.enum ?? deref(s.oneOf.find((m: Json) => deref(m).enum)).enum)].filter((x: Json) => x !== null).sort()).toEqual(list(values).sort());
          } else throw new Error(`type not understood: ${t}`);
        });
      }
    });
  }

  it('status filters take the list-filter values of section 3', () => {
    const states = section('3').tables[0].rows;
    const postsFilter = list(states.find((r) => /list filter/.test(r.Resource) && /Post/.test(r.Resource))!['States shown']);
    const mediaFilter = list(states.find((r) => /^Media/.test(r.Resource))!['States shown']);
    for (const path of [RESOURCES.posts, RESOURCES.pages, RESOURCES.menuItems])
      expect([...deref(pschema(listOp(path), 'status').items).enum].sort(), path).toEqual(postsFilter.sort());
    expect([...deref(pschema(listOp(RESOURCES.media), 'status').items).enum].sort()).toEqual(mediaFilter.sort());
  });

  it('newer parameters are marked with x-since and optional', () => {
    for (const [path, name] of [
      [RESOURCES.posts, 'search_semantics'],
      [RESOURCES.posts, 'search_columns'],
      [RESOURCES.posts, 'ignore_sticky'],
      [RESOURCES.posts, 'format'],
    ]) {
      const p = param(listOp(path), name);
      expect(p['x-since'], name).toMatch(/^WordPress 6\.\d$/);
      expect(p.required ?? false).toBe(false);
    }
  });
});

describe('single item, revisions and autosaves (seed 4.4.2)', () => {
  const items = section('4.4.2').items;
  const bullet = (start: string) => {
    const b = items.find((x) => x.startsWith(start));
    if (!b) throw new Error(`no 4.4.2 bullet ${start}`);
    return b;
  };
  /** "`name` (attrs)" pairs of a bullet. */
  const named = (text: string): [string, string][] => [...text.matchAll(/`(\w+)`(?: \(([^)]*)\))?/g)].map((m) => [m[1], m[2] ?? '']);

  it('GET item: id, context (enum, default view), excerpt_length and password on posts and pages only', () => {
    for (const [name, attrs] of named(bullet('GET item'))) {
      for (const [res, base] of Object.entries(RESOURCES)) {
        const o = operation('get', `${base}/{id}`);
        if (name === 'id') {
          expect(typesOf(pschema(o, 'id', 'path'))).toContain('integer');
          continue;
        }
        const only = /posts and pages/.test(attrs);
        if (only && !['posts', 'pages'].includes(res)) {
          expect(param(o, name), `${base} has no ${name}`).toBeUndefined();
          continue;
        }
        const s = pschema(o, name);
        const t = attrs.split(';')[0].trim();
        if (/default (\w+)/.test(attrs)) {
          expect([...s.enum].sort()).toEqual(list(t).sort());
          expect(s.default).toBe(/default (\w+)/.exec(attrs)![1]);
        } else expect(typesOf(s)).toContain(t);
      }
    }
  });

  it('DELETE: id, force (boolean, default false) on posts, pages, media and menu items (seed 3 deletion rule 1)', () => {
    const [, attrs] = named(bullet('DELETE')).find(([n]) => n === 'force')!;
    expect(section('3').items[0]).toContain('(boolean, default false)');
    for (const base of Object.values(RESOURCES)) {
      const s = pschema(operation('delete', `${base}/{id}`), 'force');
      expect(s.type).toBe(attrs.split(',')[0]);
      expect(s.default).toBe(false);
    }
  });

  it('create and update take the writable fields, all optional; POST, PUT and PATCH share one body with JSON and form', () => {
    expect(bullet('Update')).toMatch(/all optional/);
    expect(bullet('Create')).toMatch(/all optional/);
    for (const base of Object.values(RESOURCES)) {
      const post = operation('post', `${base}/{id}`);
      for (const m of ['put', 'patch']) expect(operation(m, `${base}/{id}`).op.requestBody).toEqual(post.op.requestBody);
      expect(requestSchema(post, 'application/x-www-form-urlencoded')).toEqual(requestSchema(post));
      expect(requiredOf(requestSchema(post))).toEqual([]);
      if (base !== RESOURCES.media) expect(requiredOf(requestSchema(operation('post', base)))).toEqual([]);
    }
    expect(operation('post', RESOURCES.posts).op.requestBody).toEqual(operation('post', `${RESOURCES.posts}/{id}`).op.requestBody);
    expect(operation('post', RESOURCES.pages).op.requestBody).toEqual(operation('post', `${RESOURCES.pages}/{id}`).op.requestBody);
  });

  it('revisions list: parent, context, page (default 1, min 1), per_page (min 1, max 100, no default), search, exclude, include, offset, order, orderby', () => {
    for (const base of [RESOURCES.posts, RESOURCES.pages]) {
      const o = operation('get', `${base}/{parent}/revisions`);
      for (const [name, attrs] of named(bullet('Revisions list'))) {
        if (name === 'parent') {
          expect(param(o, 'parent', 'path')?.required).toBe(true);
          continue;
        }
        const s = pschema(o, name);
        const mDefault = /default (\w+)/.exec(attrs);
        if (mDefault) expect(s.default, `${name} default`).toEqual(num(mDefault[1]));
        if (/no default/.test(attrs)) expect(s.default, `${name} has no default`).toBeUndefined();
        for (const [, k, v] of attrs.matchAll(/(min|max) (\d+)/g)) expect(s[k === 'min' ? 'minimum' : 'maximum']).toBe(Number(v));
        if (name === 'orderby') expect([...s.enum].sort()).toEqual(list(attrs.split(';')[0]).sort());
      }
    }
  });

  it('revision GET: parent, id, context; DELETE: parent, id, force (must be true, seed 3 rule 2), 403 on a stock site', () => {
    expect(section('3').items[1]).toMatch(/requires `force` true/);
    for (const base of [RESOURCES.posts, RESOURCES.pages]) {
      const route = `${base}/{parent}/revisions/{id}`;
      const get = operation('get', route);
      expect(param(get, 'parent', 'path')).toBeDefined();
      expect(param(get, 'id', 'path')).toBeDefined();
      expect(pschema(get, 'context').default).toBe('view');
      const del = operation('delete', route);
      const force = param(del, 'force');
      expect(force.required).toBe(true);
      expect(deref(force.schema).enum).toEqual([true]);
      const forbidden = deref(del.op.responses['403']);
      expect(forbidden.description).toMatch(/stock site/);
      expect(Object.values<Json>(forbidden.content['application/json'].examples).map((e) => deref(e).value.code)).toContain('rest_cannot_delete');
    }
  });

  it('autosaves GET: parent, context; POST: parent plus the writable fields of the parent type (200, not 201)', () => {
    for (const base of [RESOURCES.posts, RESOURCES.pages]) {
      const lst = operation('get', `${base}/{id}/autosaves`);
      expect(pschema(lst, 'context').default).toBe('view');
      const one = operation('get', `${base}/{parent}/autosaves/{id}`);
      expect(param(one, 'parent', 'path')).toBeDefined();
      expect(pschema(one, 'context').default).toBe('view');
      const create = operation('post', `${base}/{id}/autosaves`);
      const body = requestSchema(create);
      const parentBody = requestSchema(operation('post', `${base}/{id}`));
      for (const f of propNames(parentBody)) expect(prop(body, f), `${base} autosave ${f}`).toBeDefined();
      expect(prop(body, 'parent')).toBeDefined();
      expect(Object.keys(create.op.responses)).toContain('200');
      expect(Object.keys(create.op.responses)).not.toContain('201');
    }
    expect(param(operation('get', `${RESOURCES.posts}/{id}/autosaves`), 'parent')).toBeDefined();
  });
});

describe('media extras (seed 4.5)', () => {
  const [pp, edit] = section('4.5').tables[0].rows;

  it(`post-process: ${pp.Parameters}`, () => {
    const body = requestSchema(operation('post', pp.Path));
    expect(requiredOf(body)).toContain('action');
    expect(prop(body, 'action').enum).toEqual(ticks(pp.Parameters));
  });

  it(`edit: ${edit.Parameters}`, () => {
    const body = requestSchema(operation('post', edit.Path));
    expect(prop(body, 'src').format).toBe('uri');
    expect(requiredOf(body)).toContain('src');
    const modifiers = prop(body, 'modifiers');
    expect(modifiers.type).toBe('array');
    expect(modifiers.minItems).toBe(Number(/at least (\d+)/.exec(edit.Parameters)![1]));
    const deprecated = list(/deprecated ([\w, ]+)$/.exec(edit.Parameters)![1]);
    const rule = section('4.5').text;
    for (const d of deprecated) {
      const s = prop(body, d);
      expect(s.deprecated, d).toBe(true);
      if (d === 'rotation') {
        expect(s.type).toBe('integer');
        expect(rule).toMatch(/greater than 0 and less than 360/);
        expect([s.exclusiveMinimum, s.exclusiveMaximum]).toEqual([0, 360]);
      } else {
        expect(s.type).toBe('number');
        expect(rule).toMatch(/numbers, 0 to 100/);
        expect([s.minimum, s.maximum]).toEqual([0, 100]);
      }
    }
  });

  it('modifier items: type and args required; rotate needs args.angle, crop args.left/top/width/height (numbers)', () => {
    const item = deref(prop(requestSchema(operation('post', edit.Path)), 'modifiers').items);
    for (const bulletText of section('4.5').items) {
      const [type, ...args] = ticks(bulletText).filter((t) => t !== 'type');
      const b = branches(item).find((x) => deref(x.properties.type).const === type)!;
      expect(b, type).toBeDefined();
      expect(b.required).toEqual(['type', 'args']);
      const a = deref(b.properties.args);
      const names = args.map((x) => x.replace('args.', ''));
      expect([...a.required].sort()).toEqual(names.sort());
      for (const n of names) expect(a.properties[n].type).toBe('number');
    }
  });

  it('upload takes a raw body (with Content-Disposition) or multipart with a file part; answers Location and X-WP-Upload-Attachment-ID', () => {
    const o = operation('post', RESOURCES.media);
    const content = deref(o.op.requestBody).content;
    expect(Object.keys(content)).toEqual(expect.arrayContaining(['application/octet-stream', 'image/*', 'multipart/form-data']));
    expect(requiredOf(content['multipart/form-data'].schema)).toContain('file');
    expect(param(o, 'Content-Disposition', 'header').description).toMatch(/filename/);
    for (const route of [RESOURCES.media, `${RESOURCES.media}/{id}/edit`])
      expect(Object.keys(deref(operation('post', route).op.responses['201']).headers)).toEqual(
        expect.arrayContaining(['Location', 'X-WP-Upload-Attachment-ID']),
      );
  });
});

describe('menu items (seed 4.6)', () => {
  const text = section('4.6').text;
  it('create: title (string or object with raw and rendered), type (enum, default custom), status (default publish)', () => {
    const body = requestSchema(operation('post', RESOURCES.menuItems));
    const title = prop(body, 'title');
    expect(typesOf(title)).toEqual(new Set(['string', 'object']));
    for (const k of ['raw', 'rendered']) expect(text).toContain(k);
    expect(prop(title, 'raw')).toBeDefined();
    expect(prop(title, 'rendered').readOnly).toBe(true);
    const typeLine = /`type` \(([^;]+); default (\w+)\)/.exec(text)!;
    expect([...prop(body, 'type').enum].sort()).toEqual(list(typeLine[1]).sort());
    expect(prop(body, 'type').default).toBe(typeLine[2]);
    expect(prop(body, 'status').default).toBe(/`status` \(default (\w+)\)/.exec(text)![1]);
    for (const f of ['url', 'menus', 'parent', 'menu_order', 'object', 'object_id', 'target', 'classes', 'xfn', 'attr_title', 'description'])
      expect(prop(body, f), f).toBeDefined();
  });

  it('menu items are not public: anonymous reads answer 401 rest_cannot_view', () => {
    for (const route of [RESOURCES.menuItems, `${RESOURCES.menuItems}/{id}`]) {
      const o = operation('get', route);
      expect(o.op.security.some((s: Json) => Object.keys(s).length === 0)).toBe(false);
      const codes = Object.values<Json>(deref(o.op.responses['401']).content['application/json'].examples).map((e) => deref(e).value.code);
      expect(codes).toContain('rest_cannot_view');
    }
  });
});

describe('records (seed 2.6)', () => {
  const s26 = section('2.6');
  const [structures, enums] = s26.tables;
  const fieldsOf = (start: string) =>
    s26.items
      .find((x) => x.startsWith(start))!
      .replace(/^[^:]+:/, '')
      .replace(/\([^)]*\)/g, '')
      .replace(/\.\s*$/, '')
      .split(',')
      .map(strip)
      .filter(Boolean);
  const writeBody = (path: string) => requestSchema(operation('post', `${path}/{id}`));

  it('post, page and media write bodies have exactly the writable fields of 2.6', () => {
    const post = fieldsOf('Post:');
    expect([...propNames(writeBody(RESOURCES.posts))].sort()).toEqual([...post].sort());
    const pageLine = s26.items.find((x) => x.startsWith('Page:'))!;
    const without = list(/without ([^;]+);/.exec(pageLine)![1]);
    const plus = ticks(pageLine).length ? ticks(pageLine) : list(/plus ([^.]+)/.exec(pageLine)![1].replace(/\([^)]*\)/g, ''));
    // The seed's page is the post without some fields plus fields of its own: both parts are read,
    // each names post fields (without) or new ones (plus), and the page body is exactly that.
    expect(without.length, 'the fields a page lacks').toBeGreaterThan(0);
    expect(
      without.filter((f) => !post.includes(f)),
      'a page lacks only post fields',
    ).toEqual([]);
    expect(plus.length, 'the fields a page adds').toBeGreaterThan(0);
    expect(
      plus.filter((f) => post.includes(f)),
      'a page adds only fields a post lacks',
    ).toEqual([]);
    const page = [...post.filter((f) => !without.includes(f)), ...plus];
    expect([...propNames(writeBody(RESOURCES.pages))].sort()).toEqual([...new Set(page)].sort());
    expect([...propNames(writeBody(RESOURCES.media))].sort()).toEqual([...fieldsOf('Media attachment:')].sort());
    const menu = fieldsOf('Menu item:').filter((f) => !/further/.test(f));
    for (const f of menu) expect(prop(writeBody(RESOURCES.menuItems), f), f).toBeDefined();
  });

  it('date_gmt (and date) are a date-time string or null on write', () => {
    for (const path of [RESOURCES.posts, RESOURCES.pages, RESOURCES.media])
      for (const f of ['date', 'date_gmt']) {
        const s = prop(writeBody(path), f);
        expect(typesOf(s)).toEqual(new Set(['string', 'null']));
      }
  });

  it('structured fields: a string or {raw} on write; raw in edit context only, rendered/protected/block_version read-only', () => {
    const RECORD: Record<string, [string, string]> = {
      title: ['Post', 'PostEdit'],
      content: ['Post', 'PostEdit'],
      excerpt: ['Post', 'PostEdit'],
      caption: ['Attachment', 'AttachmentEdit'],
      description: ['Attachment', 'AttachmentEdit'],
    };
    for (const row of structures.rows) {
      for (const field of row.Field.split(',').map(strip)) {
        if (field === 'meta') continue;
        const [view, edit] = RECORD[field].map((n) => bundle().components.schemas[n]);
        const names = ticks(row.Structure);
        const viewProps = Object.keys(deref(view.properties[field]).properties);
        const editProps = Object.keys(deref(edit.properties[field]).properties);
        expect([...editProps].sort(), `${field} (edit)`).toEqual([...names].sort());
        expect(viewProps, `${field} (view) has no raw`).not.toContain('raw');
        for (const n of names.filter((x) => x !== 'raw')) {
          if (row.Structure.includes(`\`${n}\``) && /read-only/.test(row.Structure.split(`\`${n}\``)[1].split(',')[0]))
            expect(deref(edit.properties[field]).properties[n].readOnly, `${field}.${n} read-only`).toBe(true);
        }
        const write = prop(writeBody(field === 'caption' || field === 'description' ? RESOURCES.media : RESOURCES.posts), field);
        expect(typesOf(write), `${field} on write`).toEqual(new Set(['string', 'object']));
        expect(prop(write, 'raw')).toBeDefined();
      }
    }
  });

  it('meta: posts and pages have footnotes (string, default empty), and an empty meta is [] (WordPress 6.1)', () => {
    const row = structures.rows.find((r) => strip(r.Field) === 'meta')!;
    const name = ticks(row.Structure)[0];
    for (const rec of ['Post', 'Page', 'PostEdit', 'PageEdit']) {
      const meta = deref(bundle().components.schemas[rec].properties.meta);
      const obj = branches(meta).find((b) => b.type === 'object')!;
      expect(obj.properties[name].type).toBe('string');
      expect(obj.properties[name].default).toBe('');
      expect(check(meta, [])).toEqual([]);
    }
    expect(prop(prop(writeBody(RESOURCES.posts), 'meta'), name)).toBeDefined();
  });

  for (const row of enums.rows) {
    it(`enumeration ${row.Field}: ${row['Allowed values']}`, () => {
      const values = list(row['Allowed values']).sort();
      for (const field of row.Field.replace(/\(write\)/, '')
        .split(',')
        .map(strip)) {
        const bodies =
          field === 'format'
            ? [RESOURCES.posts]
            : field === 'status'
              ? [RESOURCES.posts, RESOURCES.pages, RESOURCES.menuItems]
              : [RESOURCES.posts, RESOURCES.pages, RESOURCES.media];
        for (const path of bodies) expect([...prop(writeBody(path), field).enum].sort(), `${path} ${field}`).toEqual(values);
      }
    });
  }

  it('write statuses equal the section 3 write states', () => {
    const write = list(section('3').tables[0].rows.find((r) => /\(write\)/.test(r.Resource))!['States shown']).sort();
    expect([...prop(writeBody(RESOURCES.posts), 'status').enum].sort()).toEqual(write);
  });

  it('view, edit and embed records differ as the platform sends them', () => {
    const S = bundle().components.schemas;
    for (const [view, edit, embed] of [
      ['Post', 'PostEdit', 'PostEmbed'],
      ['Page', 'PageEdit', 'PageEmbed'],
      ['Attachment', 'AttachmentEdit', 'AttachmentEmbed'],
      ['MenuItem', 'MenuItemEdit', 'MenuItemEmbed'],
      ['Revision', 'RevisionEdit', 'RevisionEmbed'],
    ]) {
      const v = Object.keys(S[view].properties),
        e = Object.keys(S[edit].properties),
        m = Object.keys(S[embed].properties);
      for (const f of m) expect(e, `${embed}.${f} is also in edit`).toContain(f);
      for (const f of v) expect(e, `${view}.${f} is also in edit`).toContain(f);
      // A revision's view title may carry `raw`: a reusable block's revisions send it (DECISIONS D224).
      expect(Object.keys(deref(S[view].properties.title).properties)).toEqual(view === 'Revision' ? ['rendered', 'raw'] : ['rendered']);
      expect(Object.keys(deref(S[edit].properties.title).properties).sort()).toEqual(['raw', 'rendered']);
    }
    for (const f of ['password', 'permalink_template', 'generated_slug']) {
      expect(S.Post.properties[f]).toBeUndefined();
      expect(S.PostEdit.properties[f]).toBeDefined();
    }
    for (const f of ['content', 'status', 'date_gmt', 'meta']) expect(S.PostEmbed.properties[f]).toBeUndefined();
    expect(S.AutosaveEdit.properties.preview_link).toBeDefined();
    for (const [rec, f, since] of [
      ['Post', 'class_list', '6.5'],
      ['Attachment', 'featured_media', '6.5'],
      ['Revision', 'meta', '6.4'],
    ]) {
      expect(S[rec].required, `${rec}.${f} optional`).not.toContain(f);
      expect(deref(S[rec].properties[f])['x-since'] ?? S[rec].properties[f]['x-since']).toBe(`WordPress ${since}`);
    }
  });
});

describe('answers: statuses, headers, batch flag (platform facts; seed 4.2, 8)', () => {
  it('limits of section 8: per_page 1-100 on every core collection, default 10 (menu items 100, revisions none); page min 1', () => {
    const rows = section('8').tables[0].rows;
    const max = Number(rows.find((r) => r.Limit === 'per_page maximum')!.Value);
    const min = Number(rows.find((r) => r.Limit === 'per_page minimum')!.Value);
    const defaults = rows.filter((r) => r.Limit === 'per_page default');
    const pageMin = Number(rows.find((r) => r.Limit === 'page minimum')!.Value);
    const collections = [...Object.values(LIST_OF), `${RESOURCES.posts}/{parent}/revisions`, `${RESOURCES.pages}/{parent}/revisions`];
    for (const path of collections) {
      const o = operation('get', path);
      const s = pschema(o, 'per_page');
      expect([s.minimum, s.maximum], path).toEqual([min, max]);
      expect(pschema(o, 'page').minimum).toBe(pageMin);
      const d = defaults.find((r) => (path === RESOURCES.menuItems ? /menu items/ : /core posts/).test(r['Applies to']))!;
      if (/revisions/.test(path)) expect(s.default).toBeUndefined();
      else expect(s.default, path).toBe(Number(d.Value));
    }
  });

  it('paginated lists document X-WP-Total, X-WP-TotalPages and Link', () => {
    for (const o of CORE_OPS().filter((x) => x.method === 'get' && param(x, 'per_page')))
      expect(Object.keys(deref(o.op.responses['200']).headers ?? {}), o.id).toEqual(['X-WP-Total', 'X-WP-TotalPages', 'Link']);
  });

  it('creates answer 201 with Location; autosaves and post-process 200', () => {
    for (const base of Object.values(RESOURCES)) expect(Object.keys(deref(operation('post', base).op.responses['201']).headers)).toContain('Location');
  });

  it('deletes: posts and pages trash (200 record or {deleted, previous}; 410 rest_already_trashed), media and menu items 501 without force', () => {
    for (const base of [RESOURCES.posts, RESOURCES.pages]) {
      const o = operation('delete', `${base}/{id}`);
      const ok = responseSchema(o, 200);
      expect(ok.anyOf.map((x: Json) => deref(x).title).sort()).toEqual([
        `${base === RESOURCES.posts ? 'Post' : 'Page'}Deleted`,
        `${base === RESOURCES.posts ? 'Post' : 'Page'}Edit`,
      ]);
      expect(Object.values<Json>(deref(o.op.responses['410']).content['application/json'].examples).map((e) => deref(e).value.code)).toContain(
        'rest_already_trashed',
      );
    }
    for (const base of [RESOURCES.media, RESOURCES.menuItems]) {
      const o = operation('delete', `${base}/{id}`);
      expect(Object.values<Json>(deref(o.op.responses['501']).content['application/json'].examples).map((e) => deref(e).value.code)).toContain(
        'rest_trash_not_supported',
      );
      const ok = responseSchema(o, 200);
      expect(ok.required).toEqual(['deleted', 'previous']);
    }
  });

  it('real error codes: 400 list errors, 404 rest_post_invalid_id, revision page errors', () => {
    const codes = (o: Operation, status: number) =>
      Object.values<Json>(deref(o.op.responses[String(status)]).content['application/json'].examples).map((e) => deref(e).value.code);
    for (const base of Object.values(LIST_OF))
      expect(codes(operation('get', base), 400)).toEqual(expect.arrayContaining(['rest_invalid_param', 'rest_post_invalid_page_number']));
    for (const base of Object.values(RESOURCES)) expect(codes(operation('get', `${base}/{id}`), 404)).toContain('rest_post_invalid_id');
    expect(codes(operation('get', `${RESOURCES.posts}/{parent}/revisions`), 400)).toEqual(
      expect.arrayContaining(['rest_revision_invalid_page_number', 'rest_revision_invalid_offset_number']),
    );
  });

  it('x-allow-batch {v1: true} exactly on the write operations of posts, pages and menu items (seed 4.2, 9)', () => {
    expect(section('4.2').text).toMatch(/core posts, pages and menu-items collection and item routes/);
    const batchable = [RESOURCES.posts, RESOURCES.pages, RESOURCES.menuItems].flatMap((b) => [
      `post ${b}`,
      ...['post', 'put', 'patch', 'delete'].map((m) => `${m} ${b}/{id}`),
    ]);
    for (const o of SEED_CORE_OPS()) {
      const key = `${o.method} ${o.path}`;
      if (batchable.includes(key)) expect(o.op['x-allow-batch'], key).toEqual({ v1: true });
      else expect(o.op['x-allow-batch'], key).toBeUndefined();
    }
  });

  it('security: reads of posts, pages and media are public with optional credentials; everything else needs them', () => {
    for (const o of SEED_CORE_OPS()) {
      const publicOp =
        o.method === 'get' &&
        (o.path === '/core/v2' || [RESOURCES.posts, RESOURCES.pages, RESOURCES.media].some((b) => o.path === b || o.path === `${b}/{id}`));
      expect(
        o.op.security.some((s: Json) => Object.keys(s).length === 0),
        o.id,
      ).toBe(publicOp);
    }
  });
});

describe('core operations beyond the seed (issue 34)', () => {
  const BEYOND = () => CORE_OPS().filter((o) => o.op['x-beyond-seed'] === true);
  // The rules of the post types', taxonomies', statuses', settings', menus' and blocks' routes (the
  // terms', users', comments' and search's are in 'operations beyond the seed' below).
  const SITE_BASES = [
    'types',
    'taxonomies',
    'statuses',
    'settings',
    'menus',
    'menu-locations',
    'blocks',
    'navigation',
    'tribe_events',
    'tribe_venue',
    'tribe_organizer',
    'tribe_events_cat',
    'tec_calendar_embed',
    'wp_pattern_category',
  ];
  const SITE_OPS = () => BEYOND().filter((o) => SITE_BASES.includes(o.path.split('/')[3]));
  it('every one is tagged in the docs group "Core (beyond the seed)", and no seed operation is', () => {
    const group = (bundle()['x-tagGroups'] ?? []).find((g: Json) => g.name === 'Core (beyond the seed)');
    expect(group).toBeDefined();
    expect(BEYOND().length).toBeGreaterThanOrEqual(50);
    for (const o of BEYOND()) expect(group.tags, o.id).toContain(o.op.tags[0]);
    for (const o of SEED_CORE_OPS()) expect(group.tags, o.id).not.toContain(o.op.tags[0]);
  });
  it('writes are batchable (the site flags them allow_batch v1), reads are not; the settings route is not batchable', () => {
    expect(SITE_OPS().length).toBeGreaterThanOrEqual(50);
    for (const o of SITE_OPS()) {
      // Revisions and autosaves are never batchable (the site flags none of them), as for posts.
      const write = o.method !== 'get' && o.path !== '/core/v2/settings' && !/\/(revisions|autosaves)(\/|$)/.test(o.path);
      if (write) expect(o.op['x-allow-batch'], o.id).toEqual({ v1: true });
      else expect(o.op['x-allow-batch'], o.id).toBeUndefined();
    }
  });
  it('public reads: types, taxonomies, statuses, reusable blocks, navigation and the calendar post types and terms; menus, menu locations, settings, revisions, autosaves and every write need credentials', () => {
    // Every route group of the site's list but the three that need credentials to read.
    const open = SITE_BASES.filter((b) => !['settings', 'menus', 'menu-locations'].includes(b));
    for (const o of SITE_OPS()) {
      const base = o.path.split('/')[3];
      expect(
        o.op.security.some((s: Json) => Object.keys(s).length === 0),
        o.id,
      ).toBe(o.method === 'get' && open.includes(base) && !/\/(revisions|autosaves)(\/|$)/.test(o.path));
    }
  });
});

describe('block templates and template parts (WP_REST_Templates_Controller)', () => {
  const KINDS = ['templates', 'template-parts'];
  const OPS = () => CORE_OPS().filter((o) => KINDS.includes(o.path.split('/')[3]));
  const schemaNames = (node: unknown): string[] =>
    (JSON.stringify(node).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? []).map((r) => r.split('/').pop() as string);
  it('both routes describe every method the controllers register, beyond the seed, none public and none batchable', () => {
    const routes = ['', '/lookup', '/{id}', '/{id}/autosaves', '/{parent}/autosaves/{id}', '/{parent}/revisions', '/{parent}/revisions/{id}'];
    for (const k of KINDS) for (const r of routes) expect(bundle().paths[`/core/v2/${k}${r}`], `${k}${r}`).toBeDefined();
    expect(OPS().length).toBe(2 * 14);
    for (const o of OPS()) {
      expect(o.op['x-beyond-seed'], o.id).toBe(true);
      expect(o.op['x-allow-batch'], o.id).toBeUndefined();
      expect(
        o.op.security.some((s: Json) => Object.keys(s).length === 0),
        o.id,
      ).toBe(false);
    }
  });
  it('revisions and autosaves are marked WordPress 6.4; the templates, their items and the lookup carry no version marker', () => {
    for (const o of OPS()) expect(o.op['x-since'], o.id).toBe(/\/(revisions|autosaves)(\/|$)/.test(o.path) ? 'WordPress 6.4' : undefined);
  });
  it('one record shape serves both routes: templates and template parts name the same schemas', () => {
    const used = (k: string) =>
      new Set(
        OPS()
          .filter((o) => o.path.split('/')[3] === k)
          .flatMap((o) => schemaNames(o.op.responses)),
      );
    expect([...used('template-parts')].sort()).toEqual([...used('templates')].sort());
    const S = bundle().components.schemas;
    for (const n of ['TemplateEdit', 'TemplateEmbed', 'TemplateRevision', 'TemplateRevisionEdit', 'TemplateRevisionEmbed']) expect(S[n], n).toBeDefined();
    // The revision shapes are the record's with `parent`; the embed leaves out the dates.
    expect(Object.keys(S.TemplateRevision.properties)).toEqual([
      ...Object.keys(S.Template.properties).filter((n) => !n.startsWith('_')),
      'parent',
      '_links',
      '_embedded',
    ]);
    expect(Object.keys(S.TemplateEmbed.properties)).not.toContain('modified');
    expect(S.TemplateRevisionEmbed.required).toContain('parent');
  });
  it('the id path parameter takes `<theme>//<slug>`, never a dot segment', () => {
    for (const o of OPS().filter((x) => x.path.includes('{'))) {
      for (const p of o.params
        .map(deref)
        .filter((x: Json) => x.in === 'path' && (x.name === 'parent' || (x.name === 'id' && !/\/(revisions|autosaves)\//.test(o.path))))) {
        const re = new RegExp(deref(p.schema).pattern, 'u');
        expect(re.test('twentytwentythree//home'), `${o.id} ${p.name}`).toBe(true);
        expect(re.test('themes/sub//single-event'), `${o.id} ${p.name}`).toBe(true);
        for (const bad of ['..', '.', 'home', 'a/b', '']) expect(re.test(bad), `${o.id} ${p.name} ${bad}`).toBe(false);
      }
    }
  });
  it('the template parts take `area` on write, templates do not', () => {
    const body = (method: string, path: string) => requestSchema(operation(method, path));
    const props = (method: string, path: string) => Object.keys(body(method, path).properties ?? {});
    expect(props('post', '/core/v2/template-parts')).toContain('area');
    expect(props('post', '/core/v2/template-parts/{id}')).toContain('area');
    expect(props('post', '/core/v2/template-parts/{id}/autosaves')).toContain('area');
    expect(props('post', '/core/v2/templates')).not.toContain('area');
    expect(props('post', '/core/v2/templates/{id}')).not.toContain('area');
    for (const k of KINDS) {
      expect(body('post', `/core/v2/${k}`).required).toEqual(['slug']);
      expect(body('post', `/core/v2/${k}/{id}`).required ?? []).toEqual([]);
    }
  });
});

describe('examples of the core operations', () => {
  const cases: [string, Json, Json, boolean][] = [];
  for (const o of CORE_OPS()) {
    for (const [type, media] of Object.entries<Json>(deref(o.op.requestBody)?.content ?? {})) {
      for (const [name, e] of Object.entries<Json>(media.examples ?? {})) cases.push([`${o.id} request ${type} ${name}`, media.schema, deref(e).value, false]);
    }
    for (const [code, res] of Object.entries<Json>(o.op.responses)) {
      for (const [type, media] of Object.entries<Json>(deref(res).content ?? {})) {
        if (media.example !== undefined) cases.push([`${o.id} ${code} ${type} example`, media.schema, media.example, true]);
        for (const [name, e] of Object.entries<Json>(media.examples ?? {})) cases.push([`${o.id} ${code} ${type} ${name}`, media.schema, deref(e).value, true]);
      }
    }
  }

  it('every JSON request and response body has an example, but a body WordPress does not document (x-undocumented-body)', () => {
    for (const o of CORE_OPS()) {
      for (const [code, res] of Object.entries<Json>(o.op.responses))
        for (const [type, media] of Object.entries<Json>(deref(res).content ?? {}))
          if (/json/.test(type) && media['x-undocumented-body'] !== true)
            expect(media.example !== undefined || Object.keys(media.examples ?? {}).length > 0, `${o.id} ${code}`).toBe(true);
      for (const [type, media] of Object.entries<Json>(deref(o.op.requestBody)?.content ?? {}))
        if (/json|urlencoded/.test(type)) expect(Object.keys(media.examples ?? {}).length, `${o.id} request ${type}`).toBeGreaterThan(0);
    }
    expect(cases.length).toBeGreaterThan(150);
  });

  it('examples use nl and de content too', () => {
    const all = JSON.stringify(cases.map((c) => c[2]));
    expect(all).toContain('Jazz op het rivierpodium');
    expect(all).toContain('Eintrittskarten');
  });

  it.each(cases)('%s validates', (_where, schema, value, strict) => {
    expect(check(schema, value, { strict })).toEqual([]);
  });
});

// ------------------------------------------------------------------ beyond the seed
/**
 * The seed's core routes: the namespace root, the routes of 4.4 for posts and pages, the collection
 * and item routes for media and menu items (4.4's text: no revisions or autosaves; menu items only
 * the two), and the media extras of 4.5.
 */
const SEED_CORE_ROUTES: Set<string> = (() => {
  const out = new Set<string>(['/core/v2']);
  for (const row of section('4.4').tables[0].rows)
    for (const [name, base] of Object.entries(RESOURCES)) {
      if ((name === 'media' || name === 'menuItems') && /revisions|autosaves/.test(row.Path)) continue;
      out.add(row.Path.replace('/core/v2/posts', base));
    }
  for (const row of section('4.5').tables[0].rows) out.add(row.Path);
  return out;
})();

describe('operations beyond the seed (x-beyond-seed)', () => {
  // The terms', users', comments' and search's rules (the other routes beyond the seed: the block above).
  // The users' own routes, not the application passwords below them (D238).
  const TERMS_USERS_COMMENTS = /^\/core\/v2\/(categories|tags|users(?!\/\{user_id\}\/application-passwords)|comments|search)(\/|$)/;
  it("the seed's core routes are the ones the spec has always had", () => {
    expect(SEED_CORE_ROUTES.size).toBe(19);
    for (const p of SEED_CORE_ROUTES) expect(bundle().paths[p], p).toBeDefined();
  });

  it('every operation of a core/v2 route the seed does not list carries x-beyond-seed: true, and no other operation carries it', () => {
    const wrong = operations()
      .filter((o) => {
        const beyond = (o.path === '/core/v2' || o.path.startsWith('/core/v2/')) && !SEED_CORE_ROUTES.has(o.path);
        return beyond ? o.op['x-beyond-seed'] !== true : 'x-beyond-seed' in o.op;
      })
      .map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(wrong).toEqual([]);
    expect(operations().filter((o) => o.op['x-beyond-seed'] === true).length).toBeGreaterThanOrEqual(30);
  });

  it("their tags are the docs' group 'Core (beyond the seed)' and no seed operation's tag is in it", () => {
    const group = bundle()['x-tagGroups'].find((g: Json) => g.name === 'Core (beyond the seed)');
    expect(group).toBeDefined();
    const beyondTags = new Set(
      operations()
        .filter((o) => o.op['x-beyond-seed'] === true)
        .flatMap((o) => o.op.tags),
    );
    const seedTags = new Set(
      operations()
        .filter((o) => o.op['x-beyond-seed'] !== true)
        .flatMap((o) => o.op.tags),
    );
    expect([...beyondTags].filter((t) => !group.tags.includes(t))).toEqual([]);
    expect(group.tags.filter((t: string) => seedTags.has(t))).toEqual([]);
  });

  it('x-allow-batch {v1: true} on the term writes (allow_batch on every sandbox site), on no other of them (users: not on WordPress 6.1; comments, search: never)', () => {
    for (const o of operations().filter((x) => x.op['x-beyond-seed'] && TERMS_USERS_COMMENTS.test(x.path))) {
      const terms = /^\/core\/v2\/(categories|tags)(\/\{id\})?$/.test(o.path) && o.method !== 'get';
      expect(o.op['x-allow-batch'], `${o.method} ${o.path}`).toEqual(terms ? { v1: true } : undefined);
    }
  });

  it('security: every read is public with optional credentials but the current user; every write needs credentials', () => {
    for (const o of operations().filter((x) => x.op['x-beyond-seed'] && TERMS_USERS_COMMENTS.test(x.path)))
      expect(
        o.op.security.some((s: Json) => Object.keys(s).length === 0),
        o.id,
      ).toBe(o.method === 'get' && !o.path.endsWith('/me'));
  });

  it('the embedded author, terms and replies of a post have the shapes of the users, terms and comments routes', () => {
    const embedded = deref(bundle().components.schemas.CoreEmbedded);
    const refs = (node: Json): string[] => JSON.stringify(node).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    expect(refs(embedded.properties.author)).toContain('#/components/schemas/UserEmbed');
    expect(refs(embedded.properties.replies)).toContain('#/components/schemas/CommentEmbed');
    expect(refs(embedded.properties['wp:term'])).toEqual(expect.arrayContaining(['#/components/schemas/CategoryEmbed', '#/components/schemas/TagEmbed']));
    // wp:term is a list of lists (one per taxonomy link).
    expect(deref(embedded.properties['wp:term'].items.anyOf[0]).type).toBe('array');
  });
});

describe('the administration routes beyond the seed (D238-D241)', () => {
  const ADMIN = () => CORE_OPS().filter((o) => /^\/core\/v2\/(users\/\{user_id\}\/application-passwords|plugins|font-|icon)/.test(o.path));
  it('need credentials, are not batchable, and carry the release that added them where it is newer than WordPress 6.1', () => {
    // Application passwords (5.6), plugins (5.5), font families and collections (6.5), icons (7.1).
    expect(new Set(ADMIN().map((o) => o.path.split('/')[3])).size).toBe(6);
    for (const o of ADMIN()) {
      expect(
        o.op.security.some((s: Json) => Object.keys(s).length === 0),
        o.id,
      ).toBe(false);
      expect(o.op['x-allow-batch'], o.id).toBeUndefined();
      const since = /^\/core\/v2\/font-/.test(o.path) ? 'WordPress 6.5' : /^\/core\/v2\/icon/.test(o.path) ? 'WordPress 7.1' : undefined;
      expect(o.op['x-since'], o.id).toBe(since);
    }
  });
  it("the application password's user is a number or `me`, and its password is sent in the create's answer only", () => {
    const create = ADMIN().find((o) => o.id === 'createApplicationPassword');
    const list = ADMIN().find((o) => o.id === 'listApplicationPasswords');
    const user: Json = list?.params.find((p) => p.name === 'user_id');
    expect(deref(user.schema).anyOf.map((s: Json) => s.const ?? s.type)).toEqual(['integer', 'me']);
    const schemaOf = (o: Json, code: string) => deref(deref(o.op.responses[code]).content['application/json'].schema);
    expect(Object.keys(deref(schemaOf(create, '201')).properties)).toContain('password');
    expect(Object.keys(deref(schemaOf(list, '200').items.anyOf[0]).properties)).not.toContain('password');
  });
});
