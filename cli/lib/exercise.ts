// Sending one request of a spec operation and judging the answer: documented status, content type,
// headers and body schema. Every phase sends through `exercise(ctx, …)`; the run context `ctx` (see
// runner.ts) holds the results per operation.
import { RunStopped, WriteRefused } from './http.js';
import { routeKey } from './routes.js';
import { isDotSegment } from '../../core/base-url.js';
import { member } from '../../core/json.js';
import { verdictText, type JudgedResponse, type Verdict } from '../../core/judge.js';
import type { Operation } from '../../core/spec.js';
import { errorPart, type Check, type ForeignRecord, type HttpResult, type OperationResult, type RequestOptions, type RunContext } from './types.js';

/** An id no record has: the reads ask for it to see the site's "no such record" answer. */
export const NO_SUCH_ID = 999999999;

/** Consecutive timeouts after which the site counts as no longer answering (the run stops). */
export const MAX_CONSECUTIVE_TIMEOUTS = 3;

/** Why a run stops after MAX_CONSECUTIVE_TIMEOUTS timeouts in a row (`timeoutMs`: the limit of each). */
const stoppedAnswering = (timeoutMs: number | undefined): string =>
  `the site stopped answering: ${MAX_CONSECUTIVE_TIMEOUTS} requests in a row got no answer within ${Number(timeoutMs) / 1000} s`;

/** What sending needs of a run: its requests (answering `R`) and, once the site stopped answering, a way to stop it. */
export interface Sender<R = HttpResult> {
  http: {
    request(method: string, path: string, req?: RequestOptions): Promise<R>;
    readonly consecutiveTimeouts: number;
    readonly timeoutMs?: number;
  };
  stop?: (why: string) => void;
}

/** The record a write targets (`targetRecord`): by id, or by slug on a `/by-slug/` route. */
export interface TargetRecord {
  path: string;
  collection: string;
  id?: unknown;
  slug?: string;
}

/** What the proof that a record is the run's own reads of an answer. */
export interface ProofAnswer {
  status: number;
  json?: unknown;
}

/** What the proof needs of a run: the marker, the ids before, the creates' answers, the reads. */
export interface ProofContext<R extends ProofAnswer = HttpResult> extends Sender<R> {
  marker: string;
  stamp: string;
  idsBefore?: Record<string, readonly unknown[]>;
  getByRoute: Map<string, Operation>;
  records?: { created: readonly { path: string }[] };
}

/** Whether a record is the run's own (`gone`: it is no longer there), and why not. */
export type Proof = { own: true; gone?: undefined; why?: undefined } | { own: false; gone?: boolean; why: string };

/** How `exercise` sends: a request, and `ownProved` when the target was proved the run's own just before. */
export interface ExerciseRequest extends RequestOptions {
  ownProved?: boolean;
}

/** How `exercise` records the check: the expected statuses, its label and kind. */
export interface CheckOptions {
  expect?: number | number[];
  label?: string;
  kind?: string;
}

/** `/a/{id}` with `{id: 5}` -> `/a/5` (values percent-encoded). */
export function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (m, n: string) => (values[n] !== undefined ? encodeURIComponent(String(values[n])) : m));
}

/**
 * The problems of an answer to operation `x` (empty when it conforms), judged by the core's judge
 * (the one `validate-har` uses), as lines: `response.body#/id must be integer`.
 */
export function verify(ctx: Pick<RunContext, 'judge'>, x: Operation, res: HttpResult, { expect }: { expect?: number | number[] } = {}): string[] {
  return judgeAnswer(ctx, x, res, { expect }).map(verdictText);
}

/** The verdicts on an answer to operation `x`: the core judge's, on the answer as http.ts gives it. */
export function judgeAnswer(
  ctx: Pick<RunContext, 'judge'>,
  x: Operation,
  res: Pick<HttpResult, 'method' | 'status' | 'headers' | 'text' | 'json' | 'partial'>,
  { expect }: { expect?: number | number[] } = {},
): Verdict[] {
  return ctx.judge.response(x, judgedResponse(res), { expect });
}

/** An answer of the site (http.ts: the spec's names already) as the core judge reads it. */
export function judgedResponse(res: Pick<HttpResult, 'method' | 'status' | 'headers' | 'text' | 'json' | 'partial'>): JudgedResponse {
  // A partial body (the first items of a list too long to parse whole) is judged from its text, item by item.
  const parsed = res.json === undefined || res.partial ? undefined : { value: res.json };
  return { method: res.method, status: res.status, headers: res.headers, text: res.text, parsed };
}

/** The result of a selected operation (runner.ts gives every selected operation one). */
export function resultOf(ctx: Pick<RunContext, 'results'>, key: string): OperationResult {
  const r = ctx.results.get(key);
  if (!r) throw new TypeError(`${key} is not a selected operation: it has no result`);
  return r;
}

/** Add a check to operation `x`'s result (when the operation is selected). */
export function record(
  ctx: Pick<RunContext, 'judge' | 'results'>,
  x: Operation,
  res: HttpResult | undefined,
  { expect, label, kind = 'response', errors: extra = [] }: { expect?: number | number[]; label: string; kind?: string; errors?: string[] },
): Check {
  const r = ctx.results.get(x.key);
  const errors = res ? [...extra, ...verify(ctx, x, res, { expect })] : extra;
  const code = member(res?.json, 'code');
  const entry: Check = {
    name: label,
    kind,
    ok: errors.length === 0,
    errors,
    request: res ? { method: res.method, url: res.specUrl } : undefined,
    status: res?.status,
    code,
    ms: res?.ms,
  };
  if (r) r.checks.push(entry);
  return entry;
}

/** The title-like text of a record (posts, terms, users, venues, organizers, menu items; a comment's raw text). */
export function titleOf(rec: unknown): string {
  if (!rec || typeof rec !== 'object') return '';
  const t = member(rec, 'title');
  // A comment has no title or name: its text stands for it (raw, as the edit context reads it).
  const text = t === undefined && member(rec, 'name') === undefined ? member(member(rec, 'content'), 'raw') : undefined;
  const parts = [
    typeof t === 'string' ? t : member(t, 'raw'),
    member(t, 'rendered'),
    member(rec, 'name'),
    member(rec, 'venue'),
    member(rec, 'organizer'),
    // A font family's name is in its settings.
    member(member(rec, 'font_family_settings'), 'name'),
    text,
  ];
  return parts.filter((p) => typeof p === 'string').join(' ');
}

/**
 * The record a request to `template` with `values` targets: the path through its first path value
 * (`/core/v2/posts/7` for `/core/v2/posts/{parent}/revisions/{id}`), as {path, collection, id}; null
 * for a collection or the id the run knows does not exist.
 */
export function targetRecord(template: string, values: Record<string, unknown>): TargetRecord | null {
  const m = /^(.*?)\{([^}]+)\}/.exec(template);
  if (!m) return null;
  const v = values[m[2]];
  if (v === undefined || String(v) === String(NO_SUCH_ID)) return null;
  const collection = fill(m[1], values).replace(/\/$/, '');
  // `/by-slug/{slug}` names a record of the collection before it by its slug, not by its id.
  if (m[2] === 'slug' && collection.endsWith('/by-slug'))
    return { path: `${collection}/${encodeURIComponent(String(v))}`, collection: collection.slice(0, -'/by-slug'.length), slug: String(v) };
  return { path: `${collection}/${encodeURIComponent(String(v))}`, collection, id: v };
}

/** Does a record read from the site carry this run's marker (its title; a media file's slug or URL, made from the title)? */
export function carriesMarker(ctx: Pick<RunContext, 'marker' | 'stamp'>, rec: unknown): boolean {
  const t = titleOf(rec);
  if (t.includes(ctx.marker)) return true;
  const slug = `contract-run-${ctx.stamp.toLowerCase()}`;
  return [t, member(rec, 'slug'), member(rec, 'source_url')].some((x) => typeof x === 'string' && x.toLowerCase().includes(slug));
}

/**
 * Prove, on the record itself and just before a write, that `rec` ({path, collection, id}) is this
 * run's own (issue 23, D117): it was not in the collection before the run, and the record read by
 * id answers that id with this run's marker. Answers {own, gone, why}.
 */
export async function proveOwn<R extends ProofAnswer>(ctx: ProofContext<R>, rec: TargetRecord): Promise<Proof> {
  if (rec.slug !== undefined) return proveOwnBySlug(ctx, rec);
  if ((ctx.idsBefore?.[rec.collection] ?? []).some((x) => String(x) === String(rec.id))) return { own: false, why: 'it was on the site before the run' };
  const get = ctx.getByRoute.get(routeKey(`${rec.collection}/{id}`));
  const query = get?.params.some((p) => p.name === 'context') ? { context: 'edit' } : {};
  const r = await quietly(ctx, 'GET', rec.path, { query, comment: "is it this run's own record? (read just before a write)" });
  if (!r) return { own: false, why: 'it could not be read' };
  if (r.status === 404 || r.status === 410) return { own: false, gone: true, why: `it is gone (GET answered ${r.status})` };
  const id = member(r.json, 'id');
  if (r.status !== 200 || !r.json || typeof r.json !== 'object' || String(id) !== String(rec.id))
    return {
      own: false,
      why: `reading it answered ${r.status}${id !== undefined ? ` with id ${JSON.stringify(id)}` : ''}`,
    };
  if (!carriesMarker(ctx, r.json))
    return { own: false, why: `its own title ${JSON.stringify(titleOf(r.json).slice(0, 120))} does not carry this run's marker` };
  return { own: true };
}

/** The same proof for a record named by its slug: it answers that slug, its id is new, it carries the marker. */
async function proveOwnBySlug<R extends ProofAnswer>(ctx: ProofContext<R>, rec: TargetRecord): Promise<Proof> {
  const r = await quietly(ctx, 'GET', rec.path, { comment: "is it this run's own record? (read just before a write)" });
  if (!r) return { own: false, why: 'it could not be read' };
  if (r.status === 404 || r.status === 410) return { own: false, gone: true, why: `it is gone (GET answered ${r.status})` };
  const slug = member(r.json, 'slug');
  if (r.status !== 200 || !r.json || typeof r.json !== 'object' || slug !== rec.slug)
    return {
      own: false,
      why: `reading it answered ${r.status}${slug !== undefined ? ` with slug ${JSON.stringify(String(slug).slice(0, 120))}` : ''}`,
    };
  const id = member(r.json, 'id');
  if ((ctx.idsBefore?.[rec.collection] ?? []).some((x) => String(x) === String(id))) return { own: false, why: 'it was on the site before the run' };
  if (!(ctx.records?.created ?? []).some((c) => c.path === `${rec.collection}/${id}`))
    return { own: false, why: `its id ${JSON.stringify(id)} is not one this run's creates answered` };
  if (!carriesMarker(ctx, r.json))
    return { own: false, why: `its own title ${JSON.stringify(titleOf(r.json).slice(0, 120))} does not carry this run's marker` };
  return { own: true };
}

/** A record the run was about to write to but could not prove its own: reported, never touched. */
export function noteForeign(ctx: { records: { foreignRecords?: ForeignRecord[] } }, rec: { path: string }, request: string, why: string): void {
  const list = (ctx.records.foreignRecords ??= []);
  if (!list.some((f) => f.path === rec.path && f.request === request)) list.push({ path: rec.path, request, why });
}

/**
 * Send a request for spec operation `key` (`GET /core/v2/posts/{id}`) with concrete path values;
 * record it when the operation is selected. A network failure is a failed check (returns
 * undefined); a stop (deadline, SIGINT, a site that stopped answering) and a refused write propagate.
 */
export async function exercise(
  ctx: RunContext,
  key: string,
  pathValues: Record<string, unknown>,
  req: ExerciseRequest = {},
  { expect, label, kind }: CheckOptions = {},
): Promise<HttpResult | undefined> {
  const x = ctx.opByKey.get(key);
  const path = fill(x ? x.path : key.split(' ')[1], pathValues);
  const method = key.split(' ')[0];
  // A dot segment from the site (a revision id `..`) would send the request to another route (D183).
  const dot = Object.entries(pathValues).find(([, v]) => v !== undefined && isDotSegment(String(v)));
  if (dot) {
    if (x && ctx.results.has(key))
      record(ctx, x, undefined, {
        label: `${label ?? method} (not sent)`,
        kind,
        errors: [`not sent: the site gave ${JSON.stringify(String(dot[1]).slice(0, 40))} as ${dot[0]}, a dot segment that a URL resolves to another route`],
      });
    return undefined;
  }
  // No write reaches a record the run has not proved to be its own, on the record itself, just before.
  const rec = method !== 'GET' && method !== 'HEAD' && !req.ownProved ? targetRecord(x ? x.path : key.split(' ')[1], pathValues) : null;
  if (rec) {
    const proof = await proveOwn(ctx, rec);
    if (!proof.own) {
      if (proof.gone) return undefined;
      noteForeign(ctx, rec, `${method} ${path}`, proof.why);
      if (x && ctx.results.has(key))
        record(ctx, x, undefined, {
          label: `${label ?? method} (not sent)`,
          kind,
          errors: [`not sent: ${rec.path} is not proved to be this run's record: ${proof.why}`],
        });
      return undefined;
    }
  }
  ctx.done++;
  ctx.progress(`[${ctx.done}] ${method} ${path}`);
  let res;
  const reuse = ctx.indexAnswer && key === 'GET /' && !Object.keys(req.query ?? {}).length && (req.auth === false || !ctx.http.hasCredentials);
  if (reuse) {
    res = ctx.indexAnswer;
    ctx.indexAnswer = undefined;
  } else
    try {
      res = await ctx.http.request(method, path, {
        ...req,
        comment: `${label ?? method} (credentials: ${req.auth === false || !ctx.http.hasCredentials ? 'anonymous' : ctx.user})`,
      });
    } catch (e) {
      if (e instanceof WriteRefused || e instanceof RunStopped) throw e;
      if (x) record(ctx, x, undefined, { label: label ?? method, kind, errors: [`request failed: ${errorPart(e, 'message')}`] });
      if (errorPart(e, 'timeout') && ctx.http.consecutiveTimeouts >= MAX_CONSECUTIVE_TIMEOUTS) ctx.stop(stoppedAnswering(ctx.http.timeoutMs));
      return undefined;
    }
  if (x && ctx.results.has(key)) record(ctx, x, res, { expect, label: label ?? `${method} ${path}`, kind });
  return res;
}

/** Send a request outside any operation's checks; network failures become undefined, stops propagate. */
export async function quietly<R>(ctx: Sender<R>, method: string, path: string, req: RequestOptions = {}): Promise<R | undefined> {
  try {
    return await ctx.http.request(method, path, req);
  } catch (e) {
    if (e instanceof WriteRefused || e instanceof RunStopped) throw e;
    if (errorPart(e, 'timeout') && ctx.http.consecutiveTimeouts >= MAX_CONSECUTIVE_TIMEOUTS) ctx.stop?.(stoppedAnswering(ctx.http.timeoutMs));
    return undefined;
  }
}
