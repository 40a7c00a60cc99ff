// The typed batch helper: typed requests in, typed per-item results out. `POST /batch/v1` runs at
// most 25 requests, so longer lists are sent as several batches (in order). Only operations the
// spec marks `x-allow-batch: {v1: true}` are accepted, by type and at run time (BATCHABLE is derived
// from the bundled spec by scripts/batchable.ts (a pipeline stage)).
import { defaultPathSerializer } from 'openapi-fetch';
import { BATCH_ROUTE } from '../core/platform.js';
import { BATCHABLE } from '../generated/batchable.js';
import type { BatchablePath as RouteBatchablePath, BatchRequest as RouteBatchRequest, BatchRoutes } from '../generated/routes.js';
import { dotSegmentError, dotSegmentParam, internalsOf, type FestivalClient } from './client.js';
import { ApiError } from './errors.js';
import { phpQuerySerializer } from './serialize.js';

/** The platform's limit of requests per batch. */
export const MAX_BATCH_SIZE = 25;

/** Route templates that have at least one batchable method (a literal union from generated/routes.ts). */
export type BatchablePath = RouteBatchablePath;
/** The batchable methods of a route, upper case. */
export type BatchMethod<P extends BatchablePath> = keyof BatchRoutes[P] & string;
type Row<P extends BatchablePath, M extends string> = M extends keyof BatchRoutes[P] ? BatchRoutes[P][M] : never;

/** One typed batch request for route template `P` and method `M`. */
export type BatchRequestFor<P extends BatchablePath, M extends BatchMethod<P>> = {
  method: M;
  path: P;
  /** Headers of the inner request (values a string or a list of strings). */
  headers?: Record<string, string | string[]>;
} & (Row<P, M> extends { init: infer I } ? I : never);

/** Any typed batch request (a union discriminated by `path` and `method`, generated from the route tables). */
export type BatchRequest = RouteBatchRequest;

export type BatchHeaders = Record<string, string | string[]>;

/** The outcome of one batch item. */
export type BatchItemResult<T> =
  | { ok: true; status: number; headers: BatchHeaders; data: T }
  | {
      ok: false;
      status: number;
      headers: BatchHeaders;
      error: ApiError;
      /** True when the item did not run because another item of its batch failed validation (`require-all-validate`). */
      notRun?: boolean;
    };

/** The typed result of one request. */
export type BatchResult<R> = R extends { path: infer P extends BatchablePath; method: infer M extends string }
  ? BatchItemResult<Row<P, M> extends { data: infer D } ? D : unknown>
  : BatchItemResult<unknown>;

export interface BatchOptions {
  /** `normal` (default): each item runs on its own. `require-all-validate`: a batch runs only if all its items validate (per batch of at most 25). */
  validation?: 'normal' | 'require-all-validate';
  /** Requests per `POST /batch/v1` call, 1 to 25 (default 25). */
  chunkSize?: number;
  /** Headers of the outer batch requests. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Build one typed batch request (an identity function that helps inference). */
export function batchRequest<P extends BatchablePath, M extends BatchMethod<P>>(request: BatchRequestFor<P, M>): BatchRequestFor<P, M> {
  return request;
}

/** True when `method path` (route template, e.g. `/core/v2/posts/{id}`) can be batched. */
export function isBatchable(method: string, path: string): boolean {
  const methods = (BATCHABLE as Record<string, readonly string[]>)[path];
  return !!methods && methods.includes(method.toLowerCase());
}

interface RawItem {
  method: string;
  path: string;
  body?: unknown;
  headers?: BatchHeaders;
}
interface RawResponse {
  body?: unknown;
  status?: number;
  headers?: unknown;
}

/** The relative path (spec names) of one request: path parameters filled, query serialised. */
function itemPath(req: { path: string; params?: { path?: Record<string, unknown>; query?: Record<string, unknown> } }): string {
  const dot = dotSegmentParam(req.params?.path);
  if (dot) throw dotSegmentError(`batch: ${req.path}`, dot);
  let p = req.params?.path ? defaultPathSerializer(req.path, req.params.path) : req.path;
  if (/\{[^}]+\}/.test(p)) throw new TypeError(`batch: missing path parameter in ${p}`);
  const q = phpQuerySerializer(req.params?.query ?? {});
  if (q) p += `?${q}`;
  return p;
}

function normHeaders(h: unknown): BatchHeaders {
  return h && typeof h === 'object' && !Array.isArray(h) ? (h as BatchHeaders) : {};
}

/**
 * Run typed requests through `POST /batch/v1`, 25 per call, and return one typed result per request,
 * in order. An error answer of the batch call itself (e.g. 400 for a malformed batch) throws ApiError.
 *
 * ```ts
 * const [created, updated] = await batch(client, [
 *   { method: 'POST', path: '/core/v2/posts', body: { title: 'A', status: 'draft' } },
 *   { method: 'PATCH', path: '/core/v2/posts/{id}', params: { path: { id: 7 } }, body: { title: 'B' } },
 * ]);
 * if (created.ok) console.log(created.data.id);
 * ```
 */
export async function batch<const T extends readonly BatchRequest[]>(
  client: FestivalClient,
  requests: T,
  options: BatchOptions = {},
): Promise<{ -readonly [K in keyof T]: BatchResult<T[K]> }> {
  internalsOf(client);
  const size = options.chunkSize ?? MAX_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE) throw new RangeError(`batch: chunkSize must be 1 to ${MAX_BATCH_SIZE}`);
  // Validate and build every item before sending anything.
  const items: RawItem[] = (requests as readonly unknown[]).map((r, i) => {
    const req = r as unknown as {
      method: string;
      path: string;
      params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
      body?: unknown;
      headers?: BatchHeaders;
    };
    const method = String(req.method ?? 'POST').toUpperCase();
    if (!isBatchable(method, req.path)) throw new TypeError(`batch: request ${i} (${method} ${req.path}) is not a batchable operation`);
    const item: RawItem = { method, path: itemPath(req) };
    if (req.body !== undefined) item.body = req.body;
    if (req.headers) item.headers = req.headers;
    return item;
  });
  const results: BatchItemResult<unknown>[] = [];
  const post = client.POST as unknown as (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  for (let start = 0; start < items.length; start += size) {
    const chunk = items.slice(start, start + size);
    const body: { requests: RawItem[]; validation?: string } = { requests: chunk };
    if (options.validation) body.validation = options.validation;
    const res = await post(BATCH_ROUTE, { body, headers: options.headers, signal: options.signal });
    if (res.error !== undefined || !res.response.ok) throw ApiError.from(res.error, res.response);
    const data = res.data as { failed?: string; responses?: (RawResponse | null)[] } | undefined;
    const responses = Array.isArray(data?.responses) ? data.responses : [];
    const failedValidation = data?.failed === 'validation';
    chunk.forEach((_item, i) => {
      const r = responses[i];
      if (!r) {
        results.push({
          ok: false,
          status: 0,
          headers: {},
          notRun: true,
          error: new ApiError({
            status: 0,
            code: failedValidation ? 'batch_not_run' : 'batch_missing_response',
            message: failedValidation ? 'Not run: another request of its batch failed validation.' : 'The batch answer has no response for this request.',
            data: null,
          }),
        });
        return;
      }
      const status = typeof r.status === 'number' ? r.status : 0;
      const headers = normHeaders(r.headers);
      if (status >= 200 && status < 300 && !failedValidation) results.push({ ok: true, status, headers, data: r.body });
      else results.push({ ok: false, status, headers, error: ApiError.fromBody(r.body, status) });
    });
  }
  return results as unknown as { -readonly [K in keyof T]: BatchResult<T[K]> };
}
