// The store-backed routes are checked by the mock itself (mock/store/validate.ts, the core's judge),
// not by Prism. This test holds that check to be never more lenient than Prism's: seeded valid and
// invalid requests for every store-backed operation go to the mock (its store) and to Prism alone
// (on the whole bundle), and every request Prism refuses (400/422) the mock refuses too (400
// rest_invalid_param / rest_missing_callback_param). Valid requests must pass both. Where the mock
// is stricter (the platform's own rules Prism does not know) the cases are printed, not hidden.
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDoc } from '../../core/spec.js';
import { createFront } from '../../mock/front.ts';
import { forPrism } from '../../mock/groups.ts';
import { hostPorts, spawnPrism, stopChild } from '../../mock/prism.ts';
import { isStoreRoute } from '../../mock/store/handler.ts';
import { createStoreHost, type StoreHost } from '../../mock/store/host.ts';
import { bundle, operations, ROOT, type Json, type Operation } from '../support/spec.js';
import { prng } from '../support/prng.js';
import { BASIC, fillPath, objectProperties, probes, requestBodyOf, send, validRequest, wrongBodyValue, wrongQueryValue, type Req } from './requests.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const PER_OPERATION = 6;
const doc = bundle() as OpenApiDoc;
const ops = operations(doc).filter((o) => isStoreRoute(o.path));
let prism: ChildProcess;
let prismBase: string;
let host: StoreHost;
let front: http.Server;
let mockBase: string;
const scratch = mkdtempSync(join(tmpdir(), 'store-differential-'));

beforeAll(async () => {
  // Prism on the whole bundle as the mock gives it to its Prisms (mock/groups.ts: `_embedded` loose, no prose).
  const spec = join(scratch, 'openapi.json');
  writeFileSync(spec, JSON.stringify(forPrism(doc)));
  prism = spawnPrism({ spec, port: 0, cwd: ROOT, remove: [scratch] });
  const [port] = await hostPorts(prism, { timeoutMs: 90_000 });
  prismBase = `http://127.0.0.1:${port}`;
  host = createStoreHost(doc);
  front = createFront({ doc, upstream: { host: '127.0.0.1', port: 9 }, store: host });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  mockBase = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((r) => front?.close(r));
  await stopChild(prism);
  rmSync(scratch, { recursive: true, force: true });
});

/** Path values that exist in the seed (the mock's verdict must be about validity, not existence). */
function seededPath(o: Operation): Record<string, unknown> {
  const key = o.path
    .replace(/^\//, '')
    .replace(/\/\{[^}]+\}.*$/, '')
    .replace(/\/by-slug$/, '');
  const all = host.store.all(key as never);
  if (/revisions|autosaves/.test(o.path)) {
    const kind = o.path.includes('revisions') ? 'revisions' : 'autosaves';
    const child = host.store.all(`${key}/${kind}` as never)[0]?.record;
    return { parent: child?.parent, id: o.path.endsWith('{id}') && o.path.includes(`/${kind}/`) ? child?.id : child?.parent };
  }
  const rec = all.find((r) => r.record.status === 'publish' || r.record.status === 'inherit' || r.record.taxonomy)?.record ?? all[0]?.record;
  return { id: rec?.id, slug: rec?.slug };
}

function cases(o: Operation, r: ReturnType<typeof prng>): { label: string; req: Req; valid: boolean }[] {
  const withSeed = (req: Req): Req => ({ ...req, url: fillPath(o.path, { ...req.path, ...seededPath(o) }), headers: { ...req.headers, authorization: BASIC } });
  const out = [{ label: 'valid', req: withSeed(validRequest(o, doc)), valid: true }];
  for (const p of probes(o, doc)) out.push({ label: `${p.kind} ${p.where} ${p.param}`, req: withSeed(p.req), valid: false });
  const query = o.params.filter((p) => p.in === 'query' && wrongQueryValue(p.schema) !== undefined);
  const rb = requestBodyOf(o);
  const props =
    rb.schema && rb.type === 'application/json' ? Object.entries(objectProperties(rb.schema).props).filter(([, s]) => wrongBodyValue(s) !== undefined) : [];
  for (let i = 0; i < PER_OPERATION && (query.length || props.length); i++) {
    const req = withSeed(validRequest(o, doc));
    if (query.length && (!props.length || r.next() < 0.5)) {
      const p = r.pick(query);
      req.query = { ...req.query, [p.name]: wrongQueryValue(p.schema) };
      out.push({ label: `query ${p.name}=${String(req.query[p.name])}`, req, valid: false });
    } else {
      const [name, schema] = r.pick(props);
      const base = rb.example && typeof rb.example === 'object' && !Array.isArray(rb.example) ? rb.example : {};
      req.body = { ...(base as object), ...((req.body as object) ?? {}), [name]: wrongBodyValue(schema) };
      req.contentType = 'application/json';
      out.push({ label: `body ${name}`, req, valid: false });
    }
  }
  return out;
}

const refused = (status: number): boolean => status === 400 || status === 422;

describe('the store validates as strictly as Prism (seeded requests, every store-backed operation)', () => {
  it(`${ops.length} operations, up to ${PER_OPERATION + 3} requests each (seed ${SEED}): whatever Prism refuses, the mock refuses`, async () => {
    expect(ops.length).toBeGreaterThanOrEqual(60);
    const r = prng(SEED);
    const lenient: string[] = [];
    const stricter: string[] = [];
    const validFailed: string[] = [];
    let sent = 0;
    for (const o of ops)
      for (const c of cases(o, r)) {
        host.store.reset();
        const [p, m] = await Promise.all([send(prismBase, c.req), send(mockBase, c.req)]);
        sent++;
        const label = `${o.method.toUpperCase()} ${o.path} ${c.label}`;
        if (refused(p.status) && !(m.status === 400 && /^rest_(invalid_param|missing_callback_param|invalid_json)$/.test(m.body?.code)))
          lenient.push(`${label}: Prism ${p.status}, mock ${m.status} ${m.text.slice(0, 160)}`);
        if (!refused(p.status) && m.status === 400) stricter.push(`${label}: mock ${m.body?.code} ${JSON.stringify(m.body?.data?.params ?? '').slice(0, 120)}`);
        // A valid request may still meet the platform's semantics (media cannot be trashed: 501); it must not be refused as invalid.
        if (c.valid && (refused(p.status) || refused(m.status))) validFailed.push(`${label}: Prism ${p.status}, mock ${m.status} ${m.text.slice(0, 200)}`);
      }
    console.log(`store-differential: ${sent} requests; the mock stricter than Prism on ${stricter.length}:\n${stricter.slice(0, 40).join('\n')}`);
    expect(lenient).toEqual([]);
    expect(validFailed).toEqual([]);
    expect(sent).toBeGreaterThan(ops.length * 2);
  }, 300_000);
});

export type { Json };
