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

/** The values whose encoded bytes are kept too (per naming), beside their text: `rememberBytes`. */
const KEEP_BYTES = new WeakSet<object>();
const BYTES = new WeakMap<object, Map<string, { bytes: Buffer; named: boolean }>>();
/** The byte buffers handed out more than once (`keptBytes`). */
const SHARED = new WeakSet<Buffer>();

/**
 * Keep the text of a value that will not change any more and is answered whole, again and again (the
 * site index, D256), and its UTF-8 bytes per naming: its answers share one buffer (never written to),
 * instead of encoding the same text per request.
 */
export function rememberBytes(value: object): void {
  KEEP.add(value);
  KEEP_BYTES.add(value);
}

/** Is this buffer one that `jsonBytes` keeps and hands out again (its content never changes)? */
export const keptBytes = (bytes: Buffer): boolean => SHARED.has(bytes);

/** The UTF-8 bytes of a value's text (`jsonText`), kept per naming for a value given to `rememberBytes`. */
export function jsonBytes(value: unknown, naming?: Naming): { bytes: Buffer; named: boolean } {
  if (value === null || typeof value !== 'object' || !KEEP_BYTES.has(value)) {
    const out = jsonText(value, naming);
    return { bytes: Buffer.from(out.text), named: out.named };
  }
  let byNaming = BYTES.get(value);
  if (!byNaming) BYTES.set(value, (byNaming = new Map()));
  const key = naming?.key ?? '';
  let kept = byNaming.get(key);
  if (kept === undefined) {
    const out = jsonText(value, naming);
    kept = { bytes: Buffer.from(out.text), named: out.named };
    if (out.text.length > MAX_KEPT_TEXT || byNaming.size >= MAX_NAMINGS) return kept; // this once
    SHARED.add(kept.bytes);
    byNaming.set(key, kept);
  }
  return kept;
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
