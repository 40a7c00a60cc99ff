// A record's writable fields are written once (`x-write`, openapi/EXTENSIONS.md); the preprocessor
// festival/write-bodies (scripts/redocly/write-bodies.js) produces its write bodies from them. These
// tests state its rules, check that every write body of the source is produced, and that a
// malformed marker fails the bundle naming the file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bodySchema, expandBody, writeMap } from '../../scripts/redocly/write-bodies.js';
import { bundleSource } from '../support/build.js';
import { bundle, ROOT, type Json } from '../support/spec.js';

const record = (): Json => ({
  title: 'Thing',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  'x-write': {
    id: { type: 'integer', description: 'Its id.', 'x-bodies': ['update'] },
    name: { type: 'string', description: 'Its name.', 'x-bodies': { create: 'required', update: 'optional' } },
    rank: { type: 'integer', minimum: 0, 'x-bodies': ['create', 'update'], 'x-body-override': { create: { default: 0 } } },
  },
});
const other = (): Json => ({ 'x-write': { name: { type: 'string', description: 'A name.', 'x-bodies': ['write'] } } });
const load = (f: string): Json => (f === 'Other.yaml' ? other() : record());
const body = (name: string, extra: Json = {}): Json => ({
  title: `Thing${name}`,
  type: 'object',
  'x-write-of': { record: 'Thing.yaml', body: name },
  ...extra,
});

describe('festival/write-bodies', () => {
  it('makes a body: its own keys, then required and properties at the marker, in the map order, overrides in place', () => {
    const made = bodySchema(writeMap(record(), load), body('create', { description: 'A new thing.' }));
    expect(Object.keys(made)).toEqual(['title', 'type', 'required', 'properties', 'description']);
    expect(made.required).toEqual(['name']);
    expect(made.properties).toEqual({
      name: { type: 'string', description: 'Its name.' },
      rank: { type: 'integer', minimum: 0, default: 0 },
    });
    const update = bodySchema(writeMap(record(), load), body('update'));
    expect(update.required).toBeUndefined();
    expect(Object.keys(update.properties)).toEqual(['id', 'name', 'rank']);
    expect(update.properties.rank).toEqual({ type: 'integer', minimum: 0 });
  });

  it("a body's own property replaces the field of its name in place; any other is appended", () => {
    const own = { properties: { name: { type: 'string', const: 'x' }, slug: { type: 'string' } }, required: ['slug'] };
    const made = bodySchema(writeMap(record(), load), body('update', own));
    expect(Object.keys(made.properties)).toEqual(['id', 'name', 'rank', 'slug']);
    expect(made.properties.name).toEqual({ type: 'string', const: 'x' });
    expect(made.required).toEqual(['slug']);
  });

  it("takes a field from another record's map, keys written beside the marker laid over", () => {
    const r = record();
    r['x-write'] = { name: { 'x-write-from': 'Other.yaml', description: 'Its own.', 'x-bodies': ['create'] } };
    expect(bodySchema(writeMap(r, load), body('create')).properties).toEqual({ name: { type: 'string', description: 'Its own.' } });
  });

  it.each([
    [
      'a field without x-bodies',
      (r: Json) => {
        delete r['x-write'].id['x-bodies'];
      },
      /field id: every field of x-write needs x-bodies/,
    ],
    [
      'a mode that is neither required nor optional',
      (r: Json) => {
        r['x-write'].name['x-bodies'] = { create: 'always' };
      },
      /x-bodies.create is "always"/,
    ],
    [
      'an override for a body the field is not in',
      (r: Json) => {
        r['x-write'].id['x-body-override'] = { create: { default: 1 } };
      },
      /names create, which is not in its x-bodies/,
    ],
    [
      'a field taken from a record that does not write it',
      (r: Json) => {
        r['x-write'].id = { 'x-write-from': 'Other.yaml', 'x-bodies': ['update'] };
      },
      /Other.yaml has no field id/,
    ],
  ])('refuses %s', (_l, spoil, message) => {
    const r = record();
    spoil(r);
    expect(() => bodySchema(writeMap(r, load), body('update'))).toThrow(message);
  });

  it('refuses a body no field is in, and a body file that writes more than its own keys', () => {
    expect(() => bodySchema(writeMap(record(), load), body('autosave'))).toThrow(/no field of x-write is in the body "autosave"/);
    expect(() => bodySchema(writeMap(record(), load), body('create', { additionalProperties: false }))).toThrow(/a body file holds only/);
  });

  it('drops the map from a record and leaves other schemas alone', () => {
    const r = record();
    expect(expandBody(r, '/x/Thing.yaml')).toBe(true);
    expect(r['x-write']).toBeUndefined();
    const s = { type: 'object', properties: { a: { type: 'string' } } };
    expect(expandBody(s, '/x/S.yaml')).toBe(false);
  });

  it('a bad marker fails the bundle, naming the file', () => {
    const r = record();
    r['x-write'].rank['x-bodies'] = { create: 'sometimes' };
    const post = {
      operationId: 'createThing',
      requestBody: { content: { 'application/json': { schema: { $ref: 'ThingCreate.yaml' } } } },
      responses: { 201: { description: 'ok', content: { 'application/json': { schema: { $ref: 'Thing.yaml' } } } } },
    };
    const res = bundleSource({
      'Thing.yaml': r,
      'ThingCreate.yaml': body('create'),
      'openapi.yaml': { openapi: '3.1.0', info: { title: 't', version: '1.0.0' }, paths: { '/x': { post } } },
    });
    expect(res.status).not.toBe(0);
    expect(res.output).toMatch(/x-bodies.create is "sometimes"/);
    expect(res.output).toMatch(/ThingCreate\.yaml/);
  });
});

describe('the write bodies in the source', () => {
  const SCHEMAS = join(ROOT, 'openapi', 'components', 'schemas');
  const src = (file: string): Json => parse(readFileSync(join(SCHEMAS, file), 'utf8'));
  const bodies = readdirSync(SCHEMAS).filter((f) => /(Create|Update|UpdateBySlug|Write)\.yaml$/.test(f));

  it('every write body is produced from its record: no field written twice', () => {
    expect(bodies.length).toBe(67);
    const unmarked = bodies.filter((f) => !src(f)['x-write-of']);
    expect(unmarked).toEqual([]);
    // A body's own properties are only those no field of its record's map can give (a different
    // field of the same name, or one the map has in another form).
    const own = bodies.flatMap((f) => Object.keys(src(f).properties ?? {}).map((n) => `${f}: ${n}`));
    expect(own).toEqual(['CalEventUpdateBySlug.yaml: slug', 'CalOrganizerCreate.yaml: organizer', 'MenuItemCreate.yaml: type', 'MenuItemCreate.yaml: status']);
  });

  it('no marker reaches the bundle', () => {
    const text = JSON.stringify(bundle());
    for (const m of ['x-write', 'x-bodies', 'x-body-override', 'x-write-from', 'x-write-of']) expect(text).not.toContain(`"${m}"`);
  });
});
