// JSON bytes of an answer, reusing the bytes of parts already serialised. The store keeps a record's
// answer until the next write (store/handler.ts), the site index its own (site-index.ts); such a
// value's UTF-8 bytes are kept beside it per naming (its URLs on the mock's origin in the request's
// naming, naming.ts), so a single record's answer is those bytes and a list page is the
// concatenation of its records' bytes, instead of a new JSON.stringify of 50 KB of calendar events
// and its encoding (D262). The result is the bytes of the text JSON.stringify gives (answers are
// plain JSON data: no toJSON, no cycles). Kept bytes are shared and never written to (`keptBytes`).
/** The values whose bytes may be kept (serialised when first written, not before). */
const KEEP = new WeakSet<object>();
/** A kept value's bytes per naming key ('' without a naming). */
const KEPT = new WeakMap<object, Map<string, Buffer>>();
/** The byte buffers handed out more than once (`keptBytes`). */
const SHARED = new WeakSet<Buffer>();
const MAX_NAMINGS = 16;

/**
 * The longest text kept (characters): a larger answer (a 7 MB post) is serialised again per request,
 * which costs what sending it costs anyway; its kept copies (one per naming) held more copies of the
 * whole record in the front until the next write (D245).
 */
export const MAX_KEPT_TEXT = 2 * 1024 * 1024;

/** Keep the bytes of a value that will not change any more (a stored record's answer, the site index) once it is first written, unless its text is longer than MAX_KEPT_TEXT. */
export function remember(value: object): void {
  KEEP.add(value);
}

/** Is this buffer one that `jsonBytes` keeps and hands out again (its content never changes)? */
export const keptBytes = (bytes: Buffer): boolean => SHARED.has(bytes);

/** The bytes of a remembered value in a naming (kept, or this once when too long or in too many namings), or undefined when it is not remembered. */
function keptOf(value: object, naming: Naming | undefined): Buffer | undefined {
  if (!KEEP.has(value)) return undefined;
  let byNaming = KEPT.get(value);
  const key = naming?.key ?? '';
  const kept = byNaming?.get(key);
  if (kept !== undefined) return kept;
  const text = JSON.stringify(value);
  const bytes = Buffer.from(naming ? naming.rewrite(text) : text);
  if (text.length > MAX_KEPT_TEXT) return bytes; // this once
  if (!byNaming) KEPT.set(value, (byNaming = new Map()));
  if (byNaming.size >= MAX_NAMINGS) return bytes; // this once
  byNaming.set(key, bytes);
  SHARED.add(bytes);
  return bytes;
}

/** The UTF-8 bytes of a value's JSON text, and whether every URL in it is already in the naming (`named`). */
export function jsonBytes(value: unknown, naming?: Naming): { bytes: Buffer; named: boolean } {
  const whole = value !== null && typeof value === 'object' ? keptOf(value, naming) : undefined;
  if (whole !== undefined) return { bytes: whole, named: naming !== undefined };
  const out: Out = { parts: [], text: '', named: naming !== undefined };
  write(value, 0, naming, out);
  if (out.text || out.parts.length === 0) out.parts.push(Buffer.from(out.text));
  return { bytes: out.parts.length === 1 && !SHARED.has(out.parts[0]) ? out.parts[0] : Buffer.concat(out.parts), named: out.named };
}

/** How an answer's URLs are written for one request: a key (origin and naming) and the rewriting of a JSON text. */
export interface Naming {
  key: string;
  rewrite: (text: string) => string;
}

/** The bytes written so far: kept buffers, and the text since the last of them. */
interface Out {
  parts: Buffer[];
  text: string;
  named: boolean;
}

function write(value: unknown, depth: number, naming: Naming | undefined, out: Out): void {
  if (typeof value === 'string') {
    out.text += naming ? naming.rewrite(JSON.stringify(value)) : JSON.stringify(value);
    return;
  }
  if (value === null || typeof value !== 'object') {
    out.text += JSON.stringify(value) ?? 'null';
    return;
  }
  const kept = keptOf(value, naming);
  if (kept !== undefined) {
    if (out.text) out.parts.push(Buffer.from(out.text));
    out.text = '';
    out.parts.push(kept);
    return;
  }
  if (depth >= 2) {
    out.named = false;
    out.text += JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    out.text += '[';
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (i) out.text += ',';
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') out.text += 'null';
      else write(v, depth + 1, naming, out);
    }
    out.text += ']';
    return;
  }
  out.text += '{';
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out.text += `${first ? '' : ','}${JSON.stringify(k)}:`;
    write(v, depth + 1, naming, out);
    first = false;
  }
  out.text += '}';
}
