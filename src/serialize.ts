// Query and form serialisation in the forms the platform (PHP) parses without loss. PHP keeps only
// the last of repeated keys (`tags=1&tags=2` becomes `2`), so nothing here ever repeats a key:
// - query: arrays of scalars as comma lists (`include=1,2,3`), objects and arrays of objects in PHP
//   bracket form (`categories[terms]=1,2&categories[operator]=AND`, `modifiers[0][type]=rotate`);
// - form bodies: PHP brackets for every array and object (`tags[]=1&tags[]=2`, `title[raw]=x`,
//   `modifiers[0][args][angle]=90`); an empty array is sent as `tags=` so it can clear a list.

type Mode = 'query' | 'form';

const isScalar = (v: unknown): v is string | number | boolean | bigint =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';

/** Percent-encode a value (commas inside a value are encoded, so they never split it). */
const encodeValue = (v: unknown): string => encodeURIComponent(v instanceof Date ? v.toISOString() : String(v));

/** Percent-encode a parameter name, keeping PHP brackets readable. */
const encodeName = (name: string): string => encodeURIComponent(name).replace(/%5B/gi, '[').replace(/%5D/gi, ']');

function emit(out: string[], name: string, value: unknown, mode: Mode): void {
  if (value === undefined || value === null) return;
  if (isScalar(value) || value instanceof Date) {
    out.push(`${encodeName(name)}=${encodeValue(value)}`);
    return;
  }
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== undefined && v !== null);
    if (items.every((v) => isScalar(v) || v instanceof Date)) {
      if (mode === 'query') {
        if (items.length) out.push(`${encodeName(name)}=${items.map(encodeValue).join(',')}`);
      } else if (!items.length) {
        out.push(`${encodeName(name)}=`);
      } else {
        for (const v of items) out.push(`${encodeName(`${name}[]`)}=${encodeValue(v)}`);
      }
      return;
    }
    items.forEach((v, i) => emit(out, `${name}[${i}]`, v, mode));
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

/** Serialise a JSON body (the default). */
export function jsonBodySerializer(body: unknown): string {
  return JSON.stringify(body);
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The request options that send a call's body as a PHP-style form. */
export type FormInit = {
  bodySerializer: (body: unknown) => string;
  headers: Record<string, string>;
};

/**
 * Send one call's body as `application/x-www-form-urlencoded` in PHP bracket form; spread it into
 * the call's options (the body keeps its spec type): `client.POST('/core/v2/posts', { body, ...asForm() })`.
 * Give the call's other headers to `asForm` (a spread `headers` key replaces the earlier one).
 */
export function asForm(headers?: Record<string, string> | Headers): FormInit {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((v, k) => { out[k] = v; });
  else if (headers) Object.assign(out, headers);
  for (const k of Object.keys(out)) if (k.toLowerCase() === 'content-type') delete out[k];
  out['Content-Type'] = FORM_CONTENT_TYPE;
  return { bodySerializer: phpFormSerializer, headers: out };
}
