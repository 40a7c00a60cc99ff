// Issue 31, point 9: a same-origin 307 or 308 redirect of a write sends the body again. With the name
// mapping or a default language the client rebuilds the request; its body must survive being sent
// twice (an ArrayBuffer body is detached by the first send: "fetch failed (… detached ArrayBuffer)").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, FESTIVAL_PLATFORM, type ClientOptions } from '../../src/index.ts';

interface Arrival {
  method: string;
  url: string;
  body: string;
  type: string;
}
const arrivals: Arrival[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const moved = /\/(307|308)-/.exec(url);
      if (moved) {
        // The same record under its canonical path, on the same origin.
        res.writeHead(Number(moved[1]), { Location: url.replace(/\/(307|308)-/, '/') });
        res.end();
        return;
      }
      arrivals.push({ method: req.method ?? '', url, body: Buffer.concat(chunks).toString('latin1'), type: req.headers['content-type'] ?? '' });
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify({ id: 5 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

type Send = (
  path: string,
  init: { body: unknown; headers?: Record<string, string>; bodySerializer?: (b: unknown) => unknown },
) => Promise<{ data?: unknown; error?: unknown }>;
const CLIENTS: [string, Partial<ClientOptions>, string][] = [
  ['the mapping', { mapping: FESTIVAL_PLATFORM }, '/wp-json/wp/v2/posts/5'],
  ['a default language', { language: 'de' }, '/wp-json/core/v2/posts/5?i18n_language=de'],
  ['both', { mapping: FESTIVAL_PLATFORM, language: 'de' }, '/wp-json/wp/v2/posts/5?wpml_language=de'],
  ['neither', {}, '/wp-json/core/v2/posts/5'],
];

describe('a same-origin 307/308 redirect of a write', () => {
  for (const [name, options, arrived] of CLIENTS)
    for (const status of [307, 308])
      it(`with ${name}: ${status} is followed and the JSON body sent again`, async () => {
        const site = createClient({ baseUrl: base, ...options });
        arrivals.length = 0;
        const r = await (site.POST as unknown as Send)(`/core/v2/posts/${status}-5`, { body: { title: 'Late set' } });
        expect(r.error).toBeUndefined();
        expect(r.data).toEqual({ id: 5 });
        expect(arrivals).toEqual([{ method: 'POST', url: arrived, body: '{"title":"Late set"}', type: 'application/json' }]);
      });

  it('with the mapping: a binary upload is sent again byte for byte', async () => {
    const site = createClient({ baseUrl: base, mapping: FESTIVAL_PLATFORM });
    arrivals.length = 0;
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe, 7]);
    const r = await (site.POST as unknown as Send)('/core/v2/307-media', {
      body: bytes,
      headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="a.png"' },
      bodySerializer: (b) => b,
    });
    expect(r.error).toBeUndefined();
    expect(arrivals).toEqual([{ method: 'POST', url: '/wp-json/wp/v2/media', body: Buffer.from(bytes).toString('latin1'), type: 'image/png' }]);
  });
});
