// Second adversary round against the mock's front (issue 23, points 7-9), in process, in front of a
// fake Prism that answers canned responses: prototype keys from a request never reach an object's
// prototype (the next normal request answers exactly as before), bracketed keys of scalar
// parameters answer the platform's 400 rest_invalid_param, and JSON deeper than PHP reads answers
// rest_invalid_json with PHP's depth error.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonErrorCode } from '../../mock/errors.ts';
import { fakeFrontForAll } from '../support/front.js';
import { isRunning, startMock, type Mock } from '../support/mock.js';

const POSTS = [
  { id: 5, date: '2025-06-13T10:00:00', title: { rendered: 'Hello' }, _links: { self: [{ href: 'http://x/wp-json/wp/v2/posts/5' }] } },
  { id: 6, date: '2025-06-14T10:00:00', title: { rendered: 'Two' }, _links: { self: [{ href: 'http://x/wp-json/wp/v2/posts/6' }] } },
];
let canned = { status: 200, headers: { 'content-type': 'application/json' } as Record<string, string>, body: JSON.stringify(POSTS) };
const front = fakeFrontForAll(() => canned);

const PROTO_NAMES = ['x', '_links', '_embedded', 'id', 'content-type', 'authorization', 'status', 'toString', 'valueOf', 'hasOwnProperty'];
/** Whatever a hostile request may have written onto the shared prototypes is removed after each test. */
afterEach(() => {
  for (const n of PROTO_NAMES) {
    if (Object.hasOwn(Object.prototype, n) && !['toString', 'valueOf', 'hasOwnProperty'].includes(n)) delete (Object.prototype as Record<string, unknown>)[n];
  }
});

async function exchange(path: string, init: RequestInit = {}) {
  const res = await fetch(`${front.base}${path}`, init);
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k !== 'date' && k !== 'keep-alive' && k !== 'connection') headers[k] = v;
  });
  return { status: res.status, headers, text: await res.text() };
}

const polluted = () => PROTO_NAMES.filter((n) => Object.hasOwn(Object.prototype, n) && !['toString', 'valueOf', 'hasOwnProperty'].includes(n));

export const HOSTILE_PROTO_QUERIES = [
  '_fields=__proto__.x',
  '_fields=__proto__._links',
  '_fields=id,__proto__._embedded',
  '_fields=constructor.prototype.x',
  '_fields=__proto__',
  '_fields=prototype.id',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  '__proto__.x=1',
  '_embed=__proto__',
  '_fields=__proto__.content-type',
  '_fields=__proto__.authorization',
  '_fields=__proto__.status',
];

describe('prototype keys from a request (issue 23, point 7)', () => {
  it.each(HOSTILE_PROTO_QUERIES)('after ?%s the next normal request answers exactly as before', async (q) => {
    canned = { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(POSTS) };
    const normal = '/core/v2/posts?_fields=id';
    const before = await exchange(normal);
    expect(before.text).toBe('[{"id":5},{"id":6}]');
    await exchange(`/core/v2/posts?${q}`);
    expect(polluted()).toEqual([]);
    expect(await exchange(normal)).toEqual(before);
  });

  it('keeps a field named __proto__ of the answer as an ordinary field, never as a prototype', async () => {
    canned = { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"id":5,"__proto__":{"polluted":true}}]' };
    const r = await exchange('/core/v2/posts?_fields=id,__proto__');
    expect(JSON.parse(r.text)).toEqual(JSON.parse('[{"id":5,"__proto__":{"polluted":true}}]'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("forwards JSON and form bodies with prototype keys without touching the front's prototypes", async () => {
    canned = { status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify(POSTS[0]) };
    await exchange('/core/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic eDp5' },
      body: '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}},"title":"t"}',
    });
    await exchange('/core/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic eDp5' },
      body: '__proto__[x]=1&constructor[prototype][x]=1&title=t',
    });
    expect(polluted()).toEqual([]);
  });
});

describe('arrays where the platform expects a scalar (issue 23, point 8)', () => {
  const cases: [string, string, string][] = [
    ['/core/v2/posts?per_page[]=abc', 'per_page', 'per_page is not of type integer.'],
    ['/core/v2/posts?order[]=sideways', 'order', 'order is not of type string.'],
    ['/core/v2/posts?page[x]=2', 'page', 'page is not of type integer.'],
    ['/core/v2/posts?per_page=5&per_page[]=abc', 'per_page', 'per_page is not of type integer.'],
  ];
  it.each(cases)('%s answers 400 rest_invalid_param / rest_invalid_type', async (path, name, message) => {
    canned = { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(POSTS) };
    const r = await exchange(path);
    expect(r.status).toBe(400);
    const body = JSON.parse(r.text);
    expect(body.code).toBe('rest_invalid_param');
    expect(body.message).toBe(`Invalid parameter(s): ${name}`);
    expect(body.data.params[name]).toBe(message);
    expect(body.data.details[name]).toEqual({ code: 'rest_invalid_type', message, data: { param: name } });
  });

  it('reads a form body the same way: title=x&status[]=draft answers 400 rest_invalid_type for status, also anonymously (as the sandbox does)', async () => {
    canned = { status: 401, headers: { 'content-type': 'application/json' }, body: '{"code":"rest_cannot_create","message":"Sorry.","data":{"status":401}}' };
    const r = await exchange('/core/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=x&status[]=draft',
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: {
        status: 400,
        params: { status: 'status is not of type string.' },
        details: { status: { code: 'rest_invalid_type', message: 'status is not of type string.', data: { param: 'status' } } },
      },
    });
  });

  it('reads the last key as PHP does: per_page[]=abc&per_page=1 is the scalar 1', async () => {
    canned = { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(POSTS) };
    const r = await exchange('/core/v2/posts?per_page[]=abc&per_page=1');
    expect(r.status).toBe(200);
  });
});

describe('JSON deeper than PHP reads (issue 23, point 9)', () => {
  const deep = (n: number) => `{"title":"t","meta":${'['.repeat(n)}${']'.repeat(n)}}`;
  it("answers 400 rest_invalid_json with PHP's depth error (json_error_code 1) from 512 levels on", async () => {
    canned = { status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify(POSTS[0]) };
    const r = await exchange('/core/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic eDp5' },
      body: deep(600),
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' },
    });
  });

  // Measured on the sandbox (WordPress 6.1.9, PHP 8.2): 511 nested arrays (or `{"a":` objects) reach
  // the permission check (401 anonymous), 512 answer rest_invalid_json with json_error_code 1.
  it('counts as PHP does: 511 levels parse, 512 do not; a syntax error before the deep bracket wins', () => {
    const nest = (n: number) => Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`);
    expect(jsonErrorCode(nest(511))).toBeNull();
    expect(jsonErrorCode(nest(512))).toBe(1);
    expect(jsonErrorCode(Buffer.from(deep(510)))).toBeNull(); // 510 + the outer object = 511
    expect(jsonErrorCode(Buffer.from(deep(511)))).toBe(1);
    expect(jsonErrorCode(Buffer.from(`${'{"a":'.repeat(511)}1${'}'.repeat(511)}`))).toBeNull();
    expect(jsonErrorCode(Buffer.from(`${'{"a":'.repeat(512)}1${'}'.repeat(512)}`))).toBe(1);
    expect(jsonErrorCode(Buffer.from('['.repeat(600)))).toBe(1); // the depth is reached before the end of input
    expect(jsonErrorCode(Buffer.from(`[x${'['.repeat(600)}`))).toBe(4);
    expect(jsonErrorCode(Buffer.from(`${'['.repeat(511)}1 [`))).toBe(4);
    expect(jsonErrorCode(Buffer.from(JSON.stringify({ a: '[[[['.repeat(300) })))).toBeNull(); // brackets in a string
  });
});

// Third round (issue 31, the mock): a real mock, hostile clients on loopback, bounded in count.
describe('slow and broken clients (issue 31, point 4): every socket is freed after its answer', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startMock({ bodyTimeoutMs: 500, waitForPrism: false });
  }, 120_000);
  afterAll(() => mock?.stop());

  const fds = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;
  /** What each slow client sends (then it neither reads nor closes its side). */
  const SLOW: [string, string][] = [
    ['idle (nothing sent)', ''],
    ['headers never finished', 'GET /core/v2/posts HTTP/1.1\r\nHost: x\r\n'],
    ['body shorter than its Content-Length', 'POST /core/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"'],
    [
      'chunked body never finished',
      'POST /core/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n',
    ],
    ['CONNECT', 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n'],
    ['malformed HTTP', 'GARBAGE \x01\x02 NOT-HTTP\r\n\r\n'],
  ];
  const CLIENTS = 60;

  it.each(SLOW)(
    `%s: ${CLIENTS} half-open clients, then the descriptors are back to the baseline and a normal client is served`,
    async (_label, text) => {
      const normal = () => fetch(`${mock.url}/core/v2/posts?per_page=1`, { headers: { connection: 'close' } });
      expect((await normal()).status).toBe(200);
      const baseline = fds(mock.pid);
      const sockets: net.Socket[] = [];
      try {
        for (let i = 0; i < CLIENTS; i++) {
          // allowHalfOpen: the client keeps its side open after the mock's FIN, as a hostile one does.
          const s = net.connect({ port: Number(new URL(mock.url).port), host: '127.0.0.1', allowHalfOpen: true });
          s.on('error', () => {});
          sockets.push(s);
          await new Promise((r) => s.once('connect', r));
          if (text) s.write(text);
        }
        const deadline = Date.now() + 20_000;
        while (fds(mock.pid) > baseline + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        expect(fds(mock.pid), 'open descriptors of the mock after the slow clients were answered').toBeLessThanOrEqual(baseline + 2);
        expect((await normal()).status).toBe(200);
        expect(mock.alive()).toBe(true);
      } finally {
        for (const s of sockets) s.destroy();
      }
    },
    60_000,
  );
});

describe('killing the mock with SIGKILL (issue 31, point 5)', () => {
  it('its Prisms exit and its temporary spec folder is removed', async () => {
    const mock = await startMock({ waitForPrism: false });
    try {
      const folders = mock.prismPids.map((pid) => {
        const spec = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .split('\0')
          .find((a) => a.includes('mock-spec-'));
        return spec ? dirname(spec) : '';
      });
      expect(folders[0], 'the snapshot folder in the Prism command line').toMatch(/mock-spec-/);
      expect(existsSync(folders[0])).toBe(true);
      process.kill(mock.pid, 'SIGKILL');
      // A Prism still starting is busy (loading its document) before it reads the closed pipe: on a
      // loaded machine that is as long as a Prism's start, so the bound is a mock start's (240 s).
      const deadline = Date.now() + 240_000;
      const left = () => [...mock.prismPids.filter(isRunning).map(String), ...folders.filter((f) => existsSync(f))];
      while (left().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(left(), 'Prisms still running or folders left behind').toEqual([]);
    } finally {
      await mock.stop();
    }
  }, 300_000);
});

describe('a filling store (issue 31, point 6): a clear 507, never a crash', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startMock({ args: ['--max-records', '240', '--max-store-mb', '2'], waitForPrism: false });
  }, 120_000);
  afterAll(() => mock?.stop());
  const AUTH = { authorization: 'Basic eDp5', 'content-type': 'application/json' };
  const post = (body: unknown) => fetch(`${mock.url}/core/v2/posts`, { method: 'POST', headers: AUTH, body: JSON.stringify(body) });
  const reset = () => fetch(`${mock.url}/__mock/reset`, { method: 'POST' });

  it.each([
    ['records (--max-records 240; the seed holds 235)', () => ({ title: 'small', status: 'publish' }), 7],
    ['bytes (--max-store-mb 2; the seed is 0.6 MB)', () => ({ title: 'big', content: 'x'.repeat(400_000) }), 2],
  ])(
    '%s: writes answer 507 mock_store_full once full; DELETE and reset free it',
    async (_label, body, fits) => {
      expect((await reset()).status).toBe(200);
      const statuses: number[] = [];
      let full: Record<string, unknown> | undefined;
      for (let i = 0; i < fits + 3; i++) {
        const r = await post(body());
        statuses.push(r.status);
        if (r.status === 507) full = (await r.json()) as Record<string, unknown>;
        else await r.arrayBuffer();
      }
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
      expect(statuses.slice(-2)).toEqual([507, 507]);
      expect(full).toMatchObject({ code: 'mock_store_full', data: { status: 507 } });
      expect(String(full?.message)).toMatch(/--max-(records|store-mb).*POST \/__mock\/reset/);
      const state = (await (await fetch(`${mock.url}/__mock/state`)).json()) as { records: number; bytes: number };
      const some = (await (await fetch(`${mock.url}/core/v2/posts?per_page=1`)).json()) as { id: number }[];
      expect((await fetch(`${mock.url}/core/v2/posts/${some[0].id}?force=true`, { method: 'DELETE', headers: AUTH })).status).toBe(200);
      expect(((await (await fetch(`${mock.url}/__mock/state`)).json()) as { records: number }).records).toBeLessThan(state.records);
      expect((await reset()).status).toBe(200);
      expect((await post({ title: 'after the reset' })).status).toBe(201);
      expect(mock.alive()).toBe(true);
    },
    120_000,
  );
});
