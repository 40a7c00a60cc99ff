// Build requests for an operation of the bundle from its own examples and defaults: a valid one, one
// missing a required parameter, one with a wrongly typed parameter. Shared by the mock's tests.
import { deref, type Json, type Operation } from '../support/spec.js';

export const BASIC = `Basic ${Buffer.from('editor:abcd efgh ijkl mnop qrst uvwx').toString('base64')}`;

export interface Req {
  method: string;
  /** The path template with path parameters filled in. */
  url: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
  contentType?: string;
}

/** Does the operation require credentials (no anonymous `{}` alternative)? */
export function needsAuth(o: Operation, doc: Json): boolean {
  const sec = o.op.security ?? doc.security ?? [];
  return sec.length > 0 && !sec.some((s: Json) => Object.keys(s).length === 0);
}

/** A REST nonce, as the page a signed-in browser loaded would hold it (the mock checks its presence). */
export const NONCE = '5a1e2c3d4f';

/**
 * The credentials a client of the operation sends: an application password where the operation
 * takes one, else the signed-in browser's nonce (`cookie-nonce`: the routes that refuse an
 * application password).
 */
export function credentialsFor(o: Operation, doc: Json): Record<string, string> {
  const sec: Json[] = o.op.security ?? doc.security ?? [];
  if (sec.some((s) => 'application-passwords' in s) || !sec.some((s) => 'cookie-nonce' in s)) return { authorization: BASIC };
  return { 'x-wp-nonce': NONCE, cookie: 'wordpress_logged_in_festival=editor' };
}

function firstExample(node: Json): unknown {
  if (!node) return undefined;
  if (node.example !== undefined) return node.example;
  if (node.examples && typeof node.examples === 'object') {
    const list = Array.isArray(node.examples) ? node.examples : Object.values(node.examples).map((e) => deref(e)?.value);
    if (list.length && list[0] !== undefined) return list[0];
  }
  return undefined;
}

/** A value for a schema: its example, default, first enum value, or a plain value of its type. */
export function sampleValue(schemaRef: Json, fallbackInt = 1): unknown {
  const s = deref(schemaRef) ?? {};
  const ex = firstExample(s);
  if (ex !== undefined) return ex;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  for (const k of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(s[k]) && s[k].length) return sampleValue(s[k][0], fallbackInt);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(fallbackInt, s.minimum ?? fallbackInt);
    case 'boolean':
      return true;
    case 'array':
      return [sampleValue(s.items, fallbackInt)];
    case 'object':
      return {};
    default:
      if (s.format === 'uri') return 'https://festival.example/';
      if (s.format === 'email') return 'editor@festival.example';
      return 'example';
  }
}

export function paramValue(p: Json): unknown {
  const ex = firstExample(p);
  return ex !== undefined ? ex : sampleValue(p.schema);
}

export function requestBodyOf(o: Operation): { required: boolean; type?: string; schema?: Json; example?: unknown } {
  const body = deref(o.op.requestBody);
  if (!body?.content) return { required: false };
  const type = body.content['application/json'] ? 'application/json' : Object.keys(body.content)[0];
  const media = body.content[type];
  return { required: !!body.required, type, schema: deref(media?.schema), example: firstExample(media) };
}

/** The valid request: path params from examples (or 1), required query/header params, required body. */
export function validRequest(o: Operation, doc: Json): Req {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const p of o.params) {
    if (p.in === 'path') path[p.name] = paramValue(p);
    else if (p.required && p.in === 'query') query[p.name] = paramValue(p);
    else if (p.required && p.in === 'header') headers[p.name.toLowerCase()] = String(paramValue(p));
  }
  if (needsAuth(o, doc)) Object.assign(headers, credentialsFor(o, doc));
  const rb = requestBodyOf(o);
  const req: Req = { method: o.method, url: fillPath(o.path, path), path, query, headers };
  if (rb.required) {
    req.body = rb.example !== undefined ? rb.example : sampleValue(rb.schema);
    req.contentType = rb.type;
  }
  return req;
}

export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, n) => encodeURIComponent(String(values[n])));
}

/** Serialise query values the way the platform reads them (arrays as comma lists). */
export function queryString(query: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    qs.set(k, Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

export function encodeBody(req: Req): string | undefined {
  if (req.body === undefined) return undefined;
  if (req.contentType === 'application/x-www-form-urlencoded') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    return qs.toString();
  }
  return JSON.stringify(req.body);
}

/** Send a Req with plain fetch; answers status, headers and the parsed body (text when not JSON). */
export async function send(
  base: string,
  req: Req,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Json; text: string }> {
  const headers: Record<string, string> = { ...req.headers, ...extraHeaders };
  const body = encodeBody(req);
  if (body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
  const res = await fetch(`${base}${req.url}${queryString(req.query)}`, { method: req.method.toUpperCase(), headers, body });
  return readAnswer(res);
}

/** An answer's status, headers, text and body: the JSON the text holds, else the text itself. */
export async function readAnswer(res: Response): Promise<{ status: number; headers: Headers; body: Json; text: string }> {
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

const typeOf = (s: Json): string | undefined => (Array.isArray(s?.type) ? s.type.find((t: string) => t !== 'null') : s?.type);

/** A value of the wrong type for a query parameter's schema, or undefined when any string is valid. */
export function wrongQueryValue(schemaRef: Json): string | undefined {
  const s = deref(schemaRef) ?? {};
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) return undefined;
  const t = typeOf(s);
  if (t === 'integer' || t === 'number') return 'not-a-number';
  if (t === 'boolean') return 'not-a-boolean';
  if (Array.isArray(s.enum)) return 'not-in-the-enum';
  if (t === 'array') {
    const item = deref(s.items) ?? {};
    const it = typeOf(item);
    if (it === 'integer' || it === 'number') return 'x,y';
    if (Array.isArray(item.enum)) return 'not-in-the-enum';
    return undefined;
  }
  if (t === 'string' && (s.format === 'uri' || s.format === 'email' || s.format === 'date-time')) return 'not a valid value';
  if (t === 'string' && typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test('!~not matching~!')) return '!~not matching~!';
  return undefined;
}

/** A JSON value of the wrong type for a body property schema, or undefined. */
export function wrongBodyValue(schemaRef: Json): unknown {
  const s = deref(schemaRef) ?? {};
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf) || !s.type) return undefined;
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  if (!types.includes('object')) return { not: 'of this type' };
  if (!types.includes('string')) return 'not of this type';
  return undefined;
}

/** Properties of an object schema (merging allOf members). */
export function objectProperties(schemaRef: Json): { props: Record<string, Json>; required: string[] } {
  const s = deref(schemaRef) ?? {};
  const props: Record<string, Json> = { ...(s.properties ?? {}) };
  const required: string[] = [...(s.required ?? [])];
  for (const m of s.allOf ?? []) {
    const r = objectProperties(m);
    Object.assign(props, r.props);
    required.push(...r.required);
  }
  return { props, required };
}

export interface Probe {
  kind: 'missing' | 'wrong-type';
  param: string;
  where: 'query' | 'header' | 'body' | 'path';
  req: Req;
  expect: { status: number; code: string };
}

/** The probes of an operation: one missing required parameter, one wrongly typed parameter. */
export function probes(o: Operation, doc: Json): Probe[] {
  const out: Probe[] = [];
  const base = () => validRequest(o, doc);
  const rb = requestBodyOf(o);
  const bodyShape = rb.schema ? objectProperties(rb.schema) : { props: {}, required: [] };

  // Missing: a required query/header parameter, else a required body field.
  const reqParam = o.params.find((p) => p.required && (p.in === 'query' || p.in === 'header'));
  if (reqParam) {
    const req = base();
    if (reqParam.in === 'query') delete req.query[reqParam.name];
    else delete req.headers[reqParam.name.toLowerCase()];
    out.push({
      kind: 'missing',
      param: reqParam.name,
      where: reqParam.in as 'query' | 'header',
      req,
      expect: { status: 400, code: 'rest_missing_callback_param' },
    });
  } else if (rb.required && rb.type === 'application/json' && bodyShape.required.length && rb.example && typeof rb.example === 'object') {
    const name = bodyShape.required[0];
    const req = base();
    const body = { ...(req.body as Record<string, unknown>) };
    delete body[name];
    req.body = body;
    out.push({ kind: 'missing', param: name, where: 'body', req, expect: { status: 400, code: 'rest_missing_callback_param' } });
  }

  // Wrong type: a typed query parameter, else a typed body field, else a typed path parameter.
  let typed = false;
  for (const p of o.params.filter((x) => x.in === 'query')) {
    const bad = wrongQueryValue(p.schema);
    if (bad === undefined) continue;
    const req = base();
    req.query[p.name] = bad;
    out.push({ kind: 'wrong-type', param: p.name, where: 'query', req, expect: { status: 400, code: 'rest_invalid_param' } });
    typed = true;
    break;
  }
  if (!typed && rb.type === 'application/json' && Object.keys(bodyShape.props).length) {
    for (const [name, schema] of Object.entries(bodyShape.props)) {
      if (deref(schema)?.readOnly) continue;
      const bad = wrongBodyValue(schema);
      if (bad === undefined) continue;
      const req = base();
      const example = rb.example && typeof rb.example === 'object' && !Array.isArray(rb.example) ? rb.example : {};
      req.body = { ...(example as object), ...(req.body as object), [name]: bad };
      req.contentType = 'application/json';
      out.push({ kind: 'wrong-type', param: name, where: 'body', req, expect: { status: 400, code: 'rest_invalid_param' } });
      typed = true;
      break;
    }
  }
  if (!typed) {
    const p = o.params.find((x) => x.in === 'path' && ['integer', 'number'].includes(typeOf(deref(x.schema)) ?? ''));
    if (p) {
      const req = base();
      req.path[p.name] = 'not-a-number';
      req.url = fillPath(o.path, req.path);
      out.push({ kind: 'wrong-type', param: p.name, where: 'path', req, expect: { status: 404, code: 'rest_no_route' } });
    }
  }
  return out;
}
