// Routes named by a block name (D234): the block types (`block-types/{namespace}/{name}`) and the block
// renderer (`block-renderer/{name}`, a whole `core/archives`) take their values from the site's block
// types' list, whose records have a name and no id; the renderer's is the first dynamic one. The whole
// name is one percent-encoded path value, and a `?rest_route=` site gets it with its escape kept
// (PHP decodes the parameter once, as the path form is decoded).
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, noRoute, readReport, type Seen, send, siteIndex, testScope } from './support/fake-site.js';

const scope = testScope();

/** A real block type (wp71's `core/archives`, the spec's example), and a static one made from it. */
const BUNDLE = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));
const ARCHIVES = BUNDLE.components.examples.BlockTypeExample.value;
const TYPES = [{ ...ARCHIVES, name: 'core/paragraph', is_dynamic: false }, ARCHIVES];

const error = (res: ServerResponse, status: number, code: string) => send(res, status, { code, message: code, data: { status } });

/** A WordPress with block types, answering by the route the request names (path or `rest_route`), decoded as WordPress does. */
async function wordpress(rootPath: '/wp-json' | '') {
  return scope.site((_req, res: ServerResponse, seen: Seen, self) => {
    const url = new URL(seen.url, 'http://x');
    const route = rootPath ? decodeURIComponent(seen.path) : url.searchParams.get('rest_route');
    const q = url.searchParams;
    if (route === '/' && seen.method === 'GET') return send(res, 200, siteIndex(self.origin, ['core/v2']));
    if (route === '/wp/v2/users/me') return send(res, 200, { id: 1 });
    const one = /^\/wp\/v2\/block-types\/([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(route ?? '');
    const render = /^\/wp\/v2\/block-renderer\/([a-z0-9-]+\/[a-z0-9-]+)$/.exec(route ?? '');
    if (!one && !render && route !== '/wp/v2/block-types') return noRoute(res);
    if (!seen.auth) return error(res, 401, 'rest_cannot_view');
    if (render) {
      if (q.get('context') !== 'edit' || (q.has('post_id') && !/^\d+$/.test(q.get('post_id') ?? ''))) return error(res, 400, 'rest_invalid_param');
      return TYPES.some((t) => t.is_dynamic && t.name === render[1]) ? send(res, 200, { rendered: '' }) : error(res, 404, 'block_invalid');
    }
    if (q.has('context') && !['view', 'embed', 'edit'].includes(q.get('context') ?? '')) return error(res, 400, 'rest_invalid_param');
    if (!one) return send(res, 200, TYPES);
    const found = TYPES.find((t) => t.name === `${one[1]}/${one[2]}`);
    return found ? send(res, 200, found) : error(res, 404, 'rest_block_type_invalid');
  }, rootPath);
}

const run = (base: string) => scope.cli(['--base-url', base, '--operation', 'getBlockType', '--operation', 'getRenderedBlock', '--quiet'], { env: ADMIN_ENV });

describe('routes named by a block name', () => {
  it("take the block types' first name, and the renderer's first dynamic one, from the site's list", async () => {
    const s = await wordpress('/wp-json');
    const r = await run(s.base);
    expect(s.seen.some((x) => x.method === 'GET' && x.path === '/wp/v2/block-types/core/paragraph')).toBe(true);
    expect(s.seen.some((x) => x.method === 'GET' && x.url.startsWith('/wp-json/wp/v2/block-renderer/core%2Farchives?'))).toBe(true);
    const verdicts = readReport(r).operations.map((o: { id: string; verdict: string }) => `${o.id} ${o.verdict}`);
    expect(verdicts).toEqual(expect.arrayContaining(['getBlockType passed', 'getRenderedBlock passed']));
  });

  it('send the encoded name as it is in rest_route on a site without pretty permalinks', async () => {
    const s = await wordpress('');
    const r = await run(`${s.origin}/?rest_route=`);
    expect(s.seen.some((x) => x.url.startsWith('/?rest_route=/wp/v2/block-renderer/core%2Farchives&'))).toBe(true);
    expect(s.seen.some((x) => x.url.includes('%252F'))).toBe(false);
    const verdicts = readReport(r).operations.map((o: { id: string; verdict: string }) => `${o.id} ${o.verdict}`);
    expect(verdicts).toEqual(expect.arrayContaining(['getBlockType passed', 'getRenderedBlock passed']));
  });
});
