// The one reading of a scalar that arrives as text (a query value, a form field, a path segment), as
// the platform reads it (DECISIONS.md D169). WordPress validates a query or form value with
// `rest_validate_value_from_schema`: `number` is PHP's `is_numeric`, `integer` is `rest_is_integer`
// (`is_numeric` and a whole number, so `1e3` and `1.0` are integers), `boolean` is `rest_is_boolean`
// (`true`, `false`, `1`, `0`, any letter case). PHP 8's numeric strings allow surrounding whitespace
// (` 1`, `1 `), a sign, `.5`, `5.` and an exponent, never hexadecimal (`0x1A`) or an empty string.
// A path segment is read by the route's own regular expression instead, before any schema: an
// integer segment is `[\d]+` (digits only: `-1`, `1e3`, `+1` match no route).
// Used by the judge (core/judge.ts), the matcher (core/match.ts) and the mock's query checks.

/** The whitespace PHP skips around a numeric string (`" \t\n\r\v\f"`). */
const WS = '[ \\t\\n\\r\\v\\f]*';
/** PHP 8's numeric string (`is_numeric`): LNUM, DNUM or EXPONENT_DNUM, signed, with whitespace around. */
const NUMERIC = new RegExp(`^${WS}[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?${WS}$`);
/** The leading numeric part PHP's `(int)` and `(float)` casts read (the rest is ignored). */
const LEADING = new RegExp(`^${WS}([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?)`);
/** PHP_INT_MAX on 64 bits, 2^63 - 1, as a double (2^63): where PHP's cast of a numeric string stops. */
const INT_MAX = 2 ** 63;

/** PHP 8's `is_numeric` on a string. */
export function isNumeric(v: string): boolean {
  return NUMERIC.test(v);
}

/**
 * PHP's `(float)` of a numeric string, made finite: `1e400` is INF in PHP, which the platform then
 * compares with a schema's bounds; the largest double stands for it, so the bounds still refuse it.
 */
export function numericValue(v: string): number {
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : n > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
}

/** WordPress's `rest_is_integer`: numeric and a whole number (`1e3`, `1.0`, ` 7` are). */
export function isRestInteger(v: string): boolean {
  if (!isNumeric(v)) return false;
  const n = Number(v.trim());
  return !Number.isFinite(n) || Number.isInteger(n);
}

/** WordPress's `rest_is_boolean` on a string: `true`, `false`, `1`, `0` in any letter case. */
export function isRestBoolean(v: string): boolean {
  return /^(?:true|false|1|0)$/i.test(v);
}

/** Does a text value fit one JSON Schema type as the platform validates a query or form value? */
export function scalarFits(type: string, v: string): boolean {
  switch (type) {
    case 'integer':
      return isRestInteger(v);
    case 'number':
      return isNumeric(v);
    case 'boolean':
      return isRestBoolean(v);
    case 'null':
      return v === '';
    default:
      return true;
  }
}

/**
 * A text value as the JSON value it stands for under a schema's types (the first type it fits, in
 * the order integer, number, boolean), or the text itself: `1e3` -> 1000 for an integer, `FALSE` ->
 * false for a boolean.
 */
export function coerceScalar(types: readonly string[], v: string): unknown {
  if ((types.includes('integer') && isRestInteger(v)) || (types.includes('number') && isNumeric(v))) return numericValue(v);
  if (types.includes('boolean') && isRestBoolean(v)) return /^(?:true|1)$/i.test(v);
  return v;
}

/**
 * PHP's `(int)` cast of a string, as the platform's sanitizing applies it after validation: the
 * leading numeric part (`1e3` -> 1000, ` 12abc` -> 12), truncated, capped at PHP_INT_MAX; 0 when
 * there is none.
 */
export function phpInt(v: string): number {
  const m = LEADING.exec(v);
  if (!m) return 0;
  const n = Math.trunc(Number(m[1]));
  return Math.max(-INT_MAX, Math.min(INT_MAX, n)) || 0;
}

/** Does a path segment fit a type as a WordPress route's pattern reads it (an integer is `[\d]+`; no array, object or null)? */
export function pathScalarFits(type: string, v: string): boolean {
  switch (type) {
    case 'integer':
      return /^\d+$/.test(v);
    case 'number':
      return /^\d+(?:\.\d+)?$/.test(v);
    case 'boolean':
      return /^(?:true|false|1|0)$/.test(v);
    default:
      return type === 'string';
  }
}
