// Queries and forms as the platform (PHP) reads and writes them. Hand-written on purpose: these are
// PHP's own semantics (parse_str, urldecode, the last of repeated keys wins), which no general
// query library reproduces.
//
// Writing, in the forms PHP parses without loss; nothing ever repeats a key:
// - query: arrays of scalars as comma lists (`include=1,2,3`), objects and arrays of objects in PHP
//   bracket form (`categories[terms]=1,2&categories[operator]=AND`, `modifiers[0][type]=rotate`);
// - form bodies: PHP brackets for every array and object (`tags[]=1&tags[]=2`, `title[raw]=x`,
//   `modifiers[0][args][angle]=90`); an empty array is sent as `tags=` so it can clear a list.
// Reading: `phpPairs` splits and decodes as parse_str does, leniently (a malformed escape stays).
// No Node API here: the published client (src/) runs in browsers too.

type Mode = 'query' | 'form';

const isScalar = (v: unknown): v is string | number | boolean | bigint =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';

/** Percent-encode a value (commas inside a value are encoded, so they never split it). */
const encodeValue = (v: unknown): string => encodeURIComponent(v instanceof Date ? v.toISOString() : String(v));

/** Percent-encode a parameter name, keeping PHP brackets readable. */
export const encodeName = (name: string): string => encodeURIComponent(name).replace(/%5B/gi, '[').replace(/%5D/gi, ']');

function emitArray(out: string[], name: string, value: unknown[], mode: Mode): void {
  const items = value.filter((v) => v !== undefined && v !== null);
  if (!items.every((v) => isScalar(v) || v instanceof Date)) {
    items.forEach((v, i) => emit(out, `${name}[${i}]`, v, mode));
    return;
  }
  if (mode === 'query') {
    if (items.length) out.push(`${encodeName(name)}=${items.map(encodeValue).join(',')}`);
  } else if (!items.length) {
    out.push(`${encodeName(name)}=`);
  } else {
    for (const v of items) out.push(`${encodeName(`${name}[]`)}=${encodeValue(v)}`);
  }
}

function emit(out: string[], name: string, value: unknown, mode: Mode): void {
  if (value === undefined || value === null) return;
  if (isScalar(value) || value instanceof Date) {
    out.push(`${encodeName(name)}=${encodeValue(value)}`);
    return;
  }
  if (Array.isArray(value)) {
    emitArray(out, name, value, mode);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) emit(out, `${name}[${k}]`, v, mode);
    return;
  }
  throw new TypeError(`cannot serialise parameter ${name} of type ${typeof value}`);
}

function serialize(values: unknown, mode: Mode): string {
  if (values === undefined || values === null) return '';
  if (typeof values !== 'object' || Array.isArray(values)) throw new TypeError('expected an object of parameters');
  const out: string[] = [];
  for (const [k, v] of Object.entries(values as Record<string, unknown>)) emit(out, k, v, mode);
  return out.join('&');
}

/** Serialise query parameters: comma lists for arrays of scalars, PHP brackets for objects. */
export function phpQuerySerializer(query: unknown): string {
  return serialize(query, 'query');
}

/** Serialise an `application/x-www-form-urlencoded` body with PHP brackets for arrays and objects. */
export function phpFormSerializer(body: unknown): string {
  if (typeof body === 'string' || body instanceof URLSearchParams) return body.toString();
  return serialize(body, 'form');
}

const isHex = (b: number | undefined): boolean => b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/**
 * Percent-decode like PHP's urldecode (`+` is a space when `plus`), never throwing: a malformed
 * escape stays as it is. `ok` is false when there was one.
 */
export function phpDecodeChecked(text: string, plus = true): { value: string; ok: boolean } {
  if (!(plus ? /[%+]/ : /%/).test(text)) return { value: text, ok: true };
  const bytes: number[] = [];
  const raw = new TextEncoder().encode(text);
  let ok = true;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (plus && b === 0x2b) {
      bytes.push(0x20);
      continue;
    }
    if (b === 0x25) {
      if (i + 2 < raw.length && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
        bytes.push(parseInt(String.fromCharCode(raw[i + 1], raw[i + 2]), 16));
        i += 2;
        continue;
      }
      ok = false;
    }
    bytes.push(b);
  }
  return { value: new TextDecoder().decode(new Uint8Array(bytes)), ok };
}

/** Percent-decode like PHP's urldecode: `+` is a space, a malformed escape stays as it is (bytes -> UTF-8). */
export const phpDecode = (text: string): string => phpDecodeChecked(text).value;

/** One parsed pair of a query or form; `ok` is false when its key or value had a malformed escape. */
export interface QueryPair {
  key: string;
  value: string;
  ok: boolean;
}

/** PHP's max_input_vars default: the pairs PHP reads of one query or form. */
export const MAX_INPUT_VARS = 1000;

/**
 * Parse a query string or form body as PHP does (parse_str), as ordered pairs: split on `&`, key
 * and value decoded leniently, pairs with an empty key dropped, and in the base name (before the
 * first `[`) spaces and dots become `_`. At most `maxPairs` pairs.
 */
export function queryPairs(text: string, maxPairs = MAX_INPUT_VARS): QueryPair[] {
  const out: QueryPair[] = [];
  if (!text) return out;
  for (const part of text.split('&')) {
    if (out.length >= maxPairs) break;
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = phpDecodeChecked(eq < 0 ? part : part.slice(0, eq));
    const v = eq < 0 ? { value: '', ok: true } : phpDecodeChecked(part.slice(eq + 1));
    const bracket = k.value.indexOf('[');
    const base = (bracket < 0 ? k.value : k.value.slice(0, bracket)).replace(/[ .]/g, '_');
    if (base === '') continue;
    out.push({ key: base + (bracket < 0 ? '' : k.value.slice(bracket)), value: v.value, ok: k.ok && v.ok });
  }
  return out;
}

/** `queryPairs` as [key, value] tuples. */
export function phpPairs(text: string, maxPairs = MAX_INPUT_VARS): [string, string][] {
  return queryPairs(text, maxPairs).map((p) => [p.key, p.value]);
}

/** Pairs back to a strictly encoded query string; the brackets of a key stay as they are. */
export function encodePairs(pairs: Iterable<[string, string]>): string {
  return [...pairs].map(([k, v]) => `${encodeName(k)}=${encodeURIComponent(v)}`).join('&');
}
