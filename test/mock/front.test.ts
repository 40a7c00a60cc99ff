// The mock's front on its own, in front of a fake Prism that answers canned responses: the cases a
// real Prism rarely produces (a 422 problem, a dead upstream, malformed HTTP, an oversized body).
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { OpenApiDoc } from '../../core/spec.ts';
import { createFront } from '../../mock/front.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import { AnswerMemo } from '../../mock/memo.ts';
import { type Canned, closeServer, fakeFront, fakeFrontForAll, listen } from '../support/front.js';
import { bundle } from '../support/spec.js';
import { check } from '../support/validate.js';

const ERROR = { $ref: '#/components/schemas/Error' };
let canned: Canned = { status: 200, headers: {}, body: '{}' };
const front = fakeFrontForAll(() => canned);

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(`${front.base}${path}`, init);
  return { status: res.status, body: await res.json() };
}

describe('the mock front', () => {
  it('turns a 422 problem with validation details into 400 rest_invalid_param', async () => {
    canned = {
      status: 422,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({
        title: 'Invalid request',
        status: 422,
        validation: [{ location: ['query', 'maxwidth'], severity: 'Error', code: 'type', message: 'Request query parameter maxwidth must be integer' }],
      }),
    };
    const r = await get('/oembed/1.0/embed?url=https://x.example/&maxwidth=x');
    expect(r.status).toBe(400);
    expect(check(ERROR, r.body)).toEqual([]);
    expect(r.body.code).toBe('rest_invalid_param');
    expect(r.body.data.params).toHaveProperty('maxwidth');
    expect(r.body.data.details.maxwidth.code).toBe('rest_invalid_type');
  });

  it('keeps a 401 whose only violation is the missing credentials', async () => {
    canned = {
      status: 401,
      headers: {
        'content-type': 'application/json',
        'sl-violations': JSON.stringify([{ location: ['request'], code: 401, message: 'Invalid security scheme used' }]),
      },
      body: '{"code":"rest_forbidden","message":"no","data":{"status":401}}',
    };
    const r = await get('/');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('rest_forbidden');
  });

  it('keeps answers whose violations concern the response only', async () => {
    canned = {
      status: 200,
      headers: { 'content-type': 'application/json', 'sl-violations': JSON.stringify([{ location: ['response', 'body'], code: 'type', message: 'x' }]) },
      body: '{"ok":true}',
    };
    const r = await get('/');
    expect(r).toEqual({ status: 200, body: { ok: true } });
  });

  it('answers 404 rest_no_route itself, without asking Prism', async () => {
    canned = { status: 500, headers: {}, body: 'should not be asked' };
    for (const p of ['/nope', '/oembed/1.0/embed/x']) expect((await get(p)).body.code).toBe('rest_no_route');
    expect((await get('/', { method: 'DELETE' })).body.code).toBe('rest_no_route');
  });

  it("answers 500 internal_server_error (WordPress's fatal error) when Prism is gone", async () => {
    const dead = createFront({ doc: bundle(), upstream: { host: '127.0.0.1', port: 9 } });
    const port = await listen(dead);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const body = await res.json();
    await closeServer(dead);
    expect(res.status).toBe(500);
    expect(body.code).toBe('internal_server_error');
    expect(check(ERROR, body)).toEqual([]);
  });

  it('survives malformed HTTP and an oversized body', async () => {
    const reply = await new Promise<string>((resolve) => {
      const s = net.connect(Number(new URL(front.base).port), '127.0.0.1', () => s.write('GARBAGE / HTTP/9\r\n\r\n'));
      let data = '';
      s.on('data', (c) => {
        data += c;
      });
      s.on('close', () => resolve(data));
      s.on('error', () => resolve(data));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const big = await fetch(`${front.base}/batch/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(9 * 1024 * 1024),
    }).catch((e: Error) => e);
    if (!(big instanceof Error)) expect(big.status).toBe(413);
    canned = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"alive":true}' };
    expect((await get('/')).body).toEqual({ alive: true });
  });
});

describe('the answer memo', () => {
  it('replays the answer to a request already forwarded, but never for Prefer: dynamic=true', async () => {
    let asked = 0;
    const memo = new AnswerMemo({ maxEntries: 2 });
    const f = await fakeFront(
      () => {
        asked++;
        return { status: 200, headers: { 'content-type': 'application/json', date: 'Thu, 01 Jan 1970 00:00:00 GMT' }, body: JSON.stringify({ n: asked }) };
      },
      { memo },
    );
    const b = f.base;
    try {
      const first = await fetch(`${b}/`);
      expect(await first.json()).toEqual({ n: 1 });
      expect(first.headers.get('date')).not.toMatch(/1970/);
      expect(await (await fetch(`${b}/`)).json()).toEqual({ n: 1 });
      expect(await (await fetch(`${b}/`, { headers: { 'x-other': '1' } })).json()).toEqual({ n: 2 });
      expect(await (await fetch(`${b}/`, { headers: { prefer: 'dynamic=true' } })).json()).toEqual({ n: 3 });
      expect(await (await fetch(`${b}/`, { headers: { prefer: 'dynamic=true' } })).json()).toEqual({ n: 4 });
      // Least recently used entries go beyond maxEntries.
      await fetch(`${b}/`, { headers: { 'x-other': '2' } });
      await fetch(`${b}/`, { headers: { 'x-other': '3' } });
      expect(await (await fetch(`${b}/`)).json()).toEqual({ n: 7 });
      expect(memo.hits).toBe(1);
    } finally {
      await f.close();
    }
  });
});

describe('Prism behind the listening front (issue 32, point 1)', () => {
  it('answers the store at once while Prism starts, a Prism route when it answers, and 503 when it failed', async () => {
    const doc = bundle() as OpenApiDoc;
    let ready!: () => void;
    let fail!: (e: Error) => void;
    const starting = { host: '127.0.0.1', port: 9, ready: new Promise<void>((r) => (ready = r)) as Promise<void> | null };
    const failing = { host: '127.0.0.1', port: 9, ready: new Promise<void>((_, reject) => (fail = reject)) };
    failing.ready.catch(() => {});
    const up: Canned = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"title":"Festival"}' };
    const prism = http.createServer((req, res) => {
      req.resume();
      res.writeHead(up.status, up.headers);
      res.end(up.body);
    });
    starting.port = await listen(prism);
    let which: typeof starting | typeof failing = starting;
    const front = createFront({ doc, upstream: () => which, store: createStoreHost(doc) });
    const base = `http://127.0.0.1:${await listen(front)}`;
    try {
      expect((await fetch(`${base}/core/v2/posts?per_page=1`)).status).toBe(200);
      const waiting = fetch(`${base}/core/v2`);
      // The store answers again while the Prism route still waits.
      expect((await fetch(`${base}/cal/events/v1/venues`)).status).toBe(200);
      ready();
      starting.ready = null;
      expect((await waiting).status).toBe(200);
      which = failing;
      fail(new Error('Prism exited before it answered (1)'));
      const r = await fetch(`${base}/core/v2?x=1`);
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ code: 'mock_prism_unavailable', data: { status: 503 } });
      expect((await fetch(`${base}/core/v2/posts?per_page=1`)).status).toBe(200);
    } finally {
      await closeServer(front);
      await closeServer(prism);
    }
  });
});
