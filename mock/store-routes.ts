// The store-backed routes: a request checked by the mock itself (the core's judge, as strictly as
// Prism, store/validate.ts), refused as the platform refuses it (invalid; anonymous where the
// operation requires credentials), then answered from the store (store/handler.ts) and shaped as
// every answer; `POST /batch/v1` runs each inner request through the front (batch.ts).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { phpDecode, phpPairs, queryPairs } from '../core/php-query.ts';
import { deref, type OpenApiDoc } from '../core/spec.ts';
import { runBatch } from './batch.ts';
import { CORS } from './cors.ts';
import { fromViolations, mockError, withInvalid } from './errors.ts';
import { storeBody } from './forms.ts';
import type { Naming } from './naming.ts';
import { prepare } from './prepare.ts';
import { forward } from './proxy.ts';
import { jsonReply, platformReply } from './reply.ts';
import type { Shaped } from './paging.ts';
import { shape } from './shape.ts';
import { handleStore } from './store/handler.ts';
import type { StoreHost } from './store/host.ts';
import { storeViolations } from './store/validate.ts';
import { isErrorBody, type Asked, type Entry, type Front, type Headers, type PlatformAnswer, type Reply, type Target, type ToForward } from './types.ts';

/** The operation's documented 401 for a caller without credentials, when the operation requires them. */
function anonymous401(doc: OpenApiDoc, entry: Entry, req: IncomingMessage): PlatformAnswer | null {
  const security = entry.op.security ?? doc.security;
  if (req.headers.authorization !== undefined || !Array.isArray(security) || security.some((s) => Object.keys(s ?? {}).length === 0)) return null;
  const res = deref(entry.op.responses?.['401'], doc);
  for (const ex of Object.values(res?.content?.['application/json']?.examples ?? {})) {
    const value = deref(ex, doc)?.value;
    if (isErrorBody(value) && value.code && value.code !== 'incorrect_password') return { status: 401, body: value };
  }
  return mockError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
}

const MB = 1024 * 1024;

/**
 * The store's refusal of a write when it is full (`--max-records`, `--max-store-mb`): 507
 * `mock_store_full` in the platform's error shape, or null. A write (POST, PUT, PATCH) is refused
 * when the store already holds its maximum of records, or when its records' JSON and the request's
 * body would pass the maximum of bytes; DELETE is never refused (it frees). The limit is checked
 * before the write, so one write may pass it by what that write adds beyond its body (a revision).
 */
export function storeFull(host: StoreHost, method: string, bodyBytes: number): PlatformAnswer | null {
  if (method !== 'post' && method !== 'put' && method !== 'patch') return null;
  const { store, limits } = host;
  if (store.size() < limits.records && store.bytes + bodyBytes <= limits.bytes) return null;
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  return {
    status: 507,
    body: {
      code: 'mock_store_full',
      message: `The mock's store is full: ${store.size()} records (at most ${limits.records}, --max-records), ${mb(store.bytes)} of records and ${mb(bodyBytes)} of this request (at most ${mb(limits.bytes)}, --max-store-mb). Delete records, or POST /__mock/reset to go back to the seed.`,
      data: { status: 507, records: store.size(), max_records: limits.records, bytes: store.bytes, max_bytes: limits.bytes },
    },
  };
}

/** A matched request's path values, percent-decoded as PHP decodes them. */
const pathValuesOf = (asked: Asked): Record<string, string> => Object.fromEntries(Object.entries(asked.match.values).map(([k, v]) => [k, phpDecode(v)]));

/** A secret of this process: an inner batch request carrying it in `x-mock-validate-only` is checked, not run. */
const VALIDATE_ONLY = createHash('sha1').update(`${process.pid}:${Date.now()}:${Math.random()}`).digest('hex');

/** The platform's refusal of a request the front finds invalid itself (the judge, and what `prepare` found), or null; also what keeps a request from the example memo (example-memo.ts). */
export function invalidityOf(front: Front, host: StoreHost, asked: Asked, prepared: ToForward): PlatformAnswer | null {
  const { doc } = front;
  const entry = asked.match.entry!;
  const q = prepared.fwd.path.indexOf('?');
  const type = String(prepared.fwd.headers['content-type'] ?? '');
  const text = prepared.fwd.body.length ? prepared.fwd.body.toString('utf8') : undefined;
  const form = /x-www-form-urlencoded/i.test(type) ? phpPairs(text ?? '').map(([name, value]) => ({ name, value })) : undefined;
  const body = type ? { type, text: form ? undefined : text, params: form } : undefined;
  const violations = storeViolations(host.judge, entry.operation, {
    pathValues: pathValuesOf(asked),
    query: queryPairs(q < 0 ? '' : prepared.fwd.path.slice(q + 1)),
    body,
  });
  return withInvalid(fromViolations(violations, doc, entry), prepared.invalid);
}

/** The platform's refusal of a request the front answers itself (invalid, or anonymous where credentials are required), or null. */
export function refusalOf(front: Front, host: StoreHost, req: IncomingMessage, asked: Asked, prepared: ToForward): PlatformAnswer | null {
  return invalidityOf(front, host, asked, prepared) ?? anonymous401(front.doc, asked.match.entry!, req);
}

/** A store-backed request: checked by the mock itself (as strictly as Prism), then answered from the store (null: the store leaves it to Prism). */
export async function storeReply(front: Front, host: StoreHost, req: IncomingMessage, asked: Asked, prepared: ToForward): Promise<Reply | null> {
  const refused = refusalOf(front, host, req, asked, prepared);
  if (refused) return platformReply(refused);
  if (req.headers['x-mock-validate-only'] === VALIDATE_ONLY) return jsonReply(200, CORS, null);
  const full = storeFull(host, asked.method, prepared.fwd.body.length);
  if (full) return platformReply(full);
  const entry = asked.match.entry!;
  const answer = handleStore({
    doc: front.doc,
    store: host.store,
    clock: host.clock,
    template: asked.match.route.template,
    op: entry.op,
    params: entry.params,
    method: asked.method,
    values: pathValuesOf(asked),
    pairs: asked.pairs,
    body: storeBody(prepared.fwd, req),
    authed: req.headers.authorization !== undefined,
    release: host.release,
    wordpress: host.wordpress,
  });
  // Null: a request of a store-backed route the store leaves to the examples (`/search?type=term`).
  if (!answer) return null;
  if ('body' in answer) return platformReply(answer);
  const shaped: Shaped = { status: answer.status, headers: { ...answer.headers, ...CORS }, json: answer.json };
  return shape(front, req, asked, shaped, { exampleKey: undefined, context: undefined }, {});
}

/** `POST /batch/v1` with a store: checked like any request, then each inner request run through this front (batch.ts). */
export async function batchReply(front: Front, req: IncomingMessage, asked: Asked, naming: Naming): Promise<Reply> {
  const prepared = prepare(front, req, asked);
  if ('reply' in prepared) return prepared.reply;
  const refused = refusalOf(front, front.store!, req, asked, prepared);
  if (refused) return platformReply(refused);
  const self: Target = { host: '127.0.0.1', port: front.port()! };
  const json = await runBatch(front.doc, front.table, storeBody(prepared.fwd, req), naming, (method, url, body, headers, validateOnly) => {
    const text = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
    const h: Headers = { ...headers, host: req.headers.host };
    if (req.headers.authorization !== undefined && h.authorization === undefined) h.authorization = req.headers.authorization;
    if (text.length) h['content-type'] = 'application/json';
    if (validateOnly) h['x-mock-validate-only'] = VALIDATE_ONLY;
    return forward(self, { method, path: url, headers: h, body: text });
  });
  return jsonReply(207, CORS, json);
}
