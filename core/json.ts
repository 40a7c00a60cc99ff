// Reading JSON that came from outside (a site, a recording, a file, a request): the value is
// `unknown` until one of these checks says what it is. Each check is total: a wrong shape gives
// `undefined` (or `false`), never a throw, so hostile input takes the same path as a missing member.

/** A JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value as an object, or undefined. */
export const asObject = (v: unknown): JsonObject | undefined => (isObject(v) ? v : undefined);

/** The value as an array, or undefined. */
export const asArray = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);

/** The value as a string, or undefined. */
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The value as a finite number, or undefined. */
export const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The value as a boolean, or undefined. */
export const asBoolean = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** A member of an object value (undefined when the value is not an object). */
export const member = (v: unknown, key: string): unknown => (isObject(v) && Object.hasOwn(v, key) ? v[key] : undefined);

/** Follow members and array indexes: `at(body, 'events', 0, 'id')`. */
export function at(v: unknown, ...path: (string | number)[]): unknown {
  let n = v;
  for (const k of path) {
    if (typeof k === 'number') n = Array.isArray(n) ? n[k] : undefined;
    else n = member(n, k);
    if (n === undefined) return undefined;
  }
  return n;
}

/** The objects of an array value (other entries dropped); [] when it is not an array. */
export const objects = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** An object's entries (none when it is not an object). */
export const entriesOf = (v: unknown): [string, unknown][] => (isObject(v) ? Object.entries(v) : []);
