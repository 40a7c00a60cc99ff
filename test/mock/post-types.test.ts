// The post types (mock/post-types.ts, D246): the site's list (the spec's example) as far as the spec
// describes each type's route, by release; a route added to the spec adds its type; the answers over
// HTTP (the list, one type, embed, an unknown type, a bad parameter).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, type OpenApiDoc } from '../../core/spec.js';
import { createFront } from '../../mock/front.ts';
import { postTypes, TYPES_ROUTE } from '../../mock/post-types.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import { bundle, type Json } from '../support/spec.js';
import { jsonOrUndefined } from '../support/json.js';

const doc = bundle() as OpenApiDoc;
const NEWEST = { release: '6.17.2', wordpress: '7.1.4' };

/** The site's list: the list operation's documented example. */
function siteList(d: OpenApiDoc): Record<string, Record<string, unknown>> {
  const ok = deref(deref(d.paths?.[TYPES_ROUTE], d)?.get?.responses?.['200'], d);
  const first = Object.values(ok?.content?.['application/json']?.examples ?? {})[0];
  return deref(first, d)?.value as Record<string, Record<string, unknown>>;
}

/** The spec with one more path (a GET answering 200), as a helper's route would add it. */
function withPath(path: string, op: Record<string, unknown> = {}): OpenApiDoc {
  const d = structuredClone(doc);
  d.paths = { ...d.paths, [path]: { get: { operationId: `x${path.length}`, responses: { '200': { description: 'ok' } }, ...op } } } as OpenApiDoc['paths'];
  return d;
}

describe('postTypes', () => {
  it('lists the site’s types whose routes the spec describes, in the site’s order, and only those', () => {
    const site = siteList(doc);
    const listed = postTypes(doc, NEWEST);
    const paths = Object.keys(doc.paths ?? {}).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    for (const [slug, t] of Object.entries(site)) {
      const route = `/${String(t.rest_namespace)}/${String(t.rest_base)}`.replace(/\(\?P<[^>]+>[^)]*\)/g, '{}');
      expect(slug in listed, `${slug} (${route})`).toBe(paths.includes(route) || paths.includes(`${route}/{}`));
    }
    expect(Object.keys(listed)).toEqual(Object.keys(site).filter((k) => k in listed));
    // The spec describes every post type route of the site's list now (issue 34's tiers 1 and 2).
    expect(Object.keys(listed)).toEqual(Object.keys(site));
    expect(Object.keys(listed)).toEqual(expect.arrayContaining(['post', 'page', 'attachment', 'nav_menu_item', 'tribe_events']));
    expect(listed.post).toEqual(site.post);
  });

  it('a route added to the spec adds its type (a rest_base pattern matches any path parameter; an item route names a type without a collection)', () => {
    const without = (prefix: string): OpenApiDoc => {
      const d = structuredClone(doc);
      d.paths = Object.fromEntries(Object.entries(d.paths ?? {}).filter(([p]) => !p.startsWith(prefix))) as OpenApiDoc['paths'];
      return d;
    };
    expect(postTypes(without('/core/v2/font-families'), NEWEST)).not.toHaveProperty('wp_font_face');
    expect(postTypes(withPath('/core/v2/font-families/{parent}/font-faces', {}), NEWEST)).toHaveProperty('wp_font_face');
    expect(postTypes(without('/core/v2/templates'), NEWEST)).not.toHaveProperty('wp_template');
    expect(postTypes(doc, NEWEST)).toHaveProperty('wp_template');
    expect(postTypes(without('/core/v2/global-styles'), NEWEST)).not.toHaveProperty('wp_global_styles');
    expect(postTypes(doc, NEWEST)).toHaveProperty('wp_global_styles'); // `global-styles/{id}` only
  });

  it('a route marked x-since later than the release answered as is left out, and so are PostType fields marked later', () => {
    const embeds = withPath('/core/v2/tec_calendar_embed', { 'x-since': 'TEC 6.11.0' });
    expect(postTypes(embeds, NEWEST)).toHaveProperty('tec_calendar_embed');
    expect(postTypes(embeds, { ...NEWEST, release: '6.6.4.2' })).not.toHaveProperty('tec_calendar_embed');
    // `template` and `template_lock` came with WordPress 6.6.
    expect(postTypes(doc, NEWEST).post).toHaveProperty('template');
    expect(postTypes(doc, { ...NEWEST, wordpress: '6.1.9' }).post).not.toHaveProperty('template');
    expect(postTypes(doc, { ...NEWEST, wordpress: '6.1.9' }).post).toHaveProperty('rest_base', 'posts');
  });
});

describe('the post types over HTTP', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // A post-types request never reaches Prism but in the edit context: the upstream is a closed port.
    server = createFront({ doc, upstream: { host: '127.0.0.1', port: 9 }, store: createStoreHost(doc) });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });
  const get = async (path: string): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(20_000) });
    return { status: res.status, json: jsonOrUndefined(await res.text()) };
  };

  it('the list, one type, its embed context; an unknown type 404 rest_type_invalid; a bad context 400', async () => {
    const listed = postTypes(doc, NEWEST);
    const list = await get('/wp-json/wp/v2/types');
    expect(list.status).toBe(200);
    expect(Object.keys(list.json)).toEqual(Object.keys(listed));
    expect(list.json.tribe_events.name).toBe('Events');
    const page = await get('/wp-json/wp/v2/types/page');
    expect([page.status, page.json.slug, page.json.hierarchical]).toEqual([200, 'page', true]);
    const embed = await get('/core/v2/types/attachment?context=embed');
    expect(Object.keys(embed.json).sort()).toEqual(['_links', 'icon', 'name', 'rest_base', 'rest_namespace', 'slug', 'template', 'template_lock']);
    expect(await get('/core/v2/types/wp_nope')).toMatchObject({ status: 404, json: { code: 'rest_type_invalid', data: { status: 404 } } });
    expect(await get('/core/v2/types?context=bogus')).toMatchObject({ status: 400, json: { code: 'rest_invalid_param' } });
  });
});
