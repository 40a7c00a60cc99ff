// Hostile requests against the mock, bounded in count and time, from a fixed PRNG seed: malformed
// percent-encoding in form and query keys, unknown and malformed content types and charsets,
// Accept headers the platform ignores, slash floods, incomplete chunked bodies, CONNECT, malformed
// HTTP, and a Prism killed under load. The mock must stay alive and answer a normal request
// afterwards, and every answer it gives must be the platform's: JSON, errors as {code, message, data}.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPrismPids, startMock, type Mock } from '../support/mock.js';
import { bundle, deref, operations, type Json, type Operation } from '../support/spec.js';
import { check } from '../support/validate.js';
import { BASIC, validRequest } from './requests.js';
import { prng } from '../support/prng.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const MAX_REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 600);
const MAX_MS = Number(process.env.HOSTILE_MS ?? 300_000); // a safety net under the test's 330 s, not a budget: every case must run
const BODY_TIMEOUT = 1500;
const ERROR = { $ref: '#/components/schemas/Error' };
const doc = bundle();
const ops = operations(doc);
const withBody = ops.filter((o) => ['post', 'put', 'patch'].includes(o.method));

const BAD_KEYS = ['%', '%zz', 'a%', '%E0%A4%A', '%uD800', '%%', '%0', 'a[%]', '%5B', '[', '%00', '%C3%28', '%FF%FE'];
const CONTENT_TYPES = [
  'a/b/c',
  ';;;',
  'multipart/form-data; boundary=',
  'multipart/form-data',
  'multipart/form-data; boundary="',
  'text/plain',
  '',
  '/',
  'application/',
  'application/json; charset=foo',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/x-www-form-urlencoded; charset=nope',
  'application/json;;;charset=',
  'image/png',
  'application/xml',
  '*/*',
  'application/json, text/plain',
];
const ACCEPTS = ['application/xml', 'text/html', '*/*;q=0', 'image/png', 'application/problem+json', ';;;', 'a/b/c'];

interface Raw {
  status: number;
  type: string;
  text: string;
}

/** One raw HTTP/1.1 exchange on a new socket (bounded: `ms`); the answer's status, content type and body. */
function rawExchange(port: number, request: string | Buffer, ms = 10_000): Promise<Raw | Error> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(request));
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      s.destroy();
      resolve(new Error(`no answer within ${ms} ms`));
    }, ms);
    s.on('data', (c) => {
      data = Buffer.concat([data, c]);
    });
    const done = () => {
      clearTimeout(timer);
      const text = data.toString('utf8');
      const head = text.split('\r\n\r\n', 1)[0];
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (!m) {
        resolve(new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        return;
      }
      const type = /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '';
      let body = text.slice(head.length + 4);
      if (/\r\ntransfer-encoding: *chunked/i.test(head)) body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(m[1]), type, text: body });
    };
    s.on('end', done);
    s.on('close', done);
    s.on('error', () => {});
  });
}

let mock: Mock;
let port: number;
beforeAll(async () => {
  mock = await startMock({ errors: true, bodyTimeoutMs: BODY_TIMEOUT });
  port = Number(new URL(mock.url).port);
});
afterAll(async () => {
  await mock?.stop();
});

const failures: string[] = [];
let answers = 0;

/** Does the operation document the status as an answer without a body (an add-on's empty 200)? */
function documentsNoBody(o: Operation | undefined, status: number): boolean {
  const response = o ? deref(o.op.responses?.[String(status)]) : undefined;
  return response !== undefined && response.content === undefined;
}

/**
 * Every answer is the platform's: JSON (empty only for HEAD, or where the operation documents an
 * answer without a body, sent with the platform's JSON content type), an error in {code, message, data}.
 */
function expectPlatform(label: string, r: Raw | Error, head = false, op?: Operation) {
  answers++;
  if (r instanceof Error) {
    failures.push(`${label}: ${r.message}`);
    return;
  }
  if (head && r.text === '') return;
  if (!/^application\/json/i.test(r.type)) {
    failures.push(`${label}: ${r.status} content-type ${r.type} ${r.text.slice(0, 120)}`);
    return;
  }
  if (r.text === '' && documentsNoBody(op, r.status)) return;
  let body: Json;
  try {
    body = JSON.parse(r.text);
  } catch {
    failures.push(`${label}: ${r.status} not JSON: ${r.text.slice(0, 120)}`);
    return;
  }
  if (r.status >= 400) {
    const errs = check(ERROR, body);
    if (errs.length) failures.push(`${label}: ${r.status} not the platform's error shape: ${errs.join('; ')} ${r.text.slice(0, 160)}`);
  }
  if (r.status === 502 || r.status === 406 || r.status === 415)
    failures.push(`${label}: ${r.status} is not an answer of the platform: ${r.text.slice(0, 160)}`);
}

async function fetchRaw(path: string, init: RequestInit): Promise<Raw | Error> {
  try {
    const res = await fetch(`${mock.url}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  } catch (e) {
    return e as Error;
  }
}

function hostileCase(r: ReturnType<typeof prng>): { label: string; path: string; init: RequestInit; op?: Operation } {
  const kind = r.int(5);
  if (kind === 0) {
    // malformed percent-encoding in form keys (and values)
    const o = r.pick(withBody);
    const req = validRequest(o, doc);
    const pairs = Array.from({ length: 1 + r.int(4) }, () => `${r.pick(BAD_KEYS)}${r.next() < 0.3 ? '[x]' : ''}=${r.pick(['x', '%', '%zz', ''])}`);
    return {
      op: o,
      label: `form keys ${o.method} ${o.path} ${pairs.join('&')}`,
      path: req.url,
      init: { method: o.method.toUpperCase(), headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }, body: pairs.join('&') },
    };
  }
  if (kind === 1) {
    // malformed percent-encoding in query keys
    const o = r.pick(ops);
    const req = validRequest(o, doc);
    const q = Array.from({ length: 1 + r.int(3) }, () => `${r.pick(BAD_KEYS)}=${r.pick(['1', '%', '%zz'])}`).join('&');
    const sep = req.url.includes('?') ? '&' : '?';
    return {
      op: o,
      label: `query keys ${o.method} ${o.path} ${q}`,
      path: `${req.url}${sep}${q}`,
      init: {
        method: o.method === 'get' ? 'GET' : o.method.toUpperCase(),
        headers: { authorization: BASIC, ...(o.method === 'get' ? {} : { 'content-type': 'application/json' }) },
        body: o.method === 'get' ? undefined : JSON.stringify(req.body ?? {}),
      },
    };
  }
  if (kind === 2) {
    // bad content types and charsets
    const o = r.pick(withBody);
    const req = validRequest(o, doc);
    const type = r.pick(CONTENT_TYPES);
    const json = JSON.stringify(req.body ?? {});
    const body = /utf-16/.test(type) && r.next() < 0.5 ? Buffer.from(json, 'utf16le') : r.next() < 0.5 ? json : 'title=x&%=1';
    return {
      op: o,
      label: `content type "${type}" ${o.method} ${o.path}`,
      path: req.url,
      init: { method: o.method.toUpperCase(), headers: { authorization: BASIC, 'content-type': type }, body },
    };
  }
  if (kind === 3) {
    // Accept headers (the platform ignores them)
    const o = r.pick(ops.filter((x) => x.method === 'get'));
    const req = validRequest(o, doc);
    return { op: o, label: `accept ${o.path}`, path: req.url, init: { headers: { ...req.headers, accept: r.pick(ACCEPTS) } } };
  }
  // slash floods and odd paths
  const o = r.pick(ops);
  const req = validRequest(o, doc);
  const flood = '/'.repeat(1 + r.int(12_000));
  // The route's GET answers (an add-on's documented empty 200 included): trailing and leading slashes do not change the route.
  return {
    op: ops.find((x) => x.path === o.path && x.method === 'get'),
    label: `slashes ${o.path}`,
    path: r.next() < 0.5 ? `${req.url}${flood}` : `${flood}${req.url}`,
    init: { method: 'GET', headers: req.headers },
  };
}

describe('hostile requests', () => {
  it(`${MAX_REQUESTS} hostile requests or ${MAX_MS / 1000} s (seed ${SEED}): only platform answers, the mock stays alive`, async () => {
    const r = prng(SEED);
    const cases = Array.from({ length: MAX_REQUESTS }, () => hostileCase(r));
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < cases.length && Date.now() - started < MAX_MS) {
        const c = cases[next++];
        expectPlatform(c.label, await fetchRaw(c.path, c.init), c.init.method === 'HEAD', c.op);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(next, `the ${MAX_MS / 1000} s safety net stopped the run: every case must run`).toBe(MAX_REQUESTS);
    expect(mock.alive(), mock.output()).toBe(true);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 330_000);

  it('the documented cases answer what WordPress answers for the same request', async () => {
    const form = (path: string, body: string, auth = true) =>
      fetchRaw(path, { method: 'POST', headers: { ...(auth ? { authorization: BASIC } : {}), 'content-type': 'application/x-www-form-urlencoded' }, body });
    // `%=x` is a key "%" for PHP: batch/v1 misses `requests` (the sandbox answers the same).
    const batch = await form('/batch/v1', '%=x');
    expectPlatform('%=x', batch);
    expect(batch instanceof Error ? batch.message : JSON.parse(batch.text).code).toBe('rest_missing_callback_param');
    // An unknown content type: the body is not read (the platform's code for the missing field).
    const unknown = await fetchRaw('/batch/v1', { method: 'POST', headers: { authorization: BASIC, 'content-type': 'a/b/c' }, body: '{"requests":[]}' });
    expect(unknown instanceof Error ? unknown.message : JSON.parse(unknown.text).code).toBe('rest_missing_callback_param');
    // The charset is ignored: JSON with charset=foo is read as JSON.
    const charset = await fetchRaw('/batch/v1', {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/json; charset=foo' },
      body: '{"requests":5}',
    });
    expect(charset instanceof Error ? charset.message : JSON.parse(charset.text).code).toBe('rest_invalid_param');
    // A UTF-16 body is not UTF-8 JSON: PHP's "Control character error" (json_error_code 3).
    const utf16 = await fetchRaw('/batch/v1', {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/json; charset=utf-16' },
      body: Buffer.from('{"requests":[]}', 'utf16le'),
    });
    expect(utf16 instanceof Error ? utf16.message : JSON.parse(utf16.text)).toMatchObject({ code: 'rest_invalid_json', data: { json_error_code: 3 } });
    // Accept is ignored.
    const xml = await fetchRaw('/', { headers: { accept: 'application/xml' } });
    expect(xml instanceof Error ? xml.message : xml.status).toBe(200);
    // Query keys with malformed escapes are kept as they are (and ignored).
    const q = await fetchRaw('/core/v2/posts?%=1&%zz=2&per_page=1', {});
    expect(q instanceof Error ? q.message : q.status).toBe(200);
    // An anonymous create answers what the operation's docs state.
    const anon = await fetchRaw('/core/v2/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' });
    expectPlatform('anonymous create', anon);
    // Prism's sl-violations header is not the platform's: only with --verbose.
    const headers = await fetch(`${mock.url}/core/v2/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"y"}' });
    expect(headers.headers.get('sl-violations')).toBeNull();
    if (!(anon instanceof Error)) {
      expect(anon.status).toBe(401);
      expect(JSON.parse(anon.text).code).toBe('rest_cannot_create');
    }
  });

  it('slash floods are answered, 50 at once (trimming is linear: test/core/match.test.ts)', async () => {
    const flood = '/'.repeat(15_000);
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => fetchRaw(`/core/v2/posts${i % 2 ? '' : '/5'}${flood}`, {})));
    for (const a of all) expectPlatform('slash flood', a);
    expect(all.every((a) => !(a instanceof Error) && a.status === 200)).toBe(true);
  });

  it('incomplete bodies (chunked and short Content-Length) answer 408 after the body timeout', async () => {
    const incomplete = {
      'incomplete chunked': 'Transfer-Encoding: chunked\r\n\r\n5\r\n{"req\r\n',
      'short Content-Length': 'Content-Length: 100\r\n\r\n{"req',
    };
    for (const [name, rest] of Object.entries(incomplete)) {
      const r = await rawExchange(port, `POST /batch/v1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${rest}`, BODY_TIMEOUT + 8000);
      expectPlatform(name, r);
      expect(r instanceof Error ? r.message : r.status, name).toBe(408);
    }
  });

  it('CONNECT and malformed HTTP get an answer', async () => {
    for (const target of ['127.0.0.1:443', '/core/v2/posts', 'festival.example:80']) {
      const r = await rawExchange(port, `CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expectPlatform(`CONNECT ${target}`, r);
      expect(r instanceof Error ? r.message : r.status).toBe(404);
    }
    for (const bad of [
      'GARBAGE / HTTP/9\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'GET /\x00 HTTP/1.1\r\n\r\n',
      `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      const r = await rawExchange(port, bad);
      expectPlatform(`malformed ${JSON.stringify(bad.slice(0, 30))}`, r);
    }
    const head = await rawExchange(port, 'HEAD /core/v2/posts?per_page=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(head instanceof Error ? head.message : head.status).toBe(200);
  });

  it('a Prism that dies is restarted; its request answers 500 internal_server_error', async () => {
    const before = currentPrismPids(mock.output());
    process.kill(before[0], 'SIGKILL');
    const during = await fetchRaw('/core/v2', {});
    expectPlatform('Prism killed', during);
    if (!(during instanceof Error) && during.status !== 200) expect(JSON.parse(during.text).code).toBe('internal_server_error');
    // It comes back (bounded wait) and answers.
    const deadline = Date.now() + 60_000;
    while (currentPrismPids(mock.output())[0] === before[0] && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(currentPrismPids(mock.output())[0]).not.toBe(before[0]);
    const after = await fetchRaw('/core/v2?after=restart', {});
    expect(after instanceof Error ? after.message : after.status).toBe(200);
    // Only the Prism killed here ever exited (no request of this file killed one).
    expect(mock.output().match(/ exited \(/g) ?? [], mock.output()).toHaveLength(1);
  }, 90_000);

  it("is alive afterwards and answers a normal request; every answer was the platform's", async () => {
    expect(mock.alive(), mock.output()).toBe(true);
    // Post 5 is a record of the store's seed (the examples' post).
    const res = await fetch(`${mock.url}/core/v2/posts/5`);
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBeTypeOf('number');
    console.log(`hostile: ${answers} answers checked, ${failures.length} failures`);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
