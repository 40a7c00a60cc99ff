// Read a HAR file in a streaming way: a small incremental JSON tokenizer walks the file in 1 MiB
// chunks and yields one element of `log.entries` at a time (JSON.parse of that element only), so a
// 50 MB recording never sits in memory as one value. Everything else in the file (pages, creator,
// browser extras) is checked for JSON syntax and skipped. Bounds: an entry larger than
// `maxEntryChars` or nested deeper than `maxDepth` is reported as unreadable (not parsed); nesting
// outside the entries deeper than `maxOuterDepth` ends the read. A file that is not a HAR (missing,
// empty, binary, not JSON, JSON without `log.entries`) throws NotAHar with a one-line reason.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Json } from '../../core/spec.js';

export class NotAHar extends Error {
  constructor(message: Json) {
    super(message);
    this.name = 'NotAHar';
  }
}

const MiB = 1024 * 1024;
export const READ_LIMITS = Object.freeze({ maxEntryChars: 32 * MiB, maxDepth: 200, maxOuterDepth: 1000, chunkBytes: MiB });

const WS = new Set([' ', '\t', '\n', '\r']);
const STR_END = /["\\]/g;
const STRUCT = /["{}[\]]/g;
const SCALAR_END = /[,\]}\s]/g;
const SCALAR = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/;

/** A printable description of one character for error messages (never echoes more than that). */
function describe(c: Json) {
  const code = c.codePointAt(0);
  return code >= 0x21 && code < 0x7f ? `"${c}"` : `byte U+${code.toString(16).padStart(4, '0').toUpperCase()}`;
}

/**
 * The tokenizer: `push(text)` returns the items completed by that text, `end()` the final ones.
 * Items: `{ kind: 'entry', index, value }`, `{ kind: 'unreadable', index, reason }`, and at the end
 * `{ kind: 'end', entries, version }`.
 */
export function createHarTokenizer(limits = {}) {
  const t = new HarTokenizer({ ...READ_LIMITS, ...limits });
  return { push: (s: Json) => t.push(s), end: () => t.end() };
}

class HarTokenizer {
  L: Json;
  /** Frames outside the entries: { t: 'o' | 'a', st, key, log?, entries? } */
  stack: Json[];
  done: boolean;
  str: Json;
  scalar: Json;
  cap: Json;
  offset: number;
  index: number;
  sawLog: boolean;
  sawEntries: boolean;
  version: Json;
  out: Json[];

  constructor(L: Json) {
    this.L = L;
    this.stack = []; // frames outside the entries: { t: 'o' | 'a', st, key, log?, entries? }
    this.done = false;
    this.str = null; // an open string outside the entries: { raw, long, isKey, skip }
    this.scalar = null; // an open scalar outside the entries
    this.cap = null; // the entry being captured
    this.offset = 0;
    this.index = 0;
    this.sawLog = false;
    this.sawEntries = false;
    this.version = undefined;
    this.out = [];
  }

  fail(msg: Json, i: Json) {
    throw new NotAHar(`not valid JSON (character ${this.offset + i}): ${msg}`);
  }

  afterValue() {
    const f = this.stack[this.stack.length - 1];
    if (!f) this.done = true;
    else f.st = 'comma-or-end';
  }

  startValue(c: Json, i: Json) {
    const { stack, L } = this;
    const f = stack[stack.length - 1];
    if (f?.entries) {
      this.cap = { parts: [], len: 0, depth: 0, inStr: false, scalar: !'{["'.includes(c), overflow: false, tooDeep: false, skip: false };
      return i; // the capture scan starts at this very character
    }
    const key = f?.t === 'o' ? f.key : undefined;
    const isLog = stack.length === 1 && key === 'log';
    const isEntries = stack.length === 2 && stack[1].log && key === 'entries';
    if (isLog && c !== '{') throw new NotAHar('not a HAR: "log" is not an object');
    if (isLog) this.sawLog = true;
    if (isEntries && c !== '[') throw new NotAHar('not a HAR: "log.entries" is not an array');
    if (c === '{' || c === '[') {
      if (stack.length >= L.maxOuterDepth) throw new NotAHar(`not a HAR: nested deeper than ${L.maxOuterDepth} levels outside the entries`);
      const frame: Json = { t: c === '{' ? 'o' : 'a', st: c === '{' ? 'key-or-end' : 'value-or-end', key: undefined };
      if (isLog) frame.log = true;
      if (isEntries) {
        frame.entries = true;
        this.sawEntries = true;
      }
      stack.push(frame);
      return i + 1;
    }
    if (c === '"') {
      this.str = { raw: '', long: false, isKey: false, skip: false };
      return i + 1;
    }
    if (/[-0-9tfn]/.test(c)) {
      this.scalar = '';
      return i;
    }
    return this.fail(`unexpected ${describe(c)}`, i);
  }

  close(c: Json, i: Json) {
    const f = this.stack.pop();
    if ((c === '}') !== (f.t === 'o')) this.fail(`unexpected ${describe(c)}`, i);
    this.afterValue();
  }

  /** Append captured text, within the size bound. */
  keep(piece: Json) {
    const cap = this.cap;
    if (cap.overflow || !piece) return;
    cap.len += piece.length;
    if (cap.len > this.L.maxEntryChars) {
      cap.overflow = true;
      cap.parts = [];
    } else cap.parts.push(piece);
  }

  finishEntry() {
    const { cap, L, index } = this;
    let item;
    if (cap.overflow) item = { kind: 'unreadable', index, reason: `the entry is larger than ${sizeText(L.maxEntryChars)} of JSON (not read)` };
    else if (cap.tooDeep) item = { kind: 'unreadable', index, reason: `the entry is nested deeper than ${L.maxDepth} levels (not read)` };
    else {
      try {
        item = { kind: 'entry', index, value: JSON.parse(cap.parts.join('')) };
      } catch (e: Json) {
        // Only the position: V8's message quotes the text, which may hold secrets.
        const pos = /position (\d+)/.exec(String(e?.message))?.[1];
        throw new NotAHar(`not valid JSON: log.entries[${index}] is malformed${pos ? ` (at character ${pos} of the entry)` : ''}`);
      }
    }
    this.out.push(item);
    this.index++;
    this.cap = null;
    this.stack[this.stack.length - 1].st = 'comma-or-end';
  }

  /** Scan the captured entry from i; returns where scanning stopped. */
  capture(s: Json, i: Json) {
    const cap = this.cap;
    const n = s.length;
    const from = i;
    if (cap.skip) {
      cap.skip = false;
      i++;
    }
    while (i < n) {
      if (cap.inStr) {
        STR_END.lastIndex = i;
        const m = STR_END.exec(s);
        if (!m) {
          i = n;
          break;
        }
        if (m[0] === '\\') {
          i = m.index + 2;
          if (i > n) {
            cap.skip = true;
            i = n;
          }
          continue;
        }
        cap.inStr = false;
        i = m.index + 1;
        if (cap.depth === 0) {
          this.keep(s.slice(from, i));
          this.finishEntry();
          return i;
        }
        continue;
      }
      if (cap.scalar && cap.depth === 0 && s[i] !== '"') {
        SCALAR_END.lastIndex = i;
        const m = SCALAR_END.exec(s);
        if (!m) {
          i = n;
          break;
        }
        this.keep(s.slice(from, m.index));
        this.finishEntry();
        return m.index;
      }
      STRUCT.lastIndex = i;
      const m = STRUCT.exec(s);
      if (!m) {
        i = n;
        break;
      }
      i = m.index + 1;
      const ch = m[0];
      if (ch === '"') cap.inStr = true;
      else if (ch === '{' || ch === '[') {
        cap.depth++;
        if (cap.depth > this.L.maxDepth) cap.tooDeep = true;
      } else {
        cap.depth--;
        if (cap.depth < 0) this.fail(`unexpected ${describe(ch)}`, m.index);
        if (cap.depth === 0) {
          this.keep(s.slice(from, i));
          this.finishEntry();
          return i;
        }
      }
    }
    this.keep(s.slice(from, n));
    return n;
  }

  /** Scan an open string outside the entries from i. */
  outString(s: Json, i: Json) {
    const str = this.str;
    const n = s.length;
    if (str.skip) {
      str.skip = false;
      str.raw += s[i];
      i++;
    }
    STR_END.lastIndex = i;
    const m = STR_END.exec(s);
    const end = m ? m.index : n;
    if (!str.long) {
      str.raw += s.slice(i, end);
      if (str.raw.length > 256) {
        str.long = true;
        str.raw = '';
      }
    }
    if (!m) return n;
    if (m[0] === '\\') {
      if (!str.long) str.raw += '\\';
      if (m.index + 1 >= n) {
        str.skip = true;
        return n;
      }
      if (!str.long) str.raw += s[m.index + 1];
      return m.index + 2;
    }
    let text = str.long ? undefined : str.raw;
    if (text !== undefined && text.includes('\\')) {
      try {
        text = JSON.parse(`"${text}"`);
      } catch {
        this.fail('a malformed escape in a string', m.index);
      }
    }
    const f = this.stack[this.stack.length - 1];
    if (str.isKey) {
      f.key = text;
      f.st = 'colon';
    } else {
      if (f?.log && f.key === 'version' && typeof text === 'string') this.version = text.slice(0, 40);
      this.afterValue();
    }
    this.str = null;
    return m.index + 1;
  }

  /** Scan an open scalar outside the entries from i. */
  outScalar(s: Json, i: Json) {
    SCALAR_END.lastIndex = i;
    const m = SCALAR_END.exec(s);
    this.scalar += s.slice(i, m ? m.index : s.length);
    if (this.scalar.length > 400) this.fail('a number or literal that is too long', i);
    if (!m) return s.length;
    if (!SCALAR.test(this.scalar)) this.fail(`${JSON.stringify(this.scalar.slice(0, 20))} is not a JSON value`, i);
    this.scalar = null;
    this.afterValue();
    return m.index;
  }

  /** One structural character outside the entries (not in a string or scalar). */
  structural(c: Json, i: Json) {
    if (this.done) this.fail(`unexpected ${describe(c)} after the end of the JSON value`, i);
    const f = this.stack[this.stack.length - 1];
    if (!f) {
      if (c !== '{')
        throw new NotAHar(
          c === '[' ? 'not a HAR: a JSON array, expected an object {"log": {"entries": [...]}}' : `not a HAR: not JSON (it starts with ${describe(c)})`,
        );
      this.stack.push({ t: 'o', st: 'key-or-end' });
      return i + 1;
    }
    if (f.t === 'o') {
      if ((f.st === 'key-or-end' || f.st === 'key') && c === '"') {
        this.str = { raw: '', long: false, isKey: true, skip: false };
        return i + 1;
      }
      if ((f.st === 'key-or-end' || f.st === 'comma-or-end') && c === '}') {
        this.close(c, i);
        return i + 1;
      }
      if (f.st === 'colon' && c === ':') {
        f.st = 'value';
        return i + 1;
      }
      if (f.st === 'comma-or-end' && c === ',') {
        f.st = 'key';
        return i + 1;
      }
      if (f.st === 'value') return this.startValue(c, i);
      return this.fail(`unexpected ${describe(c)}`, i);
    }
    if ((f.st === 'value-or-end' || f.st === 'comma-or-end') && c === ']') {
      this.close(c, i);
      return i + 1;
    }
    if (f.st === 'comma-or-end' && c === ',') {
      f.st = 'value';
      return i + 1;
    }
    if (f.st === 'value' || f.st === 'value-or-end') return this.startValue(c, i);
    return this.fail(`unexpected ${describe(c)}`, i);
  }

  push(s: Json) {
    this.out = [];
    let i = 0;
    const n = s.length;
    while (i < n) {
      if (this.cap) i = this.capture(s, i);
      else if (this.str) i = this.outString(s, i);
      else if (this.scalar !== null) i = this.outScalar(s, i);
      else if (WS.has(s[i])) i++;
      else i = this.structural(s[i], i);
    }
    this.offset += n;
    return this.out;
  }

  end() {
    this.out = [];
    if (this.scalar !== null && !this.cap && !this.str) {
      if (!SCALAR.test(this.scalar)) this.fail(`${JSON.stringify(this.scalar.slice(0, 20))} is not a JSON value`, 0);
      this.scalar = null;
      this.afterValue();
    }
    if (!this.done) {
      if (!this.sawLog && !this.stack.length) throw new NotAHar('not a HAR: no JSON value in the file');
      throw new NotAHar(`not valid JSON: the file ends before its value is complete${this.sawEntries ? ` (after ${this.index} entries)` : ''}`);
    }
    if (!this.sawLog) throw new NotAHar('not a HAR: no "log" object at the top level (expected {"log": {"entries": [...]}})');
    if (!this.sawEntries) throw new NotAHar('not a HAR: "log" has no "entries" array');
    this.out.push({ kind: 'end', entries: this.index, version: this.version });
    return this.out;
  }
}

const sizeText = (chars: Json) => (chars >= MiB ? `${Math.round(chars / MiB)} MiB` : `${chars} characters`);

/**
 * Yield the items of a HAR file one entry at a time (see createHarTokenizer). Throws NotAHar for a
 * missing, unreadable, empty, binary or non-HAR file (possibly after some entries were yielded).
 */
export function* readHarEntries(file: Json, limits = {}) {
  const L = { ...READ_LIMITS, ...limits };
  let fd;
  try {
    fd = openSync(file, 'r');
  } catch (e: Json) {
    throw new NotAHar(e?.code === 'ENOENT' ? 'no such file' : `cannot read it (${e?.code ?? e?.message})`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new NotAHar('is a directory, not a HAR file');
    if (st.size === 0) throw new NotAHar('is empty, not a HAR file (expected {"log": {"entries": [...]}})');
    const tok = createHarTokenizer(L);
    const dec = new StringDecoder('utf8');
    const buf = Buffer.allocUnsafe(L.chunkBytes);
    let pos = 0;
    let first = true;
    for (;;) {
      let n;
      try {
        n = readSync(fd, buf, 0, buf.length, pos);
      } catch (e: Json) {
        throw new NotAHar(`cannot read it (${e?.code ?? e?.message})`);
      }
      if (n === 0) break;
      pos += n;
      let text = dec.write(buf.subarray(0, n));
      if (first) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        if (buf.subarray(0, Math.min(n, 512)).includes(0)) throw new NotAHar('not a HAR: a binary file (it holds NUL bytes)');
      }
      yield* tok.push(text);
    }
    yield* tok.push(dec.end());
    yield* tok.end();
  } finally {
    closeSync(fd);
  }
}
