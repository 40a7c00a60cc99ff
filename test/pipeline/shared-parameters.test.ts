// The parameters every operation of a namespace takes are one table in the root document
// (`x-shared-parameters`, openapi/EXTENSIONS.md); the preprocessor festival/shared-parameters
// (scripts/redocly/shared-parameters.js) adds them to the operations. These tests state its rules,
// check that no path file lists them again, and that a malformed table fails the bundle naming the file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expandPathItem, parseTable, rowsFor } from '../../scripts/redocly/shared-parameters.js';
import { bundleSource } from '../support/build.js';
import { bundle, ROOT, type Json } from '../support/spec.js';

const ROOT_DIR = '/spec';
const rows = (): Json[] => [
  { parameter: './components/parameters/Context.yaml', paths: ['/core/v2/'], methods: ['get'], place: 'first' },
  { parameter: './components/parameters/Fields.yaml', paths: ['/core/v2'] },
  { parameter: './components/parameters/Lang.yaml', except: ['/cal/events/v1'] },
];
const op = (extra: Json = {}): Json => ({ operationId: 'x', description: 'd', ...extra, responses: { 200: { description: 'ok' } } });
const refs = (o: Json): string[] => (o.parameters ?? []).map((p: Json) => p.$ref);

describe('festival/shared-parameters', () => {
  it('matches path prefixes: a trailing slash leaves out the namespace index, except wins', () => {
    const t = parseTable(rows());
    expect(rowsFor(t, '/core/v2', 'get').map((r: Json) => r.parameter)).toEqual(['./components/parameters/Fields.yaml', './components/parameters/Lang.yaml']);
    expect(rowsFor(t, '/core/v2/posts', 'get')).toHaveLength(3);
    expect(rowsFor(t, '/core/v2/posts', 'post')).toHaveLength(2);
    expect(rowsFor(t, '/core/v22', 'get').map((r: Json) => r.parameter)).toEqual(['./components/parameters/Lang.yaml']);
    expect(rowsFor(t, '/cal/events/v1/events', 'get')).toEqual([]);
  });

  it('an except prefix `/` leaves out the site index only (a row for every path leaves `paths` out)', () => {
    const t = parseTable([{ parameter: './components/parameters/Lang.yaml', except: ['/', '/batch/v1'] }]);
    expect(rowsFor(t, '/', 'get')).toEqual([]);
    expect(rowsFor(t, '/batch/v1', 'post')).toEqual([]);
    expect(rowsFor(t, '/core/v2/posts', 'get')).toHaveLength(1);
    expect(rowsFor(t, '/cal/events/v1/events', 'get')).toHaveLength(1);
  });

  it('adds first rows before and last rows after the own parameters, as refs from the path file', () => {
    const item: Json = { get: op({ parameters: [{ $ref: '../../../components/parameters/Page.yaml' }] }), post: op({ requestBody: {} }) };
    expandPathItem(item, '/core/v2/posts', parseTable(rows()), ROOT_DIR, `${ROOT_DIR}/paths/core/v2`);
    expect(refs(item.get)).toEqual([
      '../../../components/parameters/Context.yaml',
      '../../../components/parameters/Page.yaml',
      '../../../components/parameters/Fields.yaml',
      '../../../components/parameters/Lang.yaml',
    ]);
    // A new `parameters` key goes before requestBody (or responses), where the source writes it.
    expect(Object.keys(item.post)).toEqual(['operationId', 'description', 'parameters', 'requestBody', 'responses']);
  });

  it('keeps a table parameter an operation places itself elsewhere, and refuses a copy in the usual place', () => {
    const own = [{ $ref: '../../../components/parameters/Parent.yaml' }, { $ref: '../../../components/parameters/Context.yaml' }];
    const item: Json = { get: op({ parameters: own }) };
    expandPathItem(item, '/core/v2/posts', parseTable(rows()), ROOT_DIR, `${ROOT_DIR}/paths/core/v2`);
    expect(refs(item.get).map((r) => r.split('/').pop())).toEqual(['Parent.yaml', 'Context.yaml', 'Fields.yaml', 'Lang.yaml']);
    const copy: Json = { get: op({ parameters: [{ $ref: '../../../components/parameters/Fields.yaml' }] }) };
    expect(() => expandPathItem(copy, '/core/v2/posts', parseTable(rows()), ROOT_DIR, `${ROOT_DIR}/paths/core/v2`)).toThrow(
      /GET \/core\/v2\/posts: lists .*Fields.yaml where x-shared-parameters puts it: remove the copy/,
    );
  });

  it.each([
    ['an empty table', [], /must be a list of rows/],
    ['a row without parameter', [{ paths: ['/x'] }], /needs `parameter`/],
    ['an unknown key', [{ parameter: 'P.yaml', where: 'x' }], /unknown key\(s\) where/],
    ['an unknown method', [{ parameter: 'P.yaml', methods: ['fetch'] }], /unknown method "fetch"/],
    ['an unknown place', [{ parameter: 'P.yaml', place: 'middle' }], /place: first or last/],
  ])('refuses %s', (_l, table, message) => {
    expect(() => parseTable(table)).toThrow(message);
  });

  it('a bad table fails the bundle, naming the file', () => {
    const res = bundleSource({
      'Lang.yaml': { name: 'lang', in: 'query', schema: { type: 'string' } },
      'openapi.yaml': {
        openapi: '3.1.0',
        info: { title: 't', version: '1.0.0' },
        'x-shared-parameters': [{ parameter: './Lang.yaml', place: 'middle' }],
        paths: { '/x': { get: op() } },
      },
    });
    expect(res.status).not.toBe(0);
    expect(res.output).toMatch(/place: first or last/);
    expect(res.output).toMatch(/openapi\.yaml/);
  });
});

describe('the shared parameters in the source', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.yaml') ? [p] : [];
    });
  const table = parse(readFileSync(join(ROOT, 'openapi', 'openapi.yaml'), 'utf8'))['x-shared-parameters'] as Json[];
  const names = table.map((r) => String(r.parameter).split('/').pop());

  it('no path file lists a table parameter, but the autosave lists that take `parent` before `context`', () => {
    expect(names).toEqual(['Context.yaml', 'Fields.yaml', 'Embed.yaml', 'Envelope.yaml', 'I18nLanguage.yaml']);
    const listed = files(join(ROOT, 'openapi', 'paths')).flatMap((f) =>
      names.filter((n) => readFileSync(f, 'utf8').includes(`parameters/${n}`)).map((n) => `${f.slice(ROOT.length + 1)}: ${n}`),
    );
    expect(listed.sort()).toEqual(
      [
        ...['blocks', 'menu-items', 'navigation', 'pages', 'posts', 'tribe_events', 'tribe_organizer', 'tribe_venue'].map(
          (r) => `openapi/paths/core/v2/${r}/{id}/autosaves.yaml: Context.yaml`,
        ),
        // The plugin's writes take `context` too (the platform registers it on them; the table's row is for reads).
        'openapi/paths/core/v2/plugins/{plugin}.yaml: Context.yaml',
      ].sort(),
    );
  });

  it('every operation gets them in the bundle, and the table does not reach it', () => {
    const b = bundle();
    expect(JSON.stringify(b)).not.toContain('"x-shared-parameters"');
    const ops = Object.entries(b.paths as Json).flatMap(([p, item]) =>
      Object.entries(item as Json)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, o]) => ({ p, m, names: ((o as Json).parameters ?? []).map((x: Json) => String(x.$ref).split('/').pop()) as string[] })),
    );
    const core = ops.filter((o) => o.p.startsWith('/core/v2'));
    expect(core.length).toBeGreaterThan(40);
    expect(core.filter((o) => o.names.slice(-4).join() !== 'Fields,Embed,Envelope,I18nLanguage').map((o) => `${o.m} ${o.p}`)).toEqual([]);
    // Search results have no edit context: the search route takes its own context (CoreSearchContext),
    // and so does the block renderer (`edit` only, BlockRendererContext); the settings route, the
    // templates' fallback lookups, the block patterns' two, the themes and the global styles routes (but
    // the revisions) and view-config take no `context` (the platform declares no argument for their GET): the table's `except`.
    const ownContext: Record<string, string> = { '/core/v2/search': 'CoreSearchContext', '/core/v2/block-renderer/{name}': 'BlockRendererContext' };
    expect(
      core
        .filter((o) => o.m === 'get' && o.p !== '/core/v2' && !o.names.includes(ownContext[o.p] ?? 'Context'))
        .map((o) => o.p)
        .sort(),
    ).toEqual([
      '/core/v2/block-patterns/categories',
      '/core/v2/block-patterns/patterns',
      '/core/v2/global-styles/themes/{stylesheet}',
      '/core/v2/global-styles/themes/{stylesheet}/variations',
      '/core/v2/global-styles/{id}',
      '/core/v2/settings',
      '/core/v2/template-parts/lookup',
      '/core/v2/templates/lookup',
      '/core/v2/themes',
      '/core/v2/themes/{stylesheet}',
      '/core/v2/view-config',
    ]);
    // The language on every route the translation plugin gives it, the calendar's included (D186); the
    // site index documents it as ignored; the batch route and the calendar document have none.
    const noLanguage = ops.filter((o) => !o.names.includes('I18nLanguage')).map((o) => `${o.m} ${o.p}`);
    expect(noLanguage.sort()).toEqual(['get /', 'get /cal/events/v1/doc', 'post /batch/v1']);
    expect(ops.find((o) => o.p === '/')?.names).toContain('I18nLanguageIgnored');
  });
});
