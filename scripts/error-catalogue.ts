// The error catalogue, generated from the bundle: every error code the spec documents, with its HTTP
// status and the operations that send it. Codes come from the error responses' examples (`code` of
// each example value) and from their descriptions and the operations' descriptions (a backticked
// code such as `rest_no_route`; in an operation's description only next to a status: "404
// `oembed_invalid_url`"). The add-ons' error bodies that are not the platform's error object (D190)
// are listed too: an integer `code` as that number, a body without a `code` (a bare JSON string, an
// envelope with `success: false`, a success body sent with 403) by its schema's name.
import { member } from '../core/json.ts';
import { deref, type MediaType, type OpenApiDoc } from '../core/spec.ts';
import { operationsOf } from './code-samples.ts';

const CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const LOOKS_LIKE_CODE =
  /^rest_|^no_|invalid|error|forbidden|not_found|cannot|missing|too_|_no_|unauthori[sz]ed|not_allowed|exists|expired|disabled|failed|required|unsupported/;

function exampleCodes(doc: OpenApiDoc, media: MediaType | undefined): string[] {
  const values: unknown[] = [];
  if (media?.example !== undefined) values.push(media.example);
  for (const ex of Object.values(media?.examples ?? {})) values.push(deref(ex, doc)?.value);
  return values.flatMap((v) => {
    const code = member(v, 'code');
    return typeof code === 'string' && CODE.test(code) ? [code] : [];
  });
}

/** The add-on error bodies of an error response's examples that carry no string code: `422` (integer) or a schema name. */
function otherBodies(doc: OpenApiDoc, media: MediaType | undefined): { code: string; kind: 'integer' | 'body' }[] {
  const values: unknown[] = [];
  if (media?.example !== undefined) values.push(media.example);
  for (const ex of Object.values(media?.examples ?? {})) values.push(deref(ex, doc)?.value);
  const name = /^#\/components\/schemas\/(.+)$/.exec(String(media?.schema?.$ref ?? ''))?.[1];
  const out: { code: string; kind: 'integer' | 'body' }[] = [];
  for (const v of values) {
    const code = member(v, 'code');
    if (typeof code === 'number') out.push({ code: String(code), kind: 'integer' });
    else if (typeof code !== 'string' && name) out.push({ code: name, kind: 'body' });
  }
  return out;
}

interface Found {
  kind: 'code' | 'integer' | 'body';
  code: string;
  status: number;
  ops: Set<string>;
  via: Set<string>;
  direct: Set<string>;
}

/** [{kind, code, status, operations: [operationId], via, direct}], sorted by code then status; `kind` says whether `code` is a code, an integer code or a body schema's name. */
export function errorCatalogue(doc: OpenApiDoc) {
  const found = new Map<string, Found>(); // `${kind} ${code} ${status}` -> the entry
  const add = (code: string, status: string, opId: string, via?: string, kind: Found['kind'] = 'code'): void => {
    const key = `${kind} ${code} ${status}`;
    if (!found.has(key)) found.set(key, { kind, code, status: Number(status), ops: new Set(), via: new Set(), direct: new Set() });
    const e = found.get(key)!;
    e.ops.add(opId);
    if (via) e.via.add(via);
    else e.direct.add(opId);
  };
  const knownCodes = new Set<string>();
  const ops = operationsOf(doc);
  // First pass: codes of examples (they define what a code looks like in this spec).
  for (const o of ops) {
    for (const [status, ref] of Object.entries(o.op.responses ?? {})) {
      if (!/^[45]\d\d$/.test(status)) continue;
      const via = typeof ref?.$ref === 'string' && ref.$ref.startsWith('#/components/responses/') ? ref.$ref.split('/').pop() : undefined;
      const resp = deref(ref, doc);
      for (const media of Object.values(resp?.content ?? {})) for (const b of otherBodies(doc, media)) add(b.code, status, o.id, via, b.kind);
      for (const media of Object.values(resp?.content ?? {}))
        for (const code of exampleCodes(doc, media)) {
          knownCodes.add(code);
          add(code, status, o.id, via);
        }
    }
  }
  const mentioned = (text: unknown): string[] =>
    [...String(text ?? '').matchAll(/`([a-z][a-z0-9_]*)`/g)].map((m) => m[1]).filter((c) => CODE.test(c) && (knownCodes.has(c) || LOOKS_LIKE_CODE.test(c)));
  for (const o of ops) {
    const statuses = Object.keys(o.op.responses ?? {}).filter((s) => /^[45]\d\d$/.test(s));
    for (const status of statuses) {
      const ref = o.op.responses?.[status];
      const via = typeof ref?.$ref === 'string' && ref.$ref.startsWith('#/components/responses/') ? ref.$ref.split('/').pop() : undefined;
      // A code right after another status ("older sites answer 400 `rest_invalid_param`") belongs to
      // that status, not to this response's.
      const text = String(deref(ref, doc)?.description ?? '');
      for (const m of text.matchAll(/`([a-z][a-z0-9_]*)`/g)) {
        if (!mentioned(`\`${m[1]}\``).length) continue;
        const other = /\b([45]\d\d)\b[^`.;]{0,30}$/.exec(text.slice(Math.max(0, m.index - 40), m.index))?.[1];
        if (other && other !== status) {
          if (statuses.includes(other)) add(m[1], other, o.id);
          continue;
        }
        add(m[1], status, o.id, via);
      }
    }
    // "answers 404 `code`", "404 (`code`)", "a 403 `code`": a status right before the code.
    for (const m of String(o.op.description ?? '').matchAll(/\b([45]\d\d)\b[^`.;]{0,30}`([a-z][a-z0-9_]*)`/g)) {
      if (CODE.test(m[2]) && (knownCodes.has(m[2]) || LOOKS_LIKE_CODE.test(m[2])) && statuses.includes(m[1])) add(m[2], m[1], o.id);
    }
  }
  return [...found.values()]
    .map((e) => ({ kind: e.kind, code: e.code, status: e.status, operations: [...e.ops].sort(), via: [...e.via].sort(), direct: [...e.direct].sort() }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.status - b.status));
}

const opLink = (id: string) => `[\`${id}\`](#operation/${id})`;

/** The catalogue as a Markdown section (for the docs' introduction). */
export function errorCatalogueMarkdown(doc: OpenApiDoc) {
  const rows = errorCatalogue(doc);
  const total = operationsOf(doc).length;
  const lines = [
    '## Error catalogue',
    '',
    `Every error code this description documents (${rows.length} code/status pairs), generated from the`,
    "error responses' examples and descriptions. Branch on `code`; the same code can come with several",
    'statuses (for example 401 for an anonymous request and 403 for a user without the capability).',
    "Some add-ons answer errors outside the platform's error object: an integer `code` is listed as",
    'that number, a body without a `code` (a bare JSON string, an envelope with `success: false`) by',
    'its schema; branch on the status there.',
    '',
    '| Code | Status | Sent by |',
    '|---|---|---|',
  ];
  for (const r of rows) {
    let sentBy;
    if (r.operations.length <= 8) sentBy = r.operations.map(opLink).join(', ');
    else {
      const why = [];
      if (r.via.length) why.push(`every operation with the shared ${r.via.map((v) => `\`${v}\``).join(', ')} response`);
      if (r.direct.length && r.direct.length <= 8) why.push(r.direct.map(opLink).join(', '));
      else if (r.direct.length) why.push(`${r.direct.length} operations that name it themselves`);
      sentBy = `${r.operations.length} of ${total} operations (${why.join('; and ')})`;
    }
    const code = r.kind === 'integer' ? `\`${r.code}\` (an integer)` : r.kind === 'body' ? `none: the \`${r.code}\` body` : `\`${r.code}\``;
    lines.push(`| ${code} | ${r.status} | ${sentBy} |`);
  }
  return lines.join('\n');
}
