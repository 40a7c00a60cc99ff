// The example memo (mock/example-memo.ts, D261) answers a valid request of an operation with the
// answer Prism gave an earlier valid request of it. This test holds that to change no answer: two
// fronts ask the same Prism (the whole bundle), one with the memo and one without (`--no-memo`), and
// for every GET operation Prism serves, seeded requests (valid ones with other values, wrongly typed
// and out-of-range ones, Prism's own `__code` switch, a browser's Origin) must get the same status,
// headers and body from both. The front with the memo must have answered most of them without Prism
// (counted on its way to Prism), so the memo is exercised, not bypassed.
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDoc } from '../../core/spec.js';
import type { IncomingMessage } from 'node:http';
import { matchRoute, routeTable } from '../../core/match.ts';
import { phpPairs } from '../../core/php-query.ts';
import { exampleMemoKey } from '../../mock/example-memo.ts';
import { createFront } from '../../mock/front.ts';
import { forPrism } from '../../mock/groups.ts';
import { AnswerMemo } from '../../mock/memo.ts';
import { hostPorts, spawnPrism, stopChild } from '../../mock/prism.ts';
import { isStoreRoute } from '../../mock/store/handler.ts';
import { prepare } from '../../mock/prepare.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import type { Front } from '../../mock/types.ts';
import { bundle, deref, operations, ROOT, type Json, type Operation } from '../support/spec.js';
import { prng } from '../support/prng.js';
import { BASIC, needsAuth, queryString, send, validRequest, wrongQueryValue, type Req } from './requests.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const doc = bundle() as OpenApiDoc;
const ops = operations(doc).filter((o) => o.method === 'get' && !isStoreRoute(o.path));
let prism: ChildProcess;
const fronts: http.Server[] = [];
let withMemo: string;
let withoutMemo: string;
/** Requests the front with the memo sent on to Prism. */
let forwarded = 0;
const scratch = mkdtempSync(join(tmpdir(), 'example-memo-'));

async function listen(server: http.Server): Promise<string> {
  fronts.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const spec = join(scratch, 'openapi.json');
  writeFileSync(spec, JSON.stringify(forPrism(doc)));
  prism = spawnPrism({ spec, port: 0, cwd: ROOT, remove: [scratch] });
  const [port] = await hostPorts(prism, { timeoutMs: 90_000 });
  const upstream = { host: '127.0.0.1', port };
  withMemo = await listen(
    createFront({
      doc,
      upstream: () => {
        forwarded++;
        return upstream;
      },
      memo: new AnswerMemo(),
      store: createStoreHost(doc),
    }),
  );
  withoutMemo = await listen(createFront({ doc, upstream, memo: null, store: createStoreHost(doc) }));
}, 120_000);
afterAll(async () => {
  await Promise.all(fronts.map((f) => new Promise((r) => f.close(r))));
  await stopChild(prism);
  rmSync(scratch, { recursive: true, force: true });
});

/** Valid values of a query parameter other than the first: its enum's, its bounds, other integers and strings. */
function otherValues(schemaRef: Json, r: ReturnType<typeof prng>): unknown[] {
  const s = deref(schemaRef) ?? {};
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (Array.isArray(s.enum)) return s.enum.slice(0, 4);
  if (type === 'integer') {
    const lo = typeof s.minimum === 'number' ? s.minimum : 0;
    const hi = typeof s.maximum === 'number' ? s.maximum : lo + 100_000;
    return [lo, hi, lo + Math.floor(r.next() * (hi - lo)), lo - 1, hi + 1];
  }
  if (type === 'boolean') return [true, false, 1, 0];
  if (type === 'string' && !s.format && !s.pattern && !s.enum) return [`other ${Math.floor(r.next() * 1e6)}`, ''];
  return [];
}

/** The cases of an operation: valid first (Prism's answer to it is the one the memo keeps), then the others. */
function cases(o: Operation, r: ReturnType<typeof prng>): { label: string; req: Req }[] {
  const valid = validRequest(o, doc);
  const out = [
    { label: 'valid', req: valid },
    { label: 'valid, an unknown parameter', req: { ...valid, query: { ...valid.query, _other: r.next() } } },
    { label: "Prism's __code switch", req: { ...valid, query: { ...valid.query, __code: '500' } } },
    { label: 'a browser Origin', req: { ...valid, headers: { ...valid.headers, origin: 'http://localhost:3000' } } },
    {
      label: "a browser's CORS request headers",
      req: { ...valid, headers: { ...valid.headers, origin: 'http://localhost:3000', 'access-control-request-method': 'PUT' } },
    },
  ];
  for (const p of o.params.filter((x) => x.in === 'query')) {
    for (const v of otherValues(p.schema, r)) out.push({ label: `query ${p.name}=${String(v)}`, req: { ...valid, query: { ...valid.query, [p.name]: v } } });
    const bad = wrongQueryValue(p.schema);
    if (bad !== undefined) out.push({ label: `query ${p.name}=${bad}`, req: { ...valid, query: { ...valid.query, [p.name]: bad } } });
  }
  for (const p of o.params.filter((x) => x.in === 'path' && deref(x.schema)?.type === 'integer'))
    out.push({
      label: `path ${p.name}`,
      req: {
        ...valid,
        url: o.path.replace(/\{[^}]+\}/g, (m) => (m === `{${p.name}}` ? String(2 + Math.floor(r.next() * 1e5)) : String(valid.path[m.slice(1, -1)]))),
      },
    });
  return out;
}

/** An answer as compared: its own front's origin (in URLs of the body and the headers) made the same for both. */
const comparable = (a: Awaited<ReturnType<typeof send>>, base: string) => {
  const same = (t: string) => t.split(base.replace('http://', '')).join('ORIGIN');
  return {
    status: a.status,
    headers: [...a.headers.entries()]
      .filter(([k]) => k !== 'date')
      .map(([k, v]) => [k, same(v)])
      .sort(),
    text: same(a.text),
  };
};

describe('the example memo changes no answer (every GET operation Prism serves, with and without the memo)', () => {
  it(`${ops.length} operations (seed ${SEED}): the same status, headers and body with the memo as without it`, async () => {
    expect(ops.length).toBeGreaterThanOrEqual(100);
    const r = prng(SEED);
    const differ: string[] = [];
    let sent = 0;
    let open = 0;
    for (const o of ops) {
      if (!needsAuth(o, doc)) open++;
      for (const c of cases(o, r)) {
        const label = `GET ${o.path} ${c.label}`;
        // In turn, not at once: the front with the memo keeps the first valid answer of the operation.
        const a = await send(withMemo, c.req);
        const b = await send(withoutMemo, c.req);
        sent++;
        const [x, y] = [comparable(a, withMemo), comparable(b, withoutMemo)];
        if (JSON.stringify(x) !== JSON.stringify(y))
          differ.push(`${label}: with the memo ${x.status} ${x.text.slice(0, 120)} | without ${y.status} ${y.text.slice(0, 120)}`);
      }
    }
    console.log(
      `example-memo: ${sent} requests over ${ops.length} operations (${open} open to anonymous callers); ${forwarded} forwarded to Prism by the front with the memo`,
    );
    expect(differ).toEqual([]);
    // Most requests were answered from the memo: every valid request after an operation's first.
    expect(sent).toBeGreaterThan(ops.length * 4);
    expect(forwarded).toBeLessThan(sent / 2);
  }, 600_000);
});

describe("the example memo's key (which requests share Prism's answer)", () => {
  const store = createStoreHost(doc);
  const table = routeTable(doc);
  const front = (over: Partial<Front> = {}): Front => ({ doc, table, store, examples: new AnswerMemo(), verbose: false, ...over }) as Front;
  /** The key of a GET of `path` (spec names) with these headers, read as the front reads it. */
  const keyOf = (f: Front, path: string, headers: Record<string, string> = {}, method = 'get'): string | null => {
    const q = path.indexOf('?');
    const match = matchRoute(doc, table, method, q < 0 ? path : path.slice(0, q));
    if (!match?.ok) throw new Error(`no route for ${path}`);
    const req = { method: method.toUpperCase(), headers } as unknown as IncomingMessage;
    const asked = {
      match,
      method,
      pairs: phpPairs(q < 0 ? '' : path.slice(q + 1)),
      body: Buffer.alloc(0),
      origin: 'http://127.0.0.1',
      naming: { form: 'plain' },
    } as never;
    const prepared = prepare(f, req, asked);
    if ('reply' in prepared) throw new Error(`the front answered ${path} itself`);
    return exampleMemoKey(f, req, asked, prepared);
  };
  const open = ops.find(
    (o) =>
      !needsAuth(o, doc) &&
      !o.params.some((p) => p.required && p.in === 'query') &&
      o.params.some((p) => p.in === 'query' && wrongQueryValue(p.schema) !== undefined),
  )!;
  const secured = ops.find((o) => needsAuth(o, doc) && !o.params.some((p) => p.required && p.in === 'query'))!;
  const url = (o: Operation, query: Record<string, unknown> = {}) => {
    const v = validRequest(o, doc);
    return `${v.url}${queryString({ ...v.query, ...query })}`;
  };

  it('is the same for valid requests of one operation with other values, and differs between operations', () => {
    const f = front();
    const a = keyOf(f, url(open, { _a: 1 }));
    expect(a).not.toBeNull();
    expect(keyOf(f, url(open, { _a: 2, _b: 'x' }))).toBe(a);
    expect(keyOf(f, url(secured), { authorization: BASIC })).not.toBe(a);
  });

  it('is null where Prism must answer: an invalid value, its own switches, Prefer: dynamic, --verbose, --no-memo, --static', () => {
    const bad = open.params.find((p) => p.in === 'query' && wrongQueryValue(p.schema) !== undefined)!;
    expect(keyOf(front(), url(open, { [bad.name]: wrongQueryValue(bad.schema) }))).toBeNull();
    expect(keyOf(front(), url(open, { __code: '404' }))).toBeNull();
    expect(keyOf(front(), url(open), { prefer: 'dynamic=true' })).toBeNull();
    expect(keyOf(front({ verbose: true }), url(open))).toBeNull();
    expect(keyOf(front({ examples: null }), url(open))).toBeNull();
    expect(keyOf(front({ store: null }), url(open))).toBeNull();
  });

  it('tells credentials apart without holding them: another password, nonce or cookie is another key', () => {
    const f = front();
    const keys = [
      keyOf(f, url(secured)),
      keyOf(f, url(secured), { authorization: BASIC }),
      keyOf(f, url(secured), { authorization: `Basic ${Buffer.from('editor:other').toString('base64')}` }),
      keyOf(f, url(secured), { 'x-wp-nonce': 'a1b2c3d4e5' }),
      keyOf(f, url(secured), { 'x-wp-nonce': 'a1b2c3d4e5', cookie: 'wordpress_logged_in_x=1' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).not.toContain(BASIC.slice(6));
    expect(keys.join('\n')).not.toMatch(/a1b2c3d4e5|wordpress_logged_in/);
  });

  it('sets the Prefer the front sends apart (a context is another example)', () => {
    const f = front();
    expect(keyOf(f, url(open), { prefer: 'example=other' })).not.toBe(keyOf(f, url(open)));
  });
});
