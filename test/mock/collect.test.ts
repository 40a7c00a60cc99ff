// The front's collection after a large request (mock/collect.ts, D260): the front with a store,
// in-process (no Prism), and a counting stand-in for V8's `gc` (the process runs without
// `--expose-gc`, so `globalThis.gc` is ours).
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenApiDoc } from '../../core/spec.ts';
import { LARGE_BYTES } from '../../mock/collect.ts';
import { createFront } from '../../mock/front.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import { closeServer, listen } from '../support/front.js';
import { bundle } from '../support/spec.js';

const g = globalThis as { gc?: unknown };
let collections = 0;
let server: http.Server;
let base = '';
const auth = { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/json' };
/** Two turns of the event loop: a collection scheduled after the last answer has run by then. */
const settle = () => new Promise<void>((r) => setImmediate(() => setImmediate(r)));

beforeAll(async () => {
  g.gc = () => collections++;
  const doc = bundle() as OpenApiDoc;
  server = createFront({ doc, upstream: { host: '127.0.0.1', port: 9 }, store: createStoreHost(doc) });
  base = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  delete g.gc;
  await closeServer(server);
});

describe('the front collects after a large request', () => {
  it('runs one collection after a post whose body is at least LARGE_BYTES, none after small requests', async () => {
    const small = await fetch(`${base}/core/v2/posts?per_page=1`);
    expect(small.status).toBe(200);
    await small.arrayBuffer();
    await settle();
    expect(collections).toBe(0);
    const body = JSON.stringify({ title: 'big', content: 'x'.repeat(LARGE_BYTES + 1000) });
    const created = await fetch(`${base}/core/v2/posts`, { method: 'POST', headers: auth, body });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await vi.waitFor(() => expect(collections).toBe(1));
    // Its answer (content raw and rendered, over 2 MiB) is large too: reading it is followed by one.
    const read = await fetch(`${base}/core/v2/posts/${id}?context=edit`, { headers: { authorization: auth.authorization } });
    expect(read.status).toBe(200);
    expect((await read.arrayBuffer()).byteLength).toBeGreaterThan(LARGE_BYTES);
    await vi.waitFor(() => expect(collections).toBe(2));
    const again = await fetch(`${base}/core/v2/posts?per_page=1&_fields=id`);
    await again.arrayBuffer();
    await settle();
    expect(collections).toBe(2);
  });

  it('answers as before without `--expose-gc` (no collector: nothing is scheduled)', async () => {
    delete g.gc;
    try {
      const body = JSON.stringify({ title: 'big', content: 'y'.repeat(LARGE_BYTES + 1000) });
      const created = await fetch(`${base}/core/v2/posts`, { method: 'POST', headers: auth, body });
      expect(created.status).toBe(201);
      await created.arrayBuffer();
      await settle();
      expect(collections).toBe(2);
    } finally {
      g.gc = () => collections++;
    }
  });
});
