// A matched request read as the platform reads it, before anyone answers it: `context=edit` without
// credentials, a JSON body that does not parse, bracketed keys of scalar parameters and comma lists
// of union parameters (lists.ts), boolean query values in the spelling Prism reads, the body re-encoded (input.ts), and the request to forward.
import type { IncomingMessage } from 'node:http';
import { encodePairs, phpPairs } from '../core/php-query.ts';
import { coerceScalar } from '../core/scalar.ts';
import { deref, schemaTypes, type OpenApiDoc } from '../core/spec.ts';
import { invalidJson, jsonErrorCode } from './errors.ts';
import { contextExample, lastParam } from './globals.ts';
import { bodyToForward } from './input.ts';
import { checkBracketScalars, checkUnionLists } from './lists.ts';
import { HOP } from './proxy.ts';
import { platformReply } from './reply.ts';
import { isErrorBody, type Asked, type Entry, type Front, type Headers, type Forwarded, type PlatformAnswer, type Prepared } from './types.ts';

/** The operation's documented error example with this code, as {status, body}, or null. */
export function documentedError(doc: OpenApiDoc, entry: Entry, code: string): PlatformAnswer | null {
  for (const [status, resRef] of Object.entries(entry?.op?.responses ?? {})) {
    for (const ex of Object.values(deref(resRef, doc)?.content?.['application/json']?.examples ?? {})) {
      const value = deref(ex, doc)?.value;
      if (isErrorBody(value) && value.code === code) return { status: Number(status), body: value };
    }
  }
  return null;
}

/**
 * Boolean query values in the one spelling Prism reads: the platform takes `1`, `0`, `TRUE`, `False`
 * for a boolean (`rest_is_boolean`, core/scalar.ts); Prism only `true` and `false`, so it refused
 * `hide_empty=1`. A parameter that may also be a number or a string is left as it came.
 */
function booleansForPrism(doc: OpenApiDoc, entry: Entry, pairs: [string, string][]): [string, string][] {
  let booleans = BOOLEANS.get(entry);
  if (!booleans) {
    booleans = new Set<string>();
    for (const p of entry.params) {
      if (p.in !== 'query') continue;
      const types = schemaTypes(p.schema, doc);
      if (types.includes('boolean') && types.every((t) => t === 'boolean' || t === 'null')) booleans.add(p.name);
    }
    BOOLEANS.set(entry, booleans);
  }
  if (booleans.size === 0) return pairs;
  const names = booleans;
  return pairs.map(([k, v]) => (names.has(k) ? [k, String(coerceScalar(['boolean'], v))] : [k, v]));
}
/** The boolean query parameters of an operation (read once per operation). */
const BOOLEANS = new WeakMap<Entry, Set<string>>();

/** Read a matched request as the platform does and decide what to forward to Prism. */
export function prepare(front: Front, req: IncomingMessage, { match, method, pairs, body }: Asked): Prepared {
  const { doc } = front;
  const entry = match.entry!;
  const context = lastParam(pairs, 'context');
  // context=edit needs a user who may edit: anonymous is the documented 401 rest_forbidden_context.
  if (context === 'edit' && req.headers.authorization === undefined) {
    const forbidden = documentedError(doc, entry, 'rest_forbidden_context');
    if (forbidden) return { reply: platformReply(forbidden) };
  }
  const documented = Object.keys(deref(entry.op.requestBody, doc)?.content ?? {});
  const fwdBody = method === 'get' || method === 'head' ? { type: null, body: Buffer.alloc(0) } : bodyToForward(req.headers, body, documented);
  if (fwdBody.type === 'application/json' && fwdBody.body.toString('utf8').trim() !== '') {
    const error = jsonErrorCode(fwdBody.body);
    if (error !== null) return { reply: platformReply(invalidJson(error)) };
  }
  // Comma lists of union-with-array query parameters: checked here, not forwarded (see lists.ts).
  // Bracketed keys of scalar parameters (`per_page[]=abc`): an array where the platform wants a scalar.
  const brackets = checkBracketScalars(doc, entry, pairs);
  const lists = checkUnionLists(doc, entry, new URLSearchParams(brackets.pairs));
  for (const [k, v] of brackets.invalid) if (!lists.invalid.has(k)) lists.invalid.set(k, v);
  // The same in a form body (`status[]=draft`): PHP reads an array, the platform wants a string.
  if (fwdBody.type === 'application/x-www-form-urlencoded') {
    const media = deref(entry.op.requestBody, doc)?.content?.['application/x-www-form-urlencoded'];
    if (media?.schema)
      for (const [k, v] of checkBracketScalars(doc, entry, phpPairs(fwdBody.body.toString('utf8')), { bodySchema: media.schema }).invalid)
        if (!lists.invalid.has(k)) lists.invalid.set(k, v);
  }
  const query = encodePairs(booleansForPrism(doc, entry, [...lists.search]));
  const headers: Headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && k !== 'accept' && k !== 'content-type' && k !== '__proto__') headers[k] = v;
  if (fwdBody.type) {
    headers['content-type'] = fwdBody.type;
    headers['content-length'] = String(fwdBody.body.length);
  }
  const exampleKey = contextExample(doc, entry, context);
  if (exampleKey && !/\b(example|code)\s*=/.test(String(headers.prefer ?? '')))
    headers.prefer = [headers.prefer, `example=${exampleKey}`].filter(Boolean).join(', ');
  const fwd: Forwarded = {
    method: method === 'head' ? 'GET' : method.toUpperCase(),
    path: `${match.canonical}${query ? `?${query}` : ''}`,
    headers,
    body: fwdBody.body,
  };
  return { fwd, invalid: lists.invalid, exampleKey, context };
}

/** Does the request pick a documented answer (`Prefer: code=404`, `Prefer: example=edit_context`)? */
export const prefersExample = (req: IncomingMessage): boolean => /\b(code|example)\s*=/i.test(String(req.headers.prefer ?? ''));
