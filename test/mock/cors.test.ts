// Issue 26: the mock answers CORS as WordPress does (rest_send_cors_headers echoes the request's
// Origin and allows credentials; serve_request lists the allowed and exposed headers), so a browser
// app on another origin can call it with `credentials: 'include'` and read X-WP-Total, as it can a
// real site. The front runs before a fake Prism; the browser is Debian's chromium (never downloaded).
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsHeaders } from '../../mock/cors.ts';
import { AnswerMemo } from '../../mock/memo.ts';
import { launchChromium } from '../support/browser.js';
import { closeServer, fakeFront, type FakeFront, listen } from '../support/front.js';

let fake: FakeFront;
let app: http.Server;
let mockBase = '';
let appBase = '';
let browser: Browser;

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
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
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
