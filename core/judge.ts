// The one judge: a request and a response against an operation of the bundle, returning
// `{pointer, reason}` verdicts (empty when they conform). `contract` judges the answers it receives
// and `validate-har` the exchanges a HAR file recorded, both through this module, so one exchange gets
// one verdict whichever tool looks at it (test/contract/one-judge.test.ts).
//
// The response: a documented status (or an expected one), a documented content type, the body
// against its schema (strict: no undocumented field; of a union, the errors of the closest member),
// the documented headers (totals and Location must be there whenever documented). The request: path
// and query values coerced as the platform coerces them, unknown parameters (strict), the body.
import { isObject } from './json.js';
import { coerceScalar as coerceText } from './scalar.js';
import { MAX_PARSED_VALUES, scanJson, type JsonScan } from './json-text.js';
import { bodySchema, deref, schemaTypes, type MediaType, type OpenApiDoc, type Operation, type Response, type Schema } from './spec.js';
import { createValidator, type Problem, type Validator } from './validate.js';
import type { QueryPair } from './php-query.js';

/** One verdict: where (`response.body#/id`, `response.headers.Location`, `request.query.page`), and why. */
export interface Verdict {
  pointer: string;
  reason: string;
  /** The schema keyword that failed (`type`, `enum`, `required`, ...), when a schema check gave the verdict. */
  keyword?: string;
}

/** Headers the platform sends whenever the spec documents them. */
export const MUST_HEADERS = new Set(['x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages', 'location']);
/** Parameters the platform accepts on every route (never "undocumented" in strict mode). */
export const GLOBAL_PARAMS = new Set(['rest_route', '_fields', '_embed', '_envelope', '_jsonp', '_method', '_wpnonce', '_locale', '_pretty']);
/** Bodies nesting deeper than this are not parsed. */
export const MAX_BODY_DEPTH = 128;
/** Bodies longer than this are checked up to their first error (bounded time). */
const BIG_BODY = 1_000_000;
/** The most items of one list a judgment parses and judges (D181): the rest are counted, and the check fails. */
export const MAX_JUDGED_ITEMS = 10_000;

/** True when a JSON text nests no deeper than `max` (strings skipped). */
export function depthWithin(text: string, max: number): boolean {
  let depth = 0;
  const re = /["\\{}[\]]/g;
  let inStr = false;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const c = m[0];
    if (inStr) {
      if (c === '\\') re.lastIndex = m.index + 2;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{' || c === '[') {
      if (++depth > max) return false;
    } else if (c === '}' || c === ']') depth--;
  }
  return true;
}

/** A response to judge, with the spec's names (or with `mapBody`/`mapHeader` to get them). */
export interface JudgedResponse {
  /** The method sent (HEAD: no body is judged). */
  method: string;
  status: number;
  /** Lower-case names; duplicates joined with `, `. */
  headers: Record<string, string>;
  /** The body text; undefined when it was not recorded (not judged). */
  text: string | undefined;
  /** The body already parsed (and named as the spec names it), when the caller has it. */
  parsed?: { value: unknown };
}

export interface ResponseOptions {
  /** Statuses the caller expects (a failure when another one came). */
  expect?: number | readonly number[];
  /** `_fields` was asked: missing required fields are not failures. */
  fieldsFiltered?: boolean;
  /** Map a parsed body to the spec's names. */
  mapBody?: (value: unknown) => unknown;
  /** Map a header value to the spec's names (`link`, `location`). */
  mapHeader?: (lowerName: string, value: string) => string;
}

/** The request parts to judge, with the site's parameter names mapped by `mapParam`. */
export interface JudgedRequest {
  /** Path values (decoded) by parameter name. */
  pathValues: Record<string, string>;
  query: readonly QueryPair[];
  /** The body: its media type and text, or form params when no text was recorded. */
  body?: { type: string; text?: string; params?: readonly { name: string; value: string }[] };
}

export interface RequestVerdict {
  verdict: 'valid' | 'invalid' | 'not judged';
  problems: Verdict[];
}

export interface Judge {
  response(x: Operation, res: JudgedResponse, opts?: ResponseOptions): Verdict[];
  /**
   * `mapParam` maps a parameter name as the request sent it to the spec's; `siteParam` the reverse,
   * so that every pointer names a parameter as the request does (`request.query.wpml_language`).
   */
  request(x: Operation, req: JudgedRequest, opts?: { mapParam?: (name: string) => string; siteParam?: (name: string) => string }): RequestVerdict;
  readonly validator: Validator;
}

/** The documented media type matching a content type (exact, `type/*`, then `*\/*`). */
export function documentedType(types: readonly string[], baseType: string): string | undefined {
  return (
    types.find((t) => t.toLowerCase() === baseType) ??
    types.find((t) => t.endsWith('/*') && baseType.startsWith(t.slice(0, -1))) ??
    (types.includes('*/*') ? '*/*' : undefined)
  );
}

/** The platform error code of a JSON body (`{code, message, data}`), or ''. */
function siteCode(res: JudgedResponse): string {
  let j: unknown = res.parsed?.value;
  if (!res.parsed) {
    const text = res.text;
    if (text === undefined || text.length > 65536 || !depthWithin(text, MAX_BODY_DEPTH)) return '';
    try {
      j = JSON.parse(text);
    } catch {
      return '';
    }
  }
  return isObject(j) && typeof j.code === 'string' ? j.code.slice(0, 80) : '';
}

interface Ctx {
  doc: OpenApiDoc;
  strict: boolean;
  v: Validator;
}

/**
 * Problems of a body against a schema; for a union (oneOf/anyOf, also as array items) those of the
 * member the value comes closest to, so a report names the field that is wrong.
 */
function checkBody(c: Ctx, schema: Schema, value: unknown, allErrors: boolean, depth = 0): Problem[] {
  const errs = c.v.check(schema, value, { strict: c.strict, allErrors });
  if (!errs.length || depth > 3 || !allErrors) return errs;
  const s = deref(schema, c.doc);
  const members = s?.oneOf ?? s?.anyOf;
  if (Array.isArray(members) && members.length > 1 && !s?.properties) {
    let best: Problem[] | undefined;
    for (const m of members) {
      const e = checkBody(c, m, value, allErrors, depth + 1);
      if (!best || e.length < best.length) best = e;
    }
    return best && best.length && best.length <= errs.length ? best : errs;
  }
  const items = s?.type === 'array' && s.items ? deref(s.items, c.doc) : undefined;
  if (items && Array.isArray(value) && (items.oneOf || items.anyOf)) {
    const out: Problem[] = [];
    for (let i = 0; i < value.length && out.length < 20; i++) {
      for (const e of checkBody(c, items, value[i], allErrors, depth + 1)) out.push({ ...e, pointer: `/${i}${e.pointer}` });
    }
    const count = errs.find((e) => e.keyword === 'count');
    return out.length ? [...out.slice(0, 20), ...(count ? [count] : [])] : errs;
  }
  return errs;
}

/**
 * A list too long to parse whole (D181), judged one item at a time: each item parsed, judged and
 * dropped; the first MAX_JUDGED_ITEMS items, the first 20 problems listed and the rest counted.
 */
function judgeListText(c: Ctx, media: MediaType | undefined, text: string, scan: JsonScan, opts: ResponseOptions, fail: (p: string, r: string) => void): void {
  if (!media?.schema || media['x-undocumented-body']) return;
  const items = deref(media.schema, c.doc)?.items;
  if (!scan.list || !items) {
    fail('response.body', `holds ${scan.values} values, more than ${MAX_PARSED_VALUES}, and is not a list of the schema's items: not parsed, not judged`);
    return;
  }
  let shown = 0;
  let problems = 0;
  let invalid = 0;
  const report = (pointer: string, reason: string): void => {
    problems++;
    if (shown >= 20) return;
    shown++;
    fail(`response.body#${pointer}`, reason);
  };
  scan.list.items.forEach(({ from, to, values }, i) => {
    let item: unknown;
    try {
      if (values > MAX_PARSED_VALUES) throw new RangeError(`holds ${values} values, more than ${MAX_PARSED_VALUES}: not judged`);
      item = JSON.parse(text.slice(from, to));
    } catch (e) {
      invalid++;
      report(`/${i}`, e instanceof RangeError ? e.message : 'is not valid JSON');
      return;
    }
    if (opts.mapBody) item = opts.mapBody(item);
    const errs = checkBody(c, items, item, to - from <= BIG_BODY).filter((e) => !(opts.fieldsFiltered && e.keyword === 'required'));
    if (errs.length) invalid++;
    for (const e of errs) {
      if (e.keyword === 'count') problems += Number(/\d+/.exec(e.message)?.[0] ?? 0);
      else report(`/${i}${e.pointer}`, e.message);
    }
  });
  const judged = scan.list.items.length;
  if (problems > shown) fail('response.body#', `… ${problems - shown} more problems (${invalid} of ${judged} list items invalid)`);
  if (scan.list.count > judged)
    fail(
      'response.body',
      `${scan.list.count - judged} list items after the first ${judged} not judged (a list of more than ${MAX_PARSED_VALUES} values is judged in part)`,
    );
}

function judgeBody(c: Ctx, media: MediaType | undefined, res: JudgedResponse, opts: ResponseOptions, fail: (p: string, r: string) => void): void {
  let value: unknown;
  if (res.parsed) value = res.parsed.value;
  else {
    const text = res.text ?? '';
    const scan = text.length > BIG_BODY ? scanJson(text, { keep: MAX_JUDGED_ITEMS, maxDepth: MAX_BODY_DEPTH }) : undefined;
    if (scan && !scan.tooDeep && scan.values > MAX_PARSED_VALUES) {
      judgeListText(c, media, text, scan, opts, fail);
      return;
    }
    if (!depthWithin(text, MAX_BODY_DEPTH)) {
      fail('response.content.text', `the body nests deeper than ${MAX_BODY_DEPTH} levels (not judged)`);
      return;
    }
    try {
      value = JSON.parse(text);
    } catch {
      fail('response.content.text', 'the body is not valid JSON');
      return;
    }
    if (opts.mapBody) value = opts.mapBody(value);
  }
  if (!media?.schema || media['x-undocumented-body']) return;
  const allErrors = (res.text?.length ?? 0) <= BIG_BODY;
  for (const e of checkBody(c, media.schema, value, allErrors))
    if (!(opts.fieldsFiltered && e.keyword === 'required')) fail(`response.body#${e.pointer}`, e.message);
}

function judgeHeaders(c: Ctx, r: Response, res: JudgedResponse, opts: ResponseOptions, fail: (p: string, r: string) => void): void {
  for (const [name, hRef] of Object.entries(r.headers ?? {})) {
    const h = deref(hRef, c.doc);
    const lower = name.toLowerCase();
    let value = res.headers[lower];
    if (value === undefined) {
      if (h.required || MUST_HEADERS.has(lower)) fail(`response.headers.${name}`, 'is documented for this response but missing');
      continue;
    }
    if (opts.mapHeader) value = opts.mapHeader(lower, value);
    const hs = deref(h.schema, c.doc);
    if (!hs) continue;
    if (hs.type === 'integer' && !/^\d+$/.test(value.trim())) {
      fail(`response.headers.${name}`, 'is not an integer');
      continue;
    }
    const v = hs.type === 'integer' ? Number(value.trim()) : value;
    for (const e of c.v.check(hs, v)) fail(`response.headers.${name}`, e.message);
  }
}

function judgeResponse(c: Ctx, x: Operation, res: JudgedResponse, opts: ResponseOptions = {}): Verdict[] {
  const failures: Verdict[] = [];
  const fail = (pointer: string, reason: string): void => {
    failures.push({ pointer, reason });
  };
  const responses = x.op.responses ?? {};
  const status = String(res.status);
  const expect = opts.expect === undefined ? undefined : ([] as number[]).concat(opts.expect);
  const code = siteCode(res);
  if (expect && !expect.includes(res.status)) fail('response.status', `status ${status}, expected ${expect.join(' or ')}${code ? `; site code ${code}` : ''}`);
  const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!documented) {
    fail(
      'response.status',
      `status ${status} is not documented for ${x.id} (documented: ${Object.keys(responses).join(', ')})${code ? `; site code ${code}` : ''}`,
    );
    return failures;
  }
  const r = deref(documented, c.doc);
  const types = Object.keys(r.content ?? {});
  const head = res.method.toUpperCase() === 'HEAD';
  const ctype = res.headers['content-type'] ?? '';
  const baseType = ctype.split(';')[0].trim().toLowerCase();
  const mt = documentedType(types, baseType);
  if (types.length) {
    if (!baseType && (head || res.text === undefined)) {
      /* nothing to judge */
    } else if (!mt)
      fail(
        'response.headers.Content-Type',
        `content type ${ctype.slice(0, 100) || '(none)'} is not documented for ${status} (documented: ${types.join(', ')})`,
      );
    else if (!head && res.text === '' && !res.parsed) {
      if (/json/.test(mt)) fail('response.content.text', `the body is empty; ${status} documents ${mt}`);
    } else if (!head && res.text !== undefined && /json/.test(mt)) judgeBody(c, r.content?.[mt], res, opts, fail);
  } else if (!head && res.text) fail('response.content.text', `${status} documents no body, the response has ${res.text.length} characters`);
  judgeHeaders(c, r, res, opts, fail);
  return failures;
}

/** Coerce a query or form value (a string) to what a schema takes, as the platform does (core/scalar.ts). */
function coerceScalar(c: Ctx, v: string, schema: Schema): unknown {
  return coerceText(schemaTypes(schema, c.doc), v);
}

function arrayItems(c: Ctx, schema: Schema): Schema {
  const s = deref(schema, c.doc);
  if (s.items) return deref(s.items, c.doc);
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const d = deref(m, c.doc);
    if (d?.items) return deref(d.items, c.doc);
  }
  return {};
}

/** A parameter's values against its schema: as a list (comma or repeated) or as a scalar, whichever the schema takes. */
function checkParam(c: Ctx, pointer: string, values: string[], schema: Schema): Verdict[] {
  const types = schemaTypes(schema, c.doc);
  const candidates: unknown[] = [];
  const listy = values.length > 1 || /,/.test(values[0] ?? '');
  const asArray = (): unknown[] =>
    (values.length > 1
      ? values
      : String(values[0])
          .split(/[\s,]+/)
          .filter(Boolean)
    ).map((v) => coerceScalar(c, v, arrayItems(c, schema)));
  if (types.includes('array') && listy) candidates.push(asArray());
  if (types.some((t) => t !== 'array') || !types.length) candidates.push(coerceScalar(c, values[values.length - 1], schema));
  if (types.includes('array') && !listy) candidates.push(asArray());
  let first: Problem[] | undefined;
  for (const candidate of candidates) {
    const errs = c.v.check(schema, candidate);
    if (!errs.length) return [];
    first ??= errs;
  }
  return (first ?? []).slice(0, 5).map((e) => ({ pointer: `${pointer}${e.pointer}`, reason: e.message, keyword: e.keyword }));
}

type Problems = (Verdict & { note?: boolean })[];

/** How a request names its parameters: the spec's name -> the one it sent (or the site's, when it sent none). */
type Naming = { mapParam: (n: string) => string; siteParam: (n: string) => string };

function judgeQuery(c: Ctx, x: Operation, req: JudgedRequest, naming: Naming, problems: Problems): void {
  const byName = new Map<string, string[]>();
  const sent = new Map<string, string>();
  for (const q of req.query) {
    if (!q.ok) problems.push({ pointer: `request.query.${q.key.slice(0, 60)}`, reason: 'malformed percent-encoding' });
    const name = naming.mapParam(q.key);
    const m = /^([^[]+)\[(.*)\]$/.exec(name);
    const key = m ? m[1] : name;
    byName.set(key, [...(byName.get(key) ?? []), q.value]);
    sent.set(key, /^([^[]+)\[/.exec(q.key)?.[1] ?? q.key);
  }
  const shown = (name: string) => sent.get(name) ?? naming.siteParam(name);
  const documented = new Map(x.params.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  for (const [name, values] of byName) {
    const p = documented.get(name);
    if (!p) {
      if (c.strict && !GLOBAL_PARAMS.has(name))
        problems.push({ pointer: `request.query.${shown(name).slice(0, 60)}`, reason: 'is not a documented parameter of this operation' });
      continue;
    }
    if (p.schema) problems.push(...checkParam(c, `request.query.${shown(name)}`, values, p.schema));
  }
  for (const p of documented.values())
    if (p.required && !byName.has(p.name)) problems.push({ pointer: `request.query.${shown(p.name)}`, reason: 'is required but missing', keyword: 'required' });
}

/** A JSON body's top-level field names as the spec names them (`wpml_job_id` -> `ml_job_id`); anything else as it is. */
function specFields(value: unknown, naming: Naming): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== '__proto__') out[naming.mapParam(k)] = v;
  return out;
}

function judgeRequestBody(c: Ctx, x: Operation, body: JudgedRequest['body'], naming: Naming, problems: Problems): void {
  const text = body?.text;
  const type = (body?.type ?? '').split(';')[0].trim().toLowerCase();
  if (!x.body) {
    if (c.strict && text) problems.push({ pointer: 'request.body', reason: 'the operation takes no request body' });
    return;
  }
  if ((text === undefined || text === '') && !body?.params) {
    if (x.body.required) problems.push({ pointer: 'request.body', reason: 'the operation requires a body; none was recorded' });
  } else if (/json/.test(type) || (!type && text !== undefined)) {
    const schema = bodySchema(x, c.doc, 'application/json');
    let value: unknown;
    let parsed = false;
    if (text !== undefined && depthWithin(text, MAX_BODY_DEPTH)) {
      try {
        value = JSON.parse(text);
        parsed = true;
      } catch {
        /* below */
      }
    }
    if (!parsed) problems.push({ pointer: 'request.body', reason: 'is not valid JSON' });
    else if (schema)
      problems.push(
        ...checkBody(c, schema, specFields(value, naming), true).map((e) => ({ pointer: `request.body#${e.pointer}`, reason: e.message, keyword: e.keyword })),
      );
  } else if (type === 'application/x-www-form-urlencoded') {
    const schema = bodySchema(x, c.doc, type) ?? bodySchema(x, c.doc, 'application/json');
    const props = deref(schema, c.doc)?.properties ?? {};
    const obj: Record<string, unknown> = {};
    for (const q of body?.params ?? []) {
      const name = naming.mapParam(q.name);
      if (name !== '__proto__') obj[name] = props[name] ? coerceScalar(c, q.value, deref(props[name], c.doc)) : q.value;
    }
    if (schema)
      problems.push(
        ...c.v.check(schema, obj, { strict: c.strict }).map((e) => ({ pointer: `request.body#${e.pointer}`, reason: e.message, keyword: e.keyword })),
      );
  } else if (documentedType(Object.keys(x.body.content ?? {}), type))
    problems.push({ pointer: 'request.body', reason: `a ${type} body is not judged (only JSON and form bodies are)`, note: true });
  else
    problems.push({
      pointer: 'request.postData.mimeType',
      reason: `${type || '(none)'} is not a documented request body type (documented: ${Object.keys(x.body.content ?? {}).join(', ')})`,
    });
}

function judgeRequest(c: Ctx, x: Operation, req: JudgedRequest, naming: Naming): RequestVerdict {
  const problems: Problems = [];
  for (const p of x.params.filter((q) => q.in === 'path')) {
    const v = req.pathValues[p.name];
    if (v !== undefined && p.schema) problems.push(...checkParam(c, `request.path.${p.name}`, [v], p.schema));
  }
  judgeQuery(c, x, req, naming, problems);
  judgeRequestBody(c, x, req.body, naming, problems);
  const notes = problems.filter((p) => p.note);
  const real = problems.filter((p) => !p.note);
  return {
    verdict: real.length ? 'invalid' : notes.length ? 'not judged' : 'valid',
    problems: (real.length ? real : notes).slice(0, 20).map(({ pointer, reason, keyword }) => ({ pointer, reason, ...(keyword ? { keyword } : {}) })),
  };
}

/** A judge bound to one bundle; `strict`: an undocumented field or parameter is a failure. */
export function createJudge({ doc, strict = false, validator }: { doc: OpenApiDoc; strict?: boolean; validator?: Validator }): Judge {
  const c: Ctx = { doc, strict, v: validator ?? createValidator(doc) };
  return {
    response: (x, res, opts) => judgeResponse(c, x, res, opts),
    request: (x, req, opts) => judgeRequest(c, x, req, { mapParam: opts?.mapParam ?? ((n) => n), siteParam: opts?.siteParam ?? ((n) => n) }),
    validator: c.v,
  };
}

/** A verdict as one line: `response.body#/id must be integer`. */
export const verdictText = (v: Verdict): string => `${v.pointer} ${v.reason}`;
