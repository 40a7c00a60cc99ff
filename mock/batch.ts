// `POST /batch/v1` against the store: each request of the batch is run through the front itself,
// in order (so it is checked, answered and named exactly as on its own), and the answers are
// gathered as WordPress's batch controller gathers them: 207 `{responses: [{body, status,
// headers}]}`. A route without `x-allow-batch: {v1: true}` answers `rest_batch_not_allowed` in its
// envelope; under `validation: require-all-validate` every request is checked first (nothing runs
// when one is invalid: `{failed: 'validation', responses}` with `null` for the valid ones).
import { matchRoute, trimRoute, type Route } from '../core/match.ts';
import { readNaming, type Naming } from './naming.ts';
import { asArray, entriesOf, member, type JsonObject } from '../core/json.ts';
import type { OpenApiDoc } from '../core/spec.ts';

/** One request's answer, as the front gave it. */
export interface InnerAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Run one request through the front: method, path (with query, in the batch's naming), JSON body, headers; `validateOnly`: check, do not run. */
export type Dispatch = (method: string, url: string, body: unknown, headers: Record<string, string>, validateOnly: boolean) => Promise<InnerAnswer>;

const envelope = (a: InnerAnswer): JsonObject => {
  let body: unknown;
  try {
    body = JSON.parse(a.body.toString('utf8'));
  } catch {
    body = null;
  }
  const headers: Record<string, string> = {};
  if (typeof a.headers.location === 'string') headers.Location = a.headers.location;
  return { body, status: a.status, headers: Object.keys(headers).length ? headers : [] };
};

const errorEnvelope = (status: number, code: string, message: string): JsonObject => ({ body: { code, message, data: { status } }, status, headers: [] });

/** The URL of a batch request's path in the batch's own naming. */
function innerUrl(path: string, naming: Naming): string {
  if (naming.form === 'plain') return path;
  if (naming.form === 'path') return `/wp-json${path}`;
  const q = path.indexOf('?');
  const route = q < 0 ? path : path.slice(0, q);
  return `${naming.entry}?rest_route=${encodeURIComponent(route).replace(/%2F/g, '/')}${q < 0 ? '' : `&${path.slice(q + 1)}`}`;
}

/** Run a valid batch body; answers the 207 body. */
export async function runBatch(doc: OpenApiDoc, table: Route[], batch: unknown, naming: Naming, dispatch: Dispatch): Promise<JsonObject> {
  const requests = asArray(member(batch, 'requests')) ?? [];
  const plan = requests.map((r) => {
    const method = String(member(r, 'method') ?? 'POST').toUpperCase();
    const url = innerUrl(String(member(r, 'path')), naming);
    const q = url.indexOf('?');
    const spec = readNaming(q < 0 ? url : url.slice(0, q), q < 0 ? '' : url.slice(q + 1)).path;
    const match = matchRoute(doc, table, method.toLowerCase(), trimRoute(spec));
    const allowed = match?.ok === true && member(match.entry?.op?.['x-allow-batch'], 'v1') === true;
    const headers: Record<string, string> = {};
    for (const [k, v] of entriesOf(member(r, 'headers'))) if (k !== '__proto__') headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    return { method, url, body: member(r, 'body'), headers, match, allowed };
  });
  const refusal = (p: (typeof plan)[number]): JsonObject | null =>
    !p.match || !p.match.ok
      ? errorEnvelope(404, 'rest_no_route', 'No route was found matching the URL and request method.')
      : !p.allowed
        ? errorEnvelope(400, 'rest_batch_not_allowed', 'The requested route does not support batch requests.')
        : null;
  if (member(batch, 'validation') === 'require-all-validate') {
    const checks: (JsonObject | null)[] = [];
    for (const p of plan) {
      const refused = refusal(p);
      if (refused) checks.push(refused);
      else {
        const a = await dispatch(p.method, p.url, p.body, p.headers, true);
        checks.push(a.status >= 400 ? envelope(a) : null);
      }
    }
    if (checks.some((c) => c !== null)) return { failed: 'validation', responses: checks };
  }
  const responses: JsonObject[] = [];
  for (const p of plan) responses.push(refusal(p) ?? envelope(await dispatch(p.method, p.url, p.body, p.headers, false)));
  return { responses };
}
