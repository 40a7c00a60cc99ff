// JSON text of an answer, reusing the text of parts already serialised. The store keeps a record's
// answer until the next write (store/handler.ts); its text is kept beside it, so a list page is the
// join of its records' texts instead of a new JSON.stringify of 50 KB of calendar events. A record's
// text in the request's naming (its URLs on the mock's origin, naming.ts) is kept too, per naming.
// The result is the text JSON.stringify gives (answers are plain JSON data: no toJSON, no cycles).
const TEXTS = new WeakMap<object, string>();
const NAMED = new WeakMap<object, Map<string, string>>();
const MAX_NAMINGS = 16;

/**
 * The longest text kept (characters): a larger answer (a 7 MB post) is serialised again per request,
 * which costs what sending it costs anyway; its kept texts (one per naming beside the answer) held
 * more copies of the whole record in the front until the next write (D245).
 */
export const MAX_KEPT_TEXT = 2 * 1024 * 1024;
/** The values whose text may be kept (serialised when first written, not before). */
const KEEP = new WeakSet<object>();

/** Keep the text of a value that will not change any more (a stored record's answer) once it is first written, unless it is longer than MAX_KEPT_TEXT. */
export function rememberText(value: object): void {
  KEEP.add(value);
}

/** How an answer's URLs are written for one request: a key (origin and naming) and the rewriting of a JSON text. */
export interface Naming {
  key: string;
  rewrite: (text: string) => string;
}

/** The text of a value, and whether every URL in it is already in the naming (`named`). */
export function jsonText(value: unknown, naming?: Naming): { text: string; named: boolean } {
  const state = { named: naming !== undefined };
  const text = write(value, 0, naming, state);
  return { text, named: state.named };
}

function remembered(value: object, naming: Naming | undefined): string | undefined {
  let base = TEXTS.get(value);
  if (base === undefined && KEEP.has(value)) {
    base = JSON.stringify(value);
    if (base.length > MAX_KEPT_TEXT) return naming ? naming.rewrite(base) : base; // this once
    TEXTS.set(value, base);
  }
  if (base === undefined || !naming) return base;
  let named = NAMED.get(value);
  if (!named) NAMED.set(value, (named = new Map()));
  let text = named.get(naming.key);
  if (text === undefined) {
    text = naming.rewrite(base);
    if (named.size < MAX_NAMINGS) named.set(naming.key, text);
  }
  return text;
}

function write(value: unknown, depth: number, naming: Naming | undefined, state: { named: boolean }): string {
  if (typeof value === 'string') return naming ? naming.rewrite(JSON.stringify(value)) : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const known = remembered(value, naming);
  if (known !== undefined) return known;
  if (depth >= 2) {
    state.named = false;
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out += `${i ? ',' : ''}${v === undefined || typeof v === 'function' || typeof v === 'symbol' ? 'null' : write(v, depth + 1, naming, state)}`;
    }
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${write(v, depth + 1, naming, state)}`;
    first = false;
  }
  return `${out}}`;
}
