// PUT and PATCH are written once: the source's POST carries `x-update-methods`, the Redocly decorator
// festival/update-methods (scripts/redocly/update-methods.js) writes them into the bundle, and the
// Spectral rule update-methods-from-post checks the bundle.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { bundleSource, CHILD_MS, CHILD_TEST_MS } from '../support/build.js';
import { bundle, ROOT, type Json } from '../support/spec.js';

// The Redocly plugin is plain JavaScript (Redocly loads it as it is); its two helpers are typed here,
// where the test uses them.
const plugin = (await import(pathToFileURL(join(ROOT, 'scripts', 'redocly', 'update-methods.js')).href)) as {
  derive(post: Json, method: string, own?: Json): Json;
  expandPathItem(item: Json): boolean;
};
const { derive, expandPathItem } = plugin;

const OWN = ['operationId', 'summary', 'description'];
const without = (op: Json) => Object.fromEntries(Object.entries(op).filter(([k]) => !OWN.includes(k)));

function pathFiles(dir = join(ROOT, 'openapi', 'paths')): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? pathFiles(p) : p.endsWith('.yaml') ? [p] : [];
  });
}

describe('the source writes each update once', () => {
  const files = pathFiles().map((f) => ({ f, doc: parse(readFileSync(f, 'utf8')) }));

  it('no path file writes PUT or PATCH itself', () => {
    expect(files.filter(({ doc }) => doc.put || doc.patch).map(({ f }) => f)).toEqual([]);
  });

  it('31 POST operations carry the marker', () => {
    expect(files.filter(({ doc }) => doc.post?.['x-update-methods']).length).toBe(31);
  });
});

describe('the bundle has them, equal to their POST', () => {
  const doc = bundle();
  const updates = Object.entries(doc.paths as Record<string, Json>).flatMap(([route, item]) =>
    ['put', 'patch'].filter((m) => item[m]).map((m) => ({ route, m, op: item[m], post: item.post })),
  );

  it('62 PUT and PATCH operations (31 routes), each its POST but for operationId, summary and description', () => {
    expect(updates.length).toBe(62);
    for (const u of updates) expect(without(u.op), `${u.m} ${u.route}`).toEqual(without(u.post));
  });

  it("names follow the rule (or the marker's own)", () => {
    const item = doc.paths['/core/v2/posts/{id}'];
    expect([item.put.operationId, item.patch.operationId, item.put.summary]).toEqual(['updatePostPut', 'updatePostPatch', 'Update a post (PUT)']);
    const sync = doc.paths['/connector/v1/sync'];
    expect([sync.put.operationId, sync.patch.operationId]).toEqual(['putConnectorSync', 'patchConnectorSync']);
    expect(sync.put.description).toMatch(/^`PUT \/connector\/v1\/sync`\. /);
    expect(doc.paths['/builder/v1/font-library'].patch.summary).toBe('Patch a font of the library');
    expect(Object.keys(item)).toEqual(['parameters', 'get', 'post', 'put', 'patch', 'delete']);
  });

  it('leaves no marker in the bundle', () => {
    expect(JSON.stringify(doc)).not.toMatch(/x-update-methods/);
  });
});

describe('the decorator', () => {
  const post = {
    operationId: 'updateThing',
    summary: 'Update a thing',
    description: '`POST /x`. Updates.',
    responses: { 200: { description: 'ok' } },
    'x-update-methods': ['put', 'patch'],
  };

  it('derives names, keeps the order and drops the marker', () => {
    const item: Json = { get: { operationId: 'getThing' }, post: structuredClone(post), delete: { operationId: 'deleteThing' } };
    expect(expandPathItem(item)).toBe(true);
    expect(Object.keys(item)).toEqual(['get', 'post', 'put', 'patch', 'delete']);
    expect(item.put).toEqual({
      operationId: 'updateThingPut',
      summary: 'Update a thing (PUT)',
      description: '`PUT /x`. Updates.',
      responses: { 200: { description: 'ok' } },
    });
    expect(item.post['x-update-methods']).toBeUndefined();
    expect(derive({ operationId: 'postX' }, 'patch').operationId).toBe('patchX');
    expect(derive(post, 'put', { summary: 'Replace' }).summary).toBe('Replace');
  });

  it.each([
    ['an unknown method', { post: { ...post, 'x-update-methods': ['get'] } }, /unknown method "get"/],
    ['an unknown override', { post: { ...post, 'x-update-methods': { put: { tags: [] } } } }, /unknown key\(s\) tags/],
    ['a method written as well', { post: structuredClone(post), put: {} }, /writes put itself/],
    ['a marker on another method', { put: { 'x-update-methods': ['patch'] } }, /belongs on the POST/],
  ])('refuses %s', (_l, item, message) => {
    expect(() => expandPathItem(item)).toThrow(message);
  });

  it(
    'a bad marker fails the bundle, naming the file',
    () => {
      const r = bundleSource({
        'thing.yaml': { post: { ...post, 'x-update-methods': ['get'] } },
        'openapi.yaml': { openapi: '3.1.0', info: { title: 't', version: '1.0.0' }, paths: { '/x': { $ref: 'thing.yaml' } } },
      });
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(/unknown method "get"/);
      expect(r.output).toMatch(/thing\.yaml/);
    },
    CHILD_TEST_MS,
  );
});

describe('the Spectral rule update-methods-from-post', () => {
  it(
    'fires on a PUT that differs from its POST, a PATCH without POST, and a marker left behind',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'update-methods-'));
      try {
        const op = (id: string, extra: Json = {}) => ({
          operationId: id,
          summary: 'Update a thing',
          description: 'Update.',
          tags: ['T'],
          responses: { 200: { description: 'ok' } },
          ...extra,
        });
        const doc = {
          openapi: '3.1.0',
          info: { title: 't', version: '1.0.0', description: 'd' },
          tags: [{ name: 'T', description: 't' }],
          paths: {
            '/a': { post: op('updateA'), put: op('updateAPut', { responses: { 201: { description: 'created' } } }) },
            '/b': { patch: op('updateBPatch') },
            '/c': { post: op('updateC', { 'x-update-methods': ['put'] }) },
          },
        };
        writeFileSync(join(dir, 'doc.yaml'), stringify(doc));
        const r = spawnSync(
          join(ROOT, 'node_modules/.bin/spectral'),
          ['lint', join(dir, 'doc.yaml'), '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet'],
          { cwd: ROOT, encoding: 'utf8', timeout: CHILD_MS },
        );
        const mine = (JSON.parse(r.stdout.trim() || '[]') as { code: string; message: string }[])
          .filter((x) => x.code === 'update-methods-from-post')
          .map((x) => x.message)
          .sort();
        expect(mine).toEqual([
          'PATCH /b: an update needs its POST; write the POST with x-update-methods: [put, patch].',
          'POST /c: x-update-methods is left in the bundle; bundle with redocly.yaml (decorator festival/update-methods).',
          "PUT /a: differs from its POST in responses; write the update once, as the POST's x-update-methods.",
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    CHILD_TEST_MS,
  );
});
