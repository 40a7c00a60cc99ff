// Request samples for the HTML docs, generated from the bundle, for every operation: curl against
// the mock (the spec's names), curl against a real site (the platform's names, mapped with the one
// name mapping of core/mapping.ts), and a call through the typed client against a real site with
// that mapping (a comment names the mock's base URL). They are built from the operation's own
// examples: path parameters, required query parameters, the language parameter of a read, the
// request body example (a raw file upload sends a file). The docs stage puts them into
// `x-codeSamples` of a docs-only copy of the bundle; they are never written into the source.
import { FESTIVAL_PLATFORM, mapFields, mappingLines, mapPath, mapQueryString, mapRoutePath, type NameMapping } from '../core/mapping.ts';
import { asArray, asObject, member } from '../core/json.ts';
import { BATCH_ROUTE, LANGUAGE_PARAM } from '../core/platform.js';
import {
  deref,
  operations,
  type Example,
  type MaybeRef,
  type MediaType,
  type OpenApiDoc,
  type Operation,
  type OperationObject,
  type ParameterObject,
  type RequestBody,
  type Schema,
} from '../core/spec.ts';

/** The mock's root (`npm start`, `npm run mock`): it speaks the spec's names. */
export const MOCK_URL = 'http://127.0.0.1:4010';
/** A real site's REST root: it speaks the platform's names. */
export const SITE_URL = 'https://festival.example/wp-json';
/** The mapping the real-site samples use: the festival's platform (WordPress, the calendar, the translation plugin). */
export const SITE_MAPPING: NameMapping = FESTIVAL_PLATFORM;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the bundle: {path, method, op, params} with parameters resolved (core/spec.ts). */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return operations(doc).filter((o) => HTTP_METHODS.includes(o.method));
}

/** A node with examples: a parameter, a media type or a schema. */
interface Exampled {
  example?: unknown;
  examples?: unknown;
}

function firstExample(doc: OpenApiDoc, node: Exampled | undefined): unknown {
  if (!node) return undefined;
  if (node.example !== undefined) return node.example;
  if (node.examples && typeof node.examples === 'object') {
    // A schema's `examples` is a list; a parameter's or a media type's a map of Example objects.
    const named: unknown[] = Object.values(node.examples);
    const first = Array.isArray(node.examples) ? node.examples[0] : deref(named[0] as MaybeRef<Example> | undefined, doc)?.value;
    if (first !== undefined) return first;
  }
  return undefined;
}

function valueOf(doc: OpenApiDoc, p: ParameterObject): unknown {
  const ex = firstExample(doc, p);
  if (ex !== undefined) return ex;
  return schemaValue(doc, deref(p.schema, doc) ?? {}, 0);
}

/** A schema's own example, default, constant or first enum value; a union's first branch (`reassign`: an id or `false`). */
function schemaValue(doc: OpenApiDoc, s: Schema, depth: number): unknown {
  const sx = firstExample(doc, s);
  if (sx !== undefined) return sx;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const union = s.oneOf ?? s.anyOf;
  if (Array.isArray(union) && union.length > 0 && depth < 4) return schemaValue(doc, deref(union[0] as MaybeRef<Schema>, doc) ?? {}, depth + 1);
  return s.type === 'integer' || s.type === 'number' ? 1 : 'example';
}

export function needsAuth(doc: OpenApiDoc, op: OperationObject) {
  const sec = op.security ?? doc.security ?? [];
  return sec.length > 0 && !sec.some((s) => Object.keys(s).length === 0);
}

/** True when every error answer of the operation is JSON (so the client's `error` has `code` and `message`). */
function jsonErrors(doc: OpenApiDoc, op: OperationObject) {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => !/^[123]/.test(status))
    .every(([, r]) =>
      Object.entries(deref(r, doc)?.content ?? {}).every(
        // JSON with a `code` (the platform's error object); an add-on's own error body (a bare string,
        // an envelope) has none, so its sample prints the error as it is (D190).
        ([type, media]) => /json/i.test(type) && (deref(media?.schema, doc)?.required ?? []).includes('code'),
      ),
    );
}

const shellQuote = (s: unknown) => `'${String(s).replace(/'/g, `'\\''`)}'`;
const queryValue = (v: unknown) => (Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** A raw file upload: every media type of the body is a string of bytes (`POST /core/v2/media`). */
interface Upload {
  file: string;
  type: string;
  /** The operation's header parameters, with their examples (the file's name in `Content-Disposition`). */
  headers: Record<string, string>;
}

function uploadOf(doc: OpenApiDoc, rb: RequestBody | undefined, params: Operation['params']): Upload | undefined {
  const content: Record<string, MediaType> = rb?.content ?? {};
  const types = Object.keys(content).filter((t) => t !== 'multipart/form-data');
  if (!types.length || content['application/json'] || !types.every((t) => deref(content[t]?.schema, doc)?.type === 'string')) return undefined;
  if (firstExample(doc, content[types[0]]) !== undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const p of params) if (p.in === 'header') headers[p.name] = String(valueOf(doc, p));
  const disposition = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-disposition')?.[1];
  const file = /filename\*?="?([^";]+)"?/.exec(disposition ?? '')?.[1] ?? 'upload.bin';
  const image = /\.(png|jpe?g|gif|webp)$/i.exec(file);
  const type = image && types.includes('image/*') ? `image/${image[1].toLowerCase().replace('jpg', 'jpeg')}` : types[0];
  return { file, type, headers };
}

function requestParts(doc: OpenApiDoc, { path, method, op, params }: Pick<Operation, 'path' | 'method' | 'op' | 'params'>) {
  const rb = deref(op.requestBody, doc);
  const upload = uploadOf(doc, rb, params);
  const pathValues: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = { ...upload?.headers };
  for (const p of params) {
    if (p.in === 'path') pathValues[p.name] = valueOf(doc, p);
    else if (p.in === 'query' && (p.required || (p.name === LANGUAGE_PARAM && method === 'get'))) query[p.name] = valueOf(doc, p);
    else if (p.in === 'header' && p.required) headers[p.name] = String(valueOf(doc, p));
  }
  let body: unknown;
  let bodyType: string | undefined;
  if (rb?.content && !upload) {
    bodyType = rb.content['application/json'] ? 'application/json' : Object.keys(rb.content)[0];
    const media = rb.content[bodyType];
    if (!media?.['x-undocumented-body']) body = firstExample(doc, media);
  }
  const url = path.replace(/\{([^}]+)\}/g, (_: string, n: string) => encodeURIComponent(String(pathValues[n])));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, queryValue(v)])).toString();
  return { pathValues, query, headers, body, bodyType, upload, url, qs };
}

/**
 * A body in the site's names, as the client sends it: a top-level field a product names otherwise
 * is renamed (`ml_job_id` -> `wpml_job_id`, core/mapping.ts `mapFields`), and a batch item's `path` is
 * a route, mapped as the client maps it (`mapRoutePath`).
 */
function siteBody(o: Operation, body: unknown, mapping: NameMapping): unknown {
  const requests = asArray(member(body, 'requests'));
  if (o.path !== BATCH_ROUTE || !requests) return mapFields(body, mapping, 'toSite');
  return {
    ...asObject(body),
    requests: requests.map((r) => {
      const path = member(r, 'path');
      return typeof path === 'string' ? { ...asObject(r), path: mapRoutePath(path, mapping, 'toSite') } : r;
    }),
  };
}

/** Where a curl sample goes: the mock with the spec's names, or a real site with the platform's. */
export type Target = 'mock' | 'site';

export function curlSample(doc: OpenApiDoc, o: Operation, target: Target) {
  const parts = requestParts(doc, o);
  const { headers, bodyType, upload, url, qs } = parts;
  const body = target === 'site' ? siteBody(o, parts.body, SITE_MAPPING) : parts.body;
  const full =
    target === 'site'
      ? `${SITE_URL}${mapPath(url, SITE_MAPPING, 'toSite')}${qs ? `?${mapQueryString(qs, SITE_MAPPING, 'toSite')}` : ''}`
      : `${MOCK_URL}${url}${qs ? `?${qs}` : ''}`;
  const lines = [`curl -X ${o.method.toUpperCase()} ${shellQuote(full)}`];
  if (needsAuth(doc, o.op)) lines.push(`-u "editor:$APP_PASSWORD"`);
  for (const [k, v] of Object.entries(headers)) lines.push(`-H ${shellQuote(`${k}: ${v}`)}`);
  if (upload) {
    lines.push(`-H ${shellQuote(`Content-Type: ${upload.type}`)}`);
    lines.push(`--data-binary ${shellQuote(`@${upload.file}`)}`);
  } else if (body !== undefined && bodyType === 'application/json') {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  } else if (body !== undefined && bodyType === 'application/x-www-form-urlencoded' && body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) lines.push(`--data-urlencode ${shellQuote(`${k}=${queryValue(v)}`)}`);
  }
  return lines.join(' \\\n  ');
}

const tsValue = (v: unknown, indent: string) =>
  JSON.stringify(v, null, 2)
    .replace(/\n/g, `\n${indent}`)
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');

/**
 * The comment over the client's options, no wider than the docs' sample panel: the mapping, one name
 * per line from the mapping itself (`core/v2 -> wp/v2`), and the mock's base URL.
 */
function clientComment(m: NameMapping): string[] {
  return [
    "// A real site: the mapping sends the site's names",
    ...[...Object.entries(m.namespaces), ...Object.entries(m.params)].map(([spec, site]) => `//   ${spec} -> ${site}`),
    "// The mock speaks the spec's names, without mapping:",
    `// createClient({ baseUrl: '${MOCK_URL}' })`,
  ];
}

/** The client's call: `site.GET('/core/v2/posts', { … })`. */
function clientCall(doc: OpenApiDoc, o: Operation) {
  const { pathValues, query, headers, body, bodyType, upload } = requestParts(doc, o);
  const init = [];
  const params = [];
  if (Object.keys(pathValues).length) params.push(`path: ${tsValue(pathValues, '    ')}`);
  if (Object.keys(query).length) params.push(`query: ${tsValue(query, '    ')}`);
  if (Object.keys(headers).length) params.push(`header: ${tsValue(headers, '    ')}`);
  if (params.length) init.push(`params: {\n    ${params.join(',\n    ')},\n  }`);
  if (upload) {
    init.push(`headers: { 'Content-Type': '${upload.type}' }`);
    init.push(`// the file's bytes, sent as they are (the spec types a raw body as a string)\n  body: (await readFile('${upload.file}')) as unknown as string`);
  } else if (body !== undefined && bodyType === 'application/json') init.push(`body: ${tsValue(body, '  ')}`);
  const method = o.method.toUpperCase();
  if (body !== undefined && bodyType === 'application/x-www-form-urlencoded')
    return { call: `site.${method}('${o.path}', asForm({ body: ${tsValue(body, '')} }))`, form: true, upload };
  return { call: `site.${method}('${o.path}'${init.length ? `, {\n  ${init.join(',\n  ')},\n}` : ''})`, form: false, upload };
}

/** The typed client's sample: a real site with the platform's mapping; a comment gives the mock's base URL. */
export function clientSample(doc: OpenApiDoc, o: Operation) {
  const { call, form, upload } = clientCall(doc, o);
  const auth = needsAuth(doc, o.op);
  return [
    `import { ${form ? 'asForm, ' : ''}createClient, FESTIVAL_PLATFORM } from 'festival-site-api';`,
    ...(upload ? [`import { readFile } from 'node:fs/promises';`] : []),
    '',
    ...clientComment(SITE_MAPPING),
    'const site = createClient({',
    `  baseUrl: '${SITE_URL}',`,
    '  mapping: FESTIVAL_PLATFORM,',
    ...(auth ? ["  auth: { user: 'editor', password: process.env.APP_PASSWORD! },"] : []),
    '});',
    '',
    `const { data, error } = await ${call};`,
    `if (error) console.error(${jsonErrors(doc, o.op) ? 'error.code, error.message' : 'error'});`,
    'else console.log(data);',
  ].join('\n');
}

/** The docs' introduction to the samples (Markdown, after the spec's own introduction), its names from the mapping. */
export function samplesMarkdown() {
  const renames = mappingLines(SITE_MAPPING)
    .filter((l) => !/^([^=:]+)=\1$/.test(l))
    .map((l) => {
      const [a, b] = l.split('=');
      return `\`${a}\` → \`${b}\``;
    });
  return [
    '## Request samples',
    'Every operation has three request samples, each for where its label says:',
    '',
    `- **curl (mock)**: the mock (\`npm start\` or \`npm run mock\`, \`${MOCK_URL}\`), in the spec's names.`,
    `- **curl (real site)**: a site's REST root (\`${SITE_URL}\`), in the platform's names: ${renames.join(', ')}.`,
    "  A batch item's `path` is renamed too, and a body field a product names otherwise (`ml_job_id`).",
    "- **Typed client (real site)**: the same site through the typed client, written in the spec's names with",
    '  `mapping: FESTIVAL_PLATFORM`, which renames them on the way out and maps the URLs the site returns back.',
    '  On the mock leave the mapping out.',
    '',
    `Reads that take \`${LANGUAGE_PARAM}\` show it. \`FESTIVAL_PLATFORM\` holds every namespace of the festival's`,
    'site, the add-ons included; a site that names one otherwise maps it with `parseMapping`.',
  ].join('\n');
}

/**
 * The sample languages of the docs' selector (Redoc's `codeSamples.languages`), in its order: a
 * sample shows only when its label is one of them. `Payload` is Redoc's own request-body sample.
 */
export const SAMPLE_LANGUAGES = [
  { lang: 'bash', label: 'curl (mock)' },
  { lang: 'bash', label: 'curl (real site)' },
  { lang: 'typescript', label: 'Typed client (real site)' },
  { lang: 'payload', label: 'Payload' },
];

/** Put x-codeSamples on every operation of `doc` (a copy: the caller passes a clone). */
export function addCodeSamples(doc: OpenApiDoc) {
  let n = 0;
  for (const o of operationsOf(doc)) {
    o.op['x-codeSamples'] = [
      { lang: 'Shell', label: SAMPLE_LANGUAGES[0].label, source: curlSample(doc, o, 'mock') },
      { lang: 'Shell', label: SAMPLE_LANGUAGES[1].label, source: curlSample(doc, o, 'site') },
      { lang: 'TypeScript', label: SAMPLE_LANGUAGES[2].label, source: clientSample(doc, o) },
    ];
    n++;
  }
  return n;
}
