// Core records are written once with the contexts of each property (`x-contexts`, openapi/EXTENSIONS.md);
// the preprocessor festival/record-contexts (scripts/redocly/record-contexts.js) produces the view,
// edit and embed schemas and the embed examples. These tests state its rules, check that the source
// uses it for every record, and that a malformed marker fails the bundle naming the file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contextSchema, expandSchema, project, projectValue } from '../../scripts/redocly/record-contexts.js';
import { bundleSource, CHILD_TEST_MS } from '../support/build.js';
import { bundle, ROOT, type Json } from '../support/spec.js';

const record = (): Json => ({
  title: 'Thing',
  description: 'A thing (view).',
  type: 'object',
  required: ['id', 'secret', 'title'],
  properties: {
    id: { type: 'integer', 'x-contexts': ['view', 'edit', 'embed'] },
    secret: { type: 'string', 'x-contexts': ['edit'] },
    title: {
      $ref: './Rendered.yaml',
      description: 'Its title.',
      'x-contexts': ['view', 'edit', 'embed'],
      'x-context-override': { edit: { $ref: './RenderedEdit.yaml', description: 'Its title, raw too.' } },
    },
    _links: { type: 'object', 'x-contexts': ['view', 'edit', 'embed'] },
  },
});

describe('festival/record-contexts', () => {
  it('makes the view from the record: its properties with view, markers dropped, required filtered', () => {
    const view = project(record(), 'view');
    expect(view).toEqual({
      title: 'Thing',
      description: 'A thing (view).',
      type: 'object',
      required: ['id', 'title'],
      properties: { id: { type: 'integer' }, title: { $ref: './Rendered.yaml', description: 'Its title.' }, _links: { type: 'object' } },
    });
  });

  it('makes a context from a context file: its title and description, overrides in place, additions before _links', () => {
    const own = {
      title: 'ThingEdit',
      description: 'A thing (edit).',
      'x-context-of': { record: 'Thing.yaml', context: 'edit' },
      properties: { extra: { type: 'string' } },
      required: ['extra'],
    };
    const edit = contextSchema(record(), own);
    expect(Object.keys(edit)).toEqual(['title', 'description', 'type', 'required', 'properties']);
    expect(edit.title).toBe('ThingEdit');
    expect(edit.required).toEqual(['id', 'secret', 'title', 'extra']);
    expect(Object.keys(edit.properties)).toEqual(['id', 'secret', 'title', 'extra', '_links']);
    expect(edit.properties.title).toEqual({ $ref: './RenderedEdit.yaml', description: 'Its title, raw too.' });
  });

  it("projects an example (or each item of a list) onto the context's top-level names, in the example's order", () => {
    expect(projectValue({ title: 't', id: 1, secret: 's', _links: {} }, ['id', 'title', '_links'])).toEqual({ title: 't', id: 1, _links: {} });
    expect(projectValue([{ id: 1, x: 2 }, { id: 3 }], ['id'])).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it.each([
    [
      'an unmarked property',
      (r: Json) => {
        delete r.properties.id['x-contexts'];
      },
      /property id: every property of a record needs x-contexts/,
    ],
    [
      'an unknown context',
      (r: Json) => {
        r.properties.id['x-contexts'] = ['view', 'admin'];
      },
      /unknown context "admin"/,
    ],
    [
      'an override for a context the property is not in',
      (r: Json) => {
        r.properties.secret['x-context-override'] = { view: { type: 'integer' } };
      },
      /names view, which is not in its x-contexts/,
    ],
  ])('refuses %s', (_l, spoil, message) => {
    const r = record();
    spoil(r);
    expect(() => project(r, 'edit')).toThrow(message);
  });

  it('refuses a context file that writes the shape itself', () => {
    expect(() => contextSchema(record(), { title: 'X', type: 'object', 'x-context-of': { record: 'Thing.yaml', context: 'edit' } })).toThrow(
      /holds only title, description/,
    );
  });

  it('leaves a schema that is no record alone', () => {
    const s = { type: 'object', properties: { a: { type: 'string' } } };
    expect(expandSchema(s, '/x/S.yaml')).toBe(false);
    expect(s).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  it(
    'a bad marker fails the bundle, naming the file',
    () => {
      const r = record();
      r.properties.secret['x-contexts'] = ['admin'];
      const get = { operationId: 'getThing', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'Thing.yaml' } } } } } };
      const res = bundleSource({
        'Thing.yaml': r,
        'Rendered.yaml': { type: 'object' },
        'RenderedEdit.yaml': { type: 'object' },
        'openapi.yaml': { openapi: '3.1.0', info: { title: 't', version: '1.0.0' }, paths: { '/x': { get } } },
      });
      expect(res.status).not.toBe(0);
      expect(res.output).toMatch(/unknown context "admin"/);
      expect(res.output).toMatch(/Thing\.yaml/);
    },
    CHILD_TEST_MS,
  );
});

describe('the records in the source', () => {
  const SCHEMAS = join(ROOT, 'openapi', 'components', 'schemas');
  const src = (name: string): Json => parse(readFileSync(join(SCHEMAS, `${name}.yaml`), 'utf8'));

  it.each(['Post', 'Page', 'Attachment', 'MenuItem', 'Revision'])(
    '%s is written once: every property marked, its Edit and Embed files only name it',
    (name) => {
      const r = src(name);
      expect(
        Object.entries(r.properties)
          .filter(([, p]) => !Array.isArray((p as Json)['x-contexts']))
          .map(([n]) => n),
      ).toEqual([]);
      for (const suffix of ['Edit', 'Embed']) {
        const own = src(name + suffix);
        expect(own['x-context-of']).toEqual({ record: `${name}.yaml`, context: suffix.toLowerCase() });
        // The embed context of a revision adds the one field only navigation menus send there (DECISIONS D224).
        expect(Object.keys(own.properties ?? {})).toEqual(name + suffix === 'RevisionEmbed' ? ['content'] : []);
      }
    },
  );

  it('no marker reaches the bundle', () => {
    const text = JSON.stringify(bundle());
    for (const m of ['x-contexts', 'x-context-override', 'x-context-of']) expect(text).not.toContain(`"${m}"`);
  });
});
