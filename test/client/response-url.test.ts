// Issue 26: a client with a name mapping rebuilds the response (to map URLs back to the spec's
// names); the rebuilt response must keep the URL that was requested, as fetch's own response does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, FESTIVAL_PLATFORM } from '../../src/index.ts';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/wp-json/wp/v2/old')) {
      res.writeHead(301, { Location: '/wp-json/wp/v2/posts?moved=1' });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', Link: '</wp-json/wp/v2/posts?page=2>; rel="next"' });
    res.end(JSON.stringify([{ id: 1, _links: { self: [{ href: `${base}/wp/v2/posts/1` }] } }]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('response.url with a name mapping', () => {
  it("is the URL that was requested (the site's names, as sent), not empty", async () => {
    const site = createClient({ baseUrl: base, mapping: FESTIVAL_PLATFORM });
    const { data, response } = await site.GET('/core/v2/posts', { params: { query: { per_page: 2 } } });
    expect(data).toMatchObject([{ id: 1, _links: { self: [{ href: `${base}/core/v2/posts/1` }] } }]); // the body is still mapped
    expect(response.url).toBe(`${base}/wp/v2/posts?per_page=2`);
    expect(response.redirected).toBe(false);
  });

  it('after a redirect, is the final URL and says redirected, as fetch does', async () => {
    const site = createClient({ baseUrl: base, mapping: FESTIVAL_PLATFORM });
    const { response } = await (site.GET as unknown as (path: string) => Promise<{ response: Response }>)('/core/v2/old');
    expect(response.url).toBe(`${base}/wp/v2/posts?moved=1`);
    expect(response.redirected).toBe(true);
  });

  it("is also kept without a mapping (identity: the response is fetch's own)", async () => {
    const site = createClient({ baseUrl: base });
    const { response } = await site.GET('/core/v2/posts');
    expect(response.url).toBe(`${base}/core/v2/posts`);
  });
});
