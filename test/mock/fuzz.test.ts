// Bounded fuzzing of the mock: a few thousand malformed requests (bad JSON, wrong types, huge values,
// long and unicode strings, unknown routes, wrong methods, bad path parameters, oversized batches),
// from a fixed PRNG seed, bounded by count: every case runs (FUZZ_MS is only a safety net, and a run it
// stops fails). The mock must never crash (it still answers a
// valid request at the end), and every answer must be a status the targeted operation documents
// (404 rest_no_route when no operation matches), errors in the platform's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../support/mock.js';
import { bundle, deref, operations, type Json, type Operation } from '../support/spec.js';
import { check } from '../support/validate.js';
import { BASIC, encodeBody, fillPath, queryString, readAnswer, requestBodyOf, validRequest, type Req } from './requests.js';
import { prng } from '../support/prng.js';

const MAX_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3600);
const MAX_MS = Number(process.env.FUZZ_MS ?? 450_000); // a safety net under the test's 480 s, not a budget (3000 cases took 142 s at load 20 on 2 cores)
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 8;
const ERROR = { $ref: '#/components/schemas/Error' };

const doc = bundle();
const ops = operations(doc);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const WEIRD = [
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '😀🎉',
  'ÄÖÜ ß',
  '日本語',
  '\u202e\u0301',
  '<script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'a,b,,c',
  '%',
  '%zz',
];
const BAD_JSON = ['{', '{"a":', "{'a': 1}", '[1,2', 'undefined', '{"a":1,}', '\u0000', '{"a": NaN}', '😀', '{"requests": [}'];

interface Case {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  op?: Operation;
  noRoute?: boolean;
  /** The mock's own answer expected (a control route): status and code. */
  own?: { status: number; code: string };
}

/** Origins of pages on other sites (issue 31, point 7): no control route, no credentials. */
const FOREIGN_ORIGINS = ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example:3000', 'http://evil.example:4010'];

function longString(r: ReturnType<typeof prng>, n: number): string {
  const alphabet = ['a', 'Z', '9', ' ', 'é', '😀', '日', '\n', '"', '\\'];
  let s = '';
  for (let i = 0; i < n; i++) s += r.pick(alphabet);
  return s;
}

function weirdValue(r: ReturnType<typeof prng>): unknown {
  switch (r.int(9)) {
    case 0:
      return r.pick(WEIRD);
    case 1:
      return longString(r, 1 + r.int(20_000));
    case 2:
      return -r.int(1e9);
    case 3:
      return 1e300 * (r.next() + 1);
    case 4:
      return r.next() < 0.5;
    case 5:
      return null;
    case 6:
      return [r.pick(WEIRD), r.int(5)];
    case 7:
      return { nested: { deep: r.pick(WEIRD) } };
    default:
      return r.int(1000);
  }
}

function toCase(o: Operation, req: Req, label: string): Case {
  const headers = { ...req.headers };
  const body = encodeBody(req);
  if (body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
  return { label, method: req.method.toUpperCase(), url: `${req.url}${queryString(req.query)}`, headers, body, op: o };
}

function makeCase(r: ReturnType<typeof prng>): Case {
  const o = r.pick(ops);
  const req = validRequest(o, doc);
  if (r.next() < 0.3) delete req.headers.authorization;
  const kind = r.int(12);
  switch (kind) {
    case 10: {
      // a foreign page's request to a control route (a no-cors text/plain POST needs no preflight)
      const [method, path] = r.pick([
        ['POST', '/__mock/reset'],
        ['GET', '/__mock/state'],
        ['POST', '/__mock/reset/'],
      ]);
      const headers = { origin: r.pick(FOREIGN_ORIGINS), 'content-type': 'text/plain' };
      return {
        label: 'foreign control route',
        method,
        url: path,
        headers,
        body: method === 'POST' ? 'x' : undefined,
        own: { status: 403, code: 'mock_foreign_origin' },
      };
    }
    case 11: {
      // a foreign page's request with credentials: served as anonymous (a documented answer all the same)
      const c = toCase(o, req, 'foreign origin with credentials');
      return { ...c, headers: { ...c.headers, authorization: BASIC, origin: r.pick(FOREIGN_ORIGINS) } };
    }
    case 0: {
      // a body that is not JSON (to an operation that takes a body)
      if (!requestBodyOf(o).type) return toCase(o, req, 'valid');
      const c = toCase(o, req, 'bad JSON');
      return { ...c, headers: { ...c.headers, 'content-type': 'application/json' }, body: r.pick(BAD_JSON) };
    }
    case 1: {
      // wrong or weird query values
      const qp = o.params.filter((p) => p.in === 'query');
      for (let i = 0; i < 1 + r.int(3) && qp.length; i++) {
        const v = weirdValue(r);
        req.query[r.pick(qp).name] = typeof v === 'string' ? v.slice(0, 2000) : v;
      }
      return toCase(o, req, 'weird query');
    }
    case 2: {
      // huge numbers for integer parameters
      for (const p of o.params.filter((x) => x.in === 'query' && ['integer', 'number'].includes(deref(x.schema)?.type)))
        req.query[p.name] = r.pick(['99999999999999999999', '-99999999999999999999', '1.5', '1e400', '0x10']);
      return toCase(o, req, 'huge numbers');
    }
    case 3: {
      // body fields of wrong types, long and unicode strings
      const rb = requestBodyOf(o);
      const base = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const props = Object.keys(deref(rb.schema)?.properties ?? {});
      const body: Record<string, unknown> = { ...base };
      for (let i = 0; i < 1 + r.int(4); i++) body[props.length && r.next() < 0.8 ? r.pick(props) : longString(r, 1 + r.int(30))] = weirdValue(r);
      req.body = r.next() < 0.1 ? weirdValue(r) : body;
      req.contentType = 'application/json';
      const c = toCase(o, req, 'weird body');
      if (o.method === 'get' || o.method === 'delete') c.body = undefined;
      return c;
    }
    case 4: {
      // unknown route
      const segs = Array.from({ length: 1 + r.int(5) }, () => encodeURIComponent(String(r.pick([...WEIRD, 'core', 'v2', 'cal', 'events', 'wp', 'x'])) || 'x'));
      return { label: 'unknown route', method: r.pick(METHODS), url: `/zz-${segs.join('/')}`, headers: {}, noRoute: true };
    }
    case 5: {
      // wrong method
      const item = deref(doc.paths[o.path]);
      const missing = METHODS.filter((m) => !item[m.toLowerCase()]);
      if (!missing.length) return toCase(o, req, 'valid');
      const c = toCase(o, req, 'wrong method');
      const method = r.pick(missing);
      return { ...c, method, body: method === 'GET' ? undefined : c.body, op: undefined, noRoute: true };
    }
    case 6: {
      // a path parameter that is not a number
      const p = o.params.find((x) => x.in === 'path' && deref(x.schema)?.type === 'integer');
      if (!p) return toCase(o, req, 'valid');
      req.path[p.name] = r.pick(['abc', '-1', '1.5', '1e3', '😀', '%20', '0x1']);
      req.url = fillPath(o.path, req.path);
      return { ...toCase(o, req, 'bad path parameter'), op: undefined, noRoute: true };
    }
    case 7: {
      // oversized batch: 26 or more requests
      const n = 26 + r.int(40);
      const requests = Array.from({ length: n }, (_, i) => ({ method: 'POST', path: `/core/v2/posts/${i + 1}`, body: { title: longString(r, 5) } }));
      const batch = ops.find((x) => x.path === '/batch/v1' && x.method === 'post');
      if (!batch) return toCase(o, req, 'valid');
      return {
        label: 'oversized batch',
        method: 'POST',
        url: '/batch/v1',
        headers: { 'content-type': 'application/json', authorization: BASIC },
        body: JSON.stringify({ requests }),
        op: batch,
      };
    }
    case 8: {
      // unknown and weird query keys, unicode everywhere
      req.query[longString(r, 1 + r.int(40))] = longString(r, r.int(200));
      req.query['😀'] = r.pick(WEIRD);
      return toCase(o, req, 'unknown query keys');
    }
    default:
      return toCase(o, req, 'valid');
  }
}

let mock: Mock;
beforeAll(async () => {
  mock = await startMock({ errors: true });
});
afterAll(async () => {
  await mock?.stop();
});

describe('fuzzing the mock', () => {
  it(`${MAX_REQUESTS} malformed requests or ${MAX_MS / 1000} s, seed ${SEED}: no crash, only documented answers`, async () => {
    const r = prng(SEED);
    const cases: Case[] = Array.from({ length: MAX_REQUESTS }, () => makeCase(r));
    const started = Date.now();
    const failures: string[] = [];
    const byLabel = new Map<string, number>();
    const byStatus = new Map<number, number>();
    let sent = 0;
    let next = 0;
    async function worker() {
      while (next < cases.length && Date.now() - started < MAX_MS) {
        const c = cases[next++];
        const res = await fetch(`${mock.url}${c.url}`, { method: c.method, headers: c.headers, body: c.body, signal: AbortSignal.timeout(15_000) }).catch(
          (e: Error) => e,
        );
        sent++;
        byLabel.set(c.label, (byLabel.get(c.label) ?? 0) + 1);
        if (res instanceof Error) {
          failures.push(`${c.label} ${c.method} ${c.url.slice(0, 120)}: ${res.message}`);
          continue;
        }
        const answer = await readAnswer(res);
        const text = answer.text;
        let body: Json = answer.body;
        // `_envelope` (a global parameter the fuzzer may send): a 200 holding the real status and body.
        let status = res.status;
        if (new URLSearchParams(c.url.split('?')[1] ?? '').has('_envelope')) {
          if (status !== 200 || typeof body?.status !== 'number') {
            failures.push(`${c.label} ${c.method} ${c.url.slice(0, 120)} -> ${status} not an envelope: ${text.slice(0, 200)}`);
            continue;
          }
          ({ status, body } = body);
        }
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (c.own) {
          if (status !== c.own.status || body?.code !== c.own.code)
            failures.push(`${c.label} ${c.method} ${c.url} -> ${status} ${text.slice(0, 200)} (expected ${c.own.status} ${c.own.code})`);
          continue;
        }
        const allowed = c.op && !c.noRoute ? Object.keys(c.op.op.responses) : ['404'];
        if (c.op && !c.noRoute && !allowed.includes(String(status))) {
          failures.push(`${c.label} ${c.method} ${c.url.slice(0, 120)} -> ${status} (documented: ${allowed.join(', ')}) ${text.slice(0, 200)}`);
          continue;
        }
        if (!c.op || c.noRoute) {
          if (status !== 404 || body?.code !== 'rest_no_route')
            failures.push(`${c.label} ${c.method} ${c.url.slice(0, 120)} -> ${status} ${text.slice(0, 200)} (expected 404 rest_no_route)`);
          continue;
        }
        if (status >= 400) {
          const errs = check(ERROR, body);
          if (errs.length)
            failures.push(
              `${c.label} ${c.method} ${c.url.slice(0, 120)} -> ${status} not the platform's error shape: ${errs.join('; ')} ${text.slice(0, 200)}`,
            );
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${sent} requests in ${seconds.toFixed(1)} s (seed ${SEED}); kinds ${JSON.stringify(Object.fromEntries([...byLabel].sort()))}; statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}; ${failures.length} failures`,
    );
    // The mock is still alive and answers a valid request.
    expect(mock.alive(), mock.output()).toBe(true);
    const o = ops.find((x) => x.path === '/' && x.method === 'get') ?? ops[0];
    const final = await fetch(`${mock.url}${validRequest(o, doc).url}`);
    expect(final.status, await final.text()).toBeLessThan(300);
    expect(failures.slice(0, 30)).toEqual([]);
    expect(sent, `the ${MAX_MS / 1000} s safety net stopped the run: every case must run`).toBe(MAX_REQUESTS);
  }, 480_000);
});
