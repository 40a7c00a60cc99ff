// Contract test of the mock: every operation of the bundle, called through openapi-fetch with the
// generated types, answers its documented success status with a body valid against the documented
// schema (Prism runs with --errors: an example that breaks its schema would answer 500); and every
// operation with a required or typed parameter answers a missing or wrongly typed one with its
// documented 400 in the platform's error shape (not Prism's 422 problem).
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../generated/types.js';
import { startMock, type Mock } from '../support/mock.js';
import { bundle, deref, operations, type Json } from '../support/spec.js';
import { check } from '../support/validate.js';
import { probes, send, validRequest } from './requests.js';

const doc = bundle();
const ops = operations(doc);
const ERROR = { $ref: '#/components/schemas/Error' };
const successOf = (op: Json) =>
  Object.keys(op.responses)
    .filter((c) => /^2\d\d$/.test(c))
    .sort()[0];

let mock: Mock;
const covered = { operations: 0, probes: 0, missing: 0, wrongType: 0, headers: 0 };

beforeAll(async () => {
  // The example engine (`--static`): every operation answers its documented examples. The store has its own tests (store.test.ts).
  mock = await startMock({ errors: true, static: true });
});
afterAll(async () => {
  await mock?.stop();
  console.log(
    `mock contract: ${covered.operations}/${ops.length} operations answered their documented success; ${covered.probes} error probes (${covered.missing} missing, ${covered.wrongType} wrong type); ${covered.headers} documented headers checked`,
  );
});

describe('the mock answers every operation', () => {
  it('covers operations', () => {
    expect(ops.length).toBeGreaterThan(0);
  });

  for (const o of ops) {
    it(`${o.method.toUpperCase()} ${o.path} (${o.id}) answers its documented success`, async () => {
      const client = createClient<paths>({ baseUrl: mock.url, querySerializer: { array: { style: 'form', explode: false } } });
      const req = validRequest(o, doc);
      const init: Json = { params: { path: req.path, query: req.query }, headers: { ...req.headers } };
      if (req.body !== undefined) {
        init.body = req.body;
        init.headers['content-type'] = req.contentType;
      }
      const request = (client as Json).request as (m: string, p: string, i: Json) => Promise<{ data?: Json; error?: Json; response: Response }>;
      const { data, error, response } = await request(o.method.toUpperCase(), o.path, init);
      const status = String(response.status);
      const expected = successOf(o.op);
      expect(status, `${JSON.stringify(error ?? data)?.slice(0, 600)}\n${response.headers.get('sl-violations') ?? ''}`).toBe(expected);
      const documented = deref(o.op.responses[expected]);
      const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
      const media = documented.content?.[type] ?? (type.endsWith('json') ? documented.content?.['application/json'] : undefined);
      if (documented.content && response.status !== 204) {
        expect(media, `answered ${type}, documented ${Object.keys(documented.content)}`).toBeDefined();
        if (type.endsWith('json')) expect(check(media.schema, data)).toEqual([]);
      }
      for (const [name, h] of Object.entries<Json>(documented.headers ?? {})) {
        const value = response.headers.get(name);
        const header = deref(h);
        if (value === null) {
          expect(header.required ?? false, `required header ${name} missing`).toBe(false);
          continue;
        }
        covered.headers++;
        const schema = deref(header.schema) ?? {};
        const parsed = ['integer', 'number'].includes(schema.type) ? Number(value) : value;
        expect(check(header.schema ?? {}, parsed), `header ${name}: ${value}`).toEqual([]);
      }
      covered.operations++;
    });
  }
});

describe('the mock answers bad parameters as the platform does', () => {
  for (const o of ops) {
    const list = probes(o, doc);
    for (const p of list) {
      it(`${o.method.toUpperCase()} ${o.path}: ${p.kind} ${p.where} parameter ${p.param} -> ${p.expect.status} ${p.expect.code}`, async () => {
        expect(o.op.responses[String(p.expect.status)], `${o.id} does not document ${p.expect.status}`).toBeDefined();
        const res = await send(mock.url, p.req);
        expect(res.status, res.text.slice(0, 600)).toBe(p.expect.status);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(check(ERROR, res.body)).toEqual([]);
        expect(res.body.code).toBe(p.expect.code);
        expect(res.body.data.status).toBe(p.expect.status);
        if (p.expect.code === 'rest_missing_callback_param') expect(res.body.data.params).toContain(p.param);
        if (p.expect.code === 'rest_invalid_param') {
          expect(Object.keys(res.body.data.params)).toContain(p.param);
          expect(res.body.data.details[p.param].code).toMatch(/^rest_/);
        }
        covered.probes++;
        if (p.kind === 'missing') covered.missing++;
        else covered.wrongType++;
      });
    }
  }
});

describe('after every operation', () => {
  // The Prisms run with a bounded heap (mock/prism.ts): every operation's validators and
  // examples fit, so none of them exited (a restart would print "exited").
  it('no Prism exited', () => {
    expect(mock.alive(), mock.output()).toBe(true);
    expect(mock.output()).not.toMatch(/ exited \(/);
  });
});
