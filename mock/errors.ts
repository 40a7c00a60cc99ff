// The platform's error bodies, and the translation of Prism's request violations into them.
// A violation is what Prism puts in its `sl-violations` header (or a 422 problem's `validation`):
// {location: ['request', 'query'|'body'|'header'|'path', name, ...], code, message}.
import { deref, type OpenApiDoc, type Schema } from '../core/spec.ts';
import type { Detail, Entry, PlatformAnswer } from './types.ts';

export const noRoute = (): PlatformAnswer => ({
  status: 404,
  body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
});

// PHP's json_decode errors, as the platform reports them in rest_invalid_json.
const JSON_ERRORS: Record<number, string> = {
  1: 'Maximum stack depth exceeded',
  3: 'Control character error, possibly incorrectly encoded',
  4: 'Syntax error',
  5: 'Malformed UTF-8 characters, possibly incorrectly encoded',
};

export const invalidJson = (code = 4): PlatformAnswer => ({
  status: 400,
  body: {
    code: 'rest_invalid_json',
    message: 'Invalid JSON body passed.',
    data: { status: 400, json_error_code: code, json_error_message: JSON_ERRORS[code] ?? JSON_ERRORS[4] },
  },
});

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * PHP's json_decode default depth, which the platform uses. Measured on the sandbox (WordPress 6.1.9,
 * PHP 8.2): 511 nested arrays or objects parse, 512 answer JSON_ERROR_DEPTH (the value inside the
 * deepest level counts as one more level).
 */
export const PHP_JSON_MAX_DEPTH = 512;

/**
 * Where PHP's parser would stop with JSON_ERROR_DEPTH: the `[` or `{` that opens nesting level
 * `max` (level 512 of the default), as {at, closers} (the brackets that would close the levels open there), or null. One
 * linear pass; strings (and their escapes) are skipped.
 */
export function depthExceeded(text: string, max = PHP_JSON_MAX_DEPTH): { at: number; closers: string } | null {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (open.length + 1 >= max)
        return {
          at: i,
          closers: open
            .reverse()
            .map((b) => (b === 0x5b ? ']' : '}'))
            .join(''),
        };
      open.push(c);
    } else if ((c === 0x5d || c === 0x7d) && open.length) open.pop();
  }
  return null;
}

/**
 * Does PHP's parser reach the too-deep bracket (JSON_ERROR_DEPTH) before any syntax error? It
 * does when the text before that bracket, with a value in its place and the open levels closed,
 * is valid JSON (the bracket then stands where a value may start).
 */
function depthErrorFirst(text: string, deep: { at: number; closers: string }): boolean {
  try {
    JSON.parse(`${text.slice(0, deep.at)}0${deep.closers}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a JSON body does not parse, as PHP's json_decode says (checked against the sandbox): 5 for
 * bytes that are not UTF-8 (a UTF-16 body, `\xff`), 1 for 512 or more nested levels (reached
 * before any syntax error, as PHP's parser reads in order), 3 for a raw control character, 4
 * otherwise; null when it parses (a UTF-8 byte-order mark does not, as in PHP).
 */
export function jsonErrorCode(body: Buffer): 1 | 3 | 4 | 5 | null {
  let text: string;
  try {
    text = strictUtf8.decode(body);
  } catch {
    return 5;
  }
  if (text.charCodeAt(0) === 0xfeff) return 4; // TextDecoder drops the BOM: PHP refuses it
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 4;
  const deep = depthExceeded(text);
  try {
    JSON.parse(text);
    return deep ? 1 : null;
  } catch {
    if (deep && depthErrorFirst(text, deep)) return 1;
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text) ? 3 : 4;
  }
}

export const mockError = (status: number, code: string, message: string): PlatformAnswer => ({ status, body: { code, message, data: { status } } });

// Ajv keyword (Prism's violation code) -> the platform's code for one invalid parameter.
const DETAIL_CODES: Record<string, string> = {
  type: 'rest_invalid_type',
  enum: 'rest_not_in_enum',
  const: 'rest_not_in_enum',
  minimum: 'rest_out_of_bounds',
  maximum: 'rest_out_of_bounds',
  exclusiveMinimum: 'rest_out_of_bounds',
  exclusiveMaximum: 'rest_out_of_bounds',
  pattern: 'rest_invalid_pattern',
  minLength: 'rest_too_short',
  maxLength: 'rest_too_long',
  minItems: 'rest_too_few_items',
  maxItems: 'rest_too_many_items',
  uniqueItems: 'rest_duplicate_items',
  minProperties: 'rest_too_few_properties',
  maxProperties: 'rest_too_many_properties',
  additionalProperties: 'rest_additional_properties_forbidden',
  unevaluatedProperties: 'rest_additional_properties_forbidden',
  required: 'rest_property_required',
  oneOf: 'rest_no_matching_schema',
  anyOf: 'rest_no_matching_schema',
};
const FORMAT_CODES: Record<string, string> = {
  email: 'rest_invalid_email',
  'date-time': 'rest_invalid_date',
  ipv4: 'rest_invalid_ip',
  ipv6: 'rest_invalid_ip',
  uuid: 'rest_invalid_uuid',
  'hex-color': 'rest_invalid_hex_color',
  uri: 'rest_invalid_url',
};

const requiredName = (message: string | undefined): string | undefined => /required property '([^']+)'/.exec(message ?? '')?.[1];

/** `requests.0.path` -> `requests[0][path]`, the platform's way of naming nested values. */
const bracketName = (parts: string[]): string =>
  parts[0] +
  parts
    .slice(1)
    .map((p) => `[${p}]`)
    .join('');

/** A violation as Prism reports it. */
export interface Violation {
  location?: string[];
  code?: string | number;
  message?: string;
}

function detailMessage(v: Violation, nested: string[]): string {
  const text = String(v.message ?? 'is invalid')
    .replace(/^Request (query|header|path|cookie) parameter \S+ /, '')
    .replace(/^Request body( property \S+)? /, '')
    .replace(/^Request (query|header|path|cookie) /, '');
  return `${bracketName(nested)} ${text}${/[.!?]$/.test(text) ? '' : '.'}`.replace(/^(\S+) \1 /, '$1 ');
}

function bodyRequired(doc: OpenApiDoc, entry: Entry | undefined): string[] {
  const body = deref(entry?.op?.requestBody, doc);
  const media = body?.content?.['application/json'] ?? Object.values(body?.content ?? {})[0];
  const schema: Schema = deref(media?.schema, doc) ?? {};
  return Array.isArray(schema.required) ? schema.required : [];
}

/**
 * Translate request violations into the platform's answer: {status, body} or null when there is
 * nothing to translate (no request violation other than credentials). `entry` is the matched
 * operation ({op, params}) when known: it names the missing body fields when the body is absent.
 */
export function fromViolations(violations: Violation[] | undefined, doc: OpenApiDoc, entry: Entry | undefined): PlatformAnswer | null {
  const req = (violations ?? []).filter(
    (v): v is Violation & { location: string[] } => Array.isArray(v.location) && v.location[0] === 'request' && v.code !== 401 && v.code !== '401',
  );
  if (!req.length) return null;
  if (req.some((v) => v.location[1] === 'path')) return noRoute();

  const missing: string[] = [];
  const invalid = new Map<string, Detail>();
  for (const v of req) {
    const [, where, ...rest] = v.location;
    if (where === undefined) {
      // The whole body: absent ("Body parameter is required") or of an unsupported media type (415).
      const names = bodyRequired(doc, entry);
      if (names.length) missing.push(...names);
      else invalid.set('body', { code: 'rest_invalid_param', message: 'The request body is invalid.', data: null });
      continue;
    }
    if (v.code === 'required' && rest.length === 0) {
      missing.push(requiredName(v.message) ?? where);
      continue;
    }
    const nested = v.code === 'required' ? [...rest, requiredName(v.message) ?? '?'] : rest;
    const name = nested[0] ?? where;
    if (invalid.has(name)) continue;
    const code =
      v.code === 'format'
        ? (FORMAT_CODES[/format "([^"]+)"/.exec(v.message ?? '')?.[1] ?? ''] ?? 'rest_invalid_param')
        : (DETAIL_CODES[String(v.code)] ?? 'rest_invalid_param');
    invalid.set(name, { code, message: detailMessage(v, nested.length ? nested : [name]), data: { param: bracketName(nested.length ? nested : [name]) } });
  }
  // The platform reports missing parameters first and stops there.
  if (missing.length) {
    const params = [...new Set(missing)];
    return { status: 400, body: { code: 'rest_missing_callback_param', message: `Missing parameter(s): ${params.join(', ')}`, data: { status: 400, params } } };
  }
  return invalidParams(invalid);
}

/** 400 rest_invalid_param for a Map name -> {code, message, data} (in the platform's shape). */
export function invalidParams(invalid: Map<string, Detail>): PlatformAnswer {
  const names = [...invalid.keys()];
  return {
    status: 400,
    body: {
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${names.join(', ')}`,
      data: {
        status: 400,
        params: Object.fromEntries(names.map((n) => [n, invalid.get(n)!.message])),
        details: Object.fromEntries(names.map((n) => [n, invalid.get(n)])),
      },
    },
  };
}

/**
 * Add the front's own invalid parameters (Map name -> detail) to the answer decided so far
 * (`platform`: a rewritten answer, or null for Prism's own): missing parameters and no route win,
 * Prism's invalid parameters are merged with them, anything else becomes 400 rest_invalid_param.
 */
export function withInvalid(platform: PlatformAnswer | null, invalid: Map<string, Detail> | undefined): PlatformAnswer | null {
  if (!invalid?.size) return platform;
  if (platform && (platform.status === 404 || platform.body?.code === 'rest_missing_callback_param')) return platform;
  if (platform?.body?.code === 'rest_invalid_param' && platform.body.data?.details) {
    const merged = new Map(Object.entries(platform.body.data.details as Record<string, Detail>));
    for (const [k, v] of invalid) if (!merged.has(k)) merged.set(k, v);
    return invalidParams(merged);
  }
  return invalidParams(invalid);
}

/** WordPress's answer to a fatal error (what a Prism that failed or died amounts to). */
export const criticalError = (): PlatformAnswer => mockError(500, 'internal_server_error', 'There has been a critical error on this website.');
