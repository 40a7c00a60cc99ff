// Issue 26: the mock answers CORS as WordPress does (rest_send_cors_headers echoes the request's
// Origin and allows credentials; serve_request lists the allowed and exposed headers), so a browser
// app on another origin can call it with `credentials: 'include'` and read X-WP-Total, as it can a
// real site. The front runs before a fake Prism; the browser is Debian's chromium (never downloaded).
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { corsHeaders, isForeignOrigin } from '../../mock/cors.ts';
import { createFront } from '../../mock/front.ts';
import { AnswerMemo } from '../../mock/memo.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import type { OpenApiDoc } from '../../core/spec.ts';
import { bundle } from '../support/spec.js';
import { launchChromium } from '../support/browser.js';
import { closeServer, fakeFront, type FakeFront, listen } from '../support/front.js';

let fake: FakeFront;
let app: http.Server;
let mockBase = '';
let appBase = '';
let browser: Browser;
// The mock with a store (issue 31, point 7), in-process: a store-backed request never reaches Prism.
let storeFront: http.Server;
let storeBase = '';
let foreignBase = '';

beforeAll(async () => {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'x-wp-total': '1', 'x-wp-totalpages': '1' };
  fake = await fakeFront(() => ({ status: 200, headers, body: '[{"id":1}]' }), { memo: new AnswerMemo() });
  mockBase = fake.base;
  // The browser app: a page on another origin (localhost, not 127.0.0.1: another host, so CORS applies).
  app = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>app</title>');
  });
  appBase = `http://localhost:${await listen(app)}`;
  storeFront = createFront({
    doc: bundle() as OpenApiDoc,
    upstream: { host: '127.0.0.1', port: 9 },
    store: createStoreHost(bundle() as OpenApiDoc),
    allowOrigins: ['https://app.example'],
  });
  storeBase = `http://127.0.0.1:${await listen(storeFront)}`;
  // A page of a foreign site: evil.test, which the browser resolves to this machine.
  foreignBase = `http://evil.test:${(app.address() as AddressInfo).port}`;
  browser = await launchChromium(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await closeServer(storeFront);
  await fake?.close();
  await closeServer(app);
});

describe("the mock's CORS answer", () => {
  it('echoes the Origin with credentials allowed, and lists the headers (no `*`)', async () => {
    const res = await fetch(`${mockBase}/core/v2/posts`, { headers: { Origin: 'https://app.example:3000' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example:3000');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/^Authorization, X-WP-Nonce, /);
    expect(res.headers.get('vary')).toMatch(/Origin/);
    // The same request again (answered from the memo) from another origin carries that origin.
    const again = await fetch(`${mockBase}/core/v2/posts`, { headers: { Origin: 'http://other.example' } });
    expect(again.headers.get('access-control-allow-origin')).toBe('http://other.example');
  });

  it('answers a preflight from any route with the origin, the methods and credentials', async () => {
    const res = await fetch(`${mockBase}/core/v2/posts`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-methods')).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('sends no Allow-Origin without an Origin, and none for an Origin that is not one', () => {
    expect(corsHeaders(undefined)['access-control-allow-origin']).toBeUndefined();
    for (const bad of ['https://a.example/path', 'javascript:alert(1)', 'x'.repeat(3000), 'https://a.example\u0000', '*']) {
      expect(corsHeaders(bad)['access-control-allow-origin'], bad.slice(0, 40)).toBeUndefined();
    }
    expect(corsHeaders('null')['access-control-allow-origin']).toBe('null'); // file: and data: pages
  });

  it('lets a browser app on another origin call it with credentials: include and read X-WP-Total', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${appBase}/`);
      const result = await page.evaluate(async (url) => {
        try {
          const r = await fetch(url, { credentials: 'include', headers: { Authorization: 'Basic eDp5' } });
          return { ok: true, status: r.status, total: r.headers.get('X-WP-Total'), body: await r.json() };
        } catch (e) {
          return { ok: false, error: String(e) };
        }
      }, `${mockBase}/core/v2/posts`);
      expect(result).toMatchObject({ ok: true, status: 200, total: '1' });
    } finally {
      await page.close();
    }
  });
});

describe('foreign pages (issue 31, point 7): no control route, no credentials', () => {
  const AUTH = { authorization: 'Basic eDp5', 'content-type': 'application/json' };
  const posts = async () => ((await (await fetch(`${storeBase}/__mock/state`)).json()) as { collections: Record<string, number> }).collections['core/v2/posts'];
  const FOREIGN = [
    'https://evil.example',
    'http://evil.example:4010',
    'null',
    'http://127.0.0.1.evil.example',
    'http://localhost.evil.example:3000',
    'http://[::2]:80',
    'https://app.example:444',
    'http://LOCALHOST:3000/x',
    'x',
  ];
  const LOCAL = ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'http://app.localhost:3000', 'https://app.example'];

  it.each(FOREIGN)('Origin %s: POST /__mock/reset (text/plain) answers 403 mock_foreign_origin and resets nothing; credentials do not pass', async (origin) => {
    expect((await fetch(`${storeBase}/core/v2/posts`, { method: 'POST', headers: AUTH, body: '{"title":"kept"}' })).status).toBe(201);
    const before = await posts();
    const r = await fetch(`${storeBase}/__mock/reset`, { method: 'POST', headers: { origin, 'content-type': 'text/plain' }, body: 'x' });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: 'mock_foreign_origin', data: { status: 403 } });
    expect((await fetch(`${storeBase}/__mock/state`, { headers: { origin } })).status).toBe(403);
    const write = await fetch(`${storeBase}/core/v2/posts`, { method: 'POST', headers: { ...AUTH, origin }, body: '{"title":"from a foreign page"}' });
    expect(write.status).toBe(401);
    expect(((await write.json()) as { code: string }).code).toBe('rest_cannot_create');
    expect(await posts()).toBe(before);
  });

  it.each(LOCAL)('Origin %s (loopback, or --allow-origin): the control routes and credentials work', async (origin) => {
    expect(isForeignOrigin(origin, ['https://app.example'])).toBe(false);
    expect((await fetch(`${storeBase}/core/v2/posts`, { method: 'POST', headers: { ...AUTH, origin }, body: '{"title":"mine"}' })).status).toBe(201);
    expect((await fetch(`${storeBase}/__mock/reset`, { method: 'POST', headers: { origin } })).status).toBe(200);
  });

  it('GET /__mock/reset?_method=POST (an <img> on any page) does not reset', async () => {
    expect((await fetch(`${storeBase}/core/v2/posts`, { method: 'POST', headers: AUTH, body: '{"title":"kept"}' })).status).toBe(201);
    const before = await posts();
    expect((await fetch(`${storeBase}/__mock/reset?_method=POST`)).status).toBe(405);
    expect((await fetch(`${storeBase}/__mock/reset`, { headers: { 'x-http-method-override': 'POST' } })).status).toBe(405);
    expect(await posts()).toBe(before);
  });

  it('a real browser page of a foreign site cannot reset the store with a no-cors text/plain POST', async () => {
    expect((await fetch(`${storeBase}/core/v2/posts`, { method: 'POST', headers: AUTH, body: '{"title":"kept"}' })).status).toBe(201);
    const before = await posts();
    const page = await browser.newPage();
    try {
      await page.goto(`${foreignBase}/`);
      const sent = await page.evaluate(async (url) => {
        await fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: 'wipe' });
        return true;
      }, `${storeBase}/__mock/reset`);
      expect(sent).toBe(true);
    } finally {
      await page.close();
    }
    expect(await posts()).toBe(before);
  });
});
