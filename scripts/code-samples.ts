// Request samples for the HTML docs, generated from the bundle: a curl command and a call through the
// typed client for every operation, built from the operation's own examples (path parameters,
// required query parameters, the request body example). The docs stage puts them into `x-codeSamples`
// of a docs-only copy of the bundle; they are never written into the source.
import { deref, operations, type Json, type Operation } from '../core/spec.ts';

export const BASE_URL = 'https://festival.example/wp-json';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the bundle: {path, method, op, params} with parameters resolved (core/spec.ts). */
export function operationsOf(doc: Json): Operation[] {
  return operations(doc).filter((o) => HTTP_METHODS.includes(o.method));
}

function firstExample(doc: Json, node: Json) {
  if (!node) return undefined;
  if (node.example !== undefined) return node.example;
  if (node.examples && typeof node.examples === 'object') {
    const first = Array.isArray(node.examples) ? node.examples[0] : deref(Object.values(node.examples)[0], doc)?.value;
    if (first !== undefined) return first;
  }
  return undefined;
}

function valueOf(doc: Json, p: Json) {
  const ex = firstExample(doc, p);
  if (ex !== undefined) return ex;
  const s = deref(p.schema, doc) ?? {};
  const sx = firstExample(doc, s);
  if (sx !== undefined) return sx;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  return s.type === 'integer' || s.type === 'number' ? 1 : 'example';
}

export function needsAuth(doc: Json, op: Json) {
  const sec = op.security ?? doc.security ?? [];
  return sec.length > 0 && !sec.some((s: Json) => Object.keys(s).length === 0);
}

const shellQuote = (s: Json) => `'${String(s).replace(/'/g, `'\\''`)}'`;
const queryValue = (v: Json) => (Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function requestParts(doc: Json, { path, op, params }: Pick<Operation, 'path' | 'op' | 'params'>) {
  const pathValues: Record<string, Json> = {};
  const query: Record<string, Json> = {};
  const headers: Record<string, string> = {};
  for (const p of params) {
    if (p.in === 'path') pathValues[p.name] = valueOf(doc, p);
    else if (p.required && p.in === 'query') query[p.name] = valueOf(doc, p);
    else if (p.required && p.in === 'header') headers[p.name] = String(valueOf(doc, p));
  }
  const rb = deref(op.requestBody, doc);
  let body;
  let bodyType;
  if (rb?.content) {
    bodyType = rb.content['application/json'] ? 'application/json' : Object.keys(rb.content)[0];
    const media = rb.content[bodyType];
    if (!media?.['x-undocumented-body']) body = firstExample(doc, media);
  }
  const url = path.replace(/\{([^}]+)\}/g, (_: string, n: string) => encodeURIComponent(String(pathValues[n])));
  return { pathValues, query, headers, body, bodyType, url };
}

export function curlSample(doc: Json, o: Json) {
  const { query, headers, body, bodyType, url } = requestParts(doc, o);
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, queryValue(v)])).toString();
  const lines = [`curl -X ${o.method.toUpperCase()} ${shellQuote(`${BASE_URL}${url}${qs ? `?${qs}` : ''}`)}`];
  if (needsAuth(doc, o.op)) lines.push(`-u "editor:$APP_PASSWORD"`);
  for (const [k, v] of Object.entries(headers)) lines.push(`-H ${shellQuote(`${k}: ${v}`)}`);
  if (body !== undefined && bodyType === 'application/json') {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  } else if (body !== undefined && bodyType === 'application/x-www-form-urlencoded' && body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) lines.push(`--data-urlencode ${shellQuote(`${k}=${queryValue(v)}`)}`);
  }
  return lines.join(' \\\n  ');
}

const tsValue = (v: Json, indent: Json) =>
  JSON.stringify(v, null, 2)
    .replace(/\n/g, `\n${indent}`)
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');

export function clientSample(doc: Json, o: Json) {
  const { pathValues, query, headers, body, bodyType } = requestParts(doc, o);
  const auth = needsAuth(doc, o.op);
  const init = [];
  const params = [];
  if (Object.keys(pathValues).length) params.push(`path: ${tsValue(pathValues, '    ')}`);
  if (Object.keys(query).length) params.push(`query: ${tsValue(query, '    ')}`);
  if (Object.keys(headers).length) params.push(`header: ${tsValue(headers, '    ')}`);
  if (params.length) init.push(`params: {\n    ${params.join(',\n    ')},\n  }`);
  if (body !== undefined && bodyType === 'application/json') init.push(`body: ${tsValue(body, '  ')}`);
  const call = `site.${o.method.toUpperCase()}('${o.path}'${init.length ? `, {\n  ${init.join(',\n  ')},\n}` : ''})`;
  const formCall = body !== undefined && bodyType === 'application/x-www-form-urlencoded';
  return [
    `import { createClient${formCall ? ', asForm' : ''} } from 'festival-site-api';`,
    '',
    'const site = createClient({',
    `  baseUrl: '${BASE_URL}',`,
    ...(auth ? ["  auth: { user: 'editor', password: process.env.APP_PASSWORD! },"] : []),
    '});',
    '',
    `const { data, error } = await ${formCall ? `site.${o.method.toUpperCase()}('${o.path}', asForm({ body: ${tsValue(body, '')} }))` : call};`,
    'if (error) console.error(error.code, error.message);',
    'else console.log(data);',
  ].join('\n');
}

/**
 * The sample languages of the docs' selector (Redoc's `codeSamples.languages`), in its order: a
 * sample shows only when its label is one of them. `Payload` is Redoc's own request-body sample.
 */
export const SAMPLE_LANGUAGES = [
  { lang: 'bash', label: 'curl' },
  { lang: 'typescript', label: 'Typed client' },
  { lang: 'payload', label: 'Payload' },
];

/** Put x-codeSamples on every operation of `doc` (a copy: the caller passes a clone). */
export function addCodeSamples(doc: Json) {
  let n = 0;
  for (const o of operationsOf(doc)) {
    o.op['x-codeSamples'] = [
      { lang: 'Shell', label: SAMPLE_LANGUAGES[0].label, source: curlSample(doc, o) },
      { lang: 'TypeScript', label: SAMPLE_LANGUAGES[1].label, source: clientSample(doc, o) },
    ];
    n++;
  }
  return n;
}
