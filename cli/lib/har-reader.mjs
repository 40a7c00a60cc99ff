// Read a HAR file in a streaming way: a small incremental JSON tokenizer walks the file in 1 MiB
// chunks and yields one element of `log.entries` at a time (JSON.parse of that element only), so a
// 50 MB recording never sits in memory as one value. Everything else in the file (pages, creator,
// browser extras) is checked for JSON syntax and skipped. Bounds: an entry larger than
// `maxEntryChars` or nested deeper than `maxDepth` is reported as unreadable (not parsed); nesting
// outside the entries deeper than `maxOuterDepth` ends the read. A file that is not a HAR (missing,
// empty, binary, not JSON, JSON without `log.entries`) throws NotAHar with a one-line reason.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export class NotAHar extends Error {
  constructor(message) { super(message); this.name = 'NotAHar'; }
}

const MiB = 1024 * 1024;
export const READ_LIMITS = Object.freeze({ maxEntryChars: 32 * MiB, maxDepth: 200, maxOuterDepth: 1000, chunkBytes: MiB });

const WS = new Set([' ', '\t', '\n', '\r']);
const STR_END = /["\\]/g;
const STRUCT = /["{}[\]]/g;
const SCALAR_END = /[,\]}\s]/g;
const SCALAR = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/;

/** A printable description of one character for error messages (never echoes more than that). */
function describe(c) {
  const code = c.codePointAt(0);
  return code >= 0x21 && code < 0x7f ? `"${c}"` : `byte U+${code.toString(16).padStart(4, '0').toUpperCase()}`;
}

/**
 * The tokenizer: `push(text)` returns the items completed by that text, `end()` the final ones.
 * Items: `{ kind: 'entry', index, value }`, `{ kind: 'unreadable', index, reason }`, and at the end
 * `{ kind: 'end', entries, version }`.
 */
export function createHarTokenizer(limits = {}) {
  const L = { ...READ_LIMITS, ...limits };
  const stack = [];
  let done = false;
  let str = null; // an open string outside the entries: { raw, long, isKey, skip }
  let scalar = null; // an open scalar outside the entries
  let cap = null; // the entry being captured
  let offset = 0;
  let index = 0;
  let sawLog = false;
  let sawEntries = false;
  let version;
  let out = [];

  const fail = (msg, i) => { throw new NotAHar(`not valid JSON (character ${offset + i}): ${msg}`); };

  function afterValue() {
    const f = stack[stack.length - 1];
    if (!f) done = true;
    else f.st = 'comma-or-end';
  }

  function startValue(c, i) {
    const f = stack[stack.length - 1];
    if (f?.entries) {
      cap = { parts: [], len: 0, depth: 0, inStr: false, scalar: !'{["'.includes(c), overflow: false, tooDeep: false, skip: false };
      return i; // the capture scan starts at this very character
    }
    const key = f?.t === 'o' ? f.key : undefined;
    if (stack.length === 1 && key === 'log') {
      if (c !== '{') throw new NotAHar('not a HAR: "log" is not an object');
      sawLog = true;
    }
    if (stack.length === 2 && stack[1].log && key === 'entries' && c !== '[') throw new NotAHar('not a HAR: "log.entries" is not an array');
    if (c === '{' || c === '[') {
      if (stack.length >= L.maxOuterDepth) throw new NotAHar(`not a HAR: nested deeper than ${L.maxOuterDepth} levels outside the entries`);
      const frame = { t: c === '{' ? 'o' : 'a', st: c === '{' ? 'key-or-end' : 'value-or-end', key: undefined };
      if (stack.length === 1 && key === 'log') frame.log = true;
      if (stack.length === 2 && stack[1].log && key === 'entries') { frame.entries = true; sawEntries = true; }
      stack.push(frame);
      return i + 1;
    }
    if (c === '"') { str = { raw: '', long: false, isKey: false, skip: false }; return i + 1; }
    if (/[-0-9tfn]/.test(c)) { scalar = ''; return i; }
    return fail(`unexpected ${describe(c)}`, i);
  }

  function close(c, i) {
    const f = stack.pop();
    if ((c === '}') !== (f.t === 'o')) fail(`unexpected ${describe(c)}`, i);
    afterValue();
  }

  /** Append captured text, within the size bound. */
  function keep(piece) {
    if (cap.overflow || !piece) return;
    cap.len += piece.length;
    if (cap.len > L.maxEntryChars) { cap.overflow = true; cap.parts = []; } else cap.parts.push(piece);
  }

  function finishEntry() {
    let item;
    if (cap.overflow) item = { kind: 'unreadable', index, reason: `the entry is larger than ${Math.round(L.maxEntryChars / MiB)} MiB of JSON (not read)` };
    else if (cap.tooDeep) item = { kind: 'unreadable', index, reason: `the entry is nested deeper than ${L.maxDepth} levels (not read)` };
    else {
      const text = cap.parts.join('');
      try { item = { kind: 'entry', index, value: JSON.parse(text) }; } catch (e) {
        const pos = /position (\d+)/.exec(String(e?.message))?.[1];
        throw new NotAHar(`not valid JSON: log.entries[${index}] is malformed${pos ? ` (at character ${pos} of the entry)` : ''}`);
      }
    }
    out.push(item);
    index++;
    cap = null;
    stack[stack.length - 1].st = 'comma-or-end';
  }

  /** Scan the captured entry from i; returns where scanning stopped. */
  function capture(s, i) {
    const n = s.length;
    const from = i;
    if (cap.skip) { cap.skip = false; i++; }
    while (i < n) {
      if (cap.inStr) {
        STR_END.lastIndex = i;
        const m = STR_END.exec(s);
        if (!m) { i = n; break; }
        if (m[0] === '\\') { i = m.index + 2; if (i > n) { cap.skip = true; i = n; } continue; }
        cap.inStr = false;
        i = m.index + 1;
        if (cap.depth === 0) { keep(s.slice(from, i)); finishEntry(); return i; }
        continue;
      }
      if (cap.scalar && cap.depth === 0 && s[i] !== '"') {
        SCALAR_END.lastIndex = i;
        const m = SCALAR_END.exec(s);
        if (!m) { i = n; break; }
        keep(s.slice(from, m.index));
        finishEntry();
        return m.index;
      }
      STRUCT.lastIndex = i;
      const m = STRUCT.exec(s);
      if (!m) { i = n; break; }
      i = m.index + 1;
      const ch = m[0];
      if (ch === '"') cap.inStr = true;
      else if (ch === '{' || ch === '[') { cap.depth++; if (cap.depth > L.maxDepth) cap.tooDeep = true; } else {
        cap.depth--;
        if (cap.depth < 0) fail(`unexpected ${describe(ch)}`, m.index);
        if (cap.depth === 0) { keep(s.slice(from, i)); finishEntry(); return i; }
      }
    }
    keep(s.slice(from, n));
    return n;
  }

  /** Scan an open string outside the entries from i. */
  function outString(s, i) {
    const n = s.length;
    if (str.skip) { str.skip = false; str.raw += s[i]; i++; }
    STR_END.lastIndex = i;
    const m = STR_END.exec(s);
    const end = m ? m.index : n;
    if (!str.long) { str.raw += s.slice(i, end); if (str.raw.length > 256) { str.long = true; str.raw = ''; } }
    if (!m) return n;
    if (m[0] === '\\') {
      if (!str.long) str.raw += '\\';
      if (m.index + 1 >= n) { str.skip = true; return n; }
      if (!str.long) str.raw += s[m.index + 1];
      return m.index + 2;
    }
    let text = str.long ? undefined : str.raw;
    if (text !== undefined && text.includes('\\')) { try { text = JSON.parse(`"${text}"`); } catch { fail('a malformed escape in a string', m.index); } }
    const f = stack[stack.length - 1];
    if (str.isKey) { f.key = text; f.st = 'colon'; } else {
      if (f?.log && f.key === 'version' && typeof text === 'string') version = text.slice(0, 40);
      afterValue();
    }
    str = null;
    return m.index + 1;
  }

  function push(s) {
    out = [];
    let i = 0;
    const n = s.length;
    while (i < n) {
      if (cap) { i = capture(s, i); continue; }
      if (str) { i = outString(s, i); continue; }
      if (scalar !== null) {
        SCALAR_END.lastIndex = i;
        const m = SCALAR_END.exec(s);
        scalar += s.slice(i, m ? m.index : n);
        if (scalar.length > 400) fail('a number or literal that is too long', i);
        if (!m) { i = n; continue; }
        if (!SCALAR.test(scalar)) fail(`${JSON.stringify(scalar.slice(0, 20))} is not a JSON value`, i);
        scalar = null;
        afterValue();
        i = m.index;
        continue;
      }
      const c = s[i];
      if (WS.has(c)) { i++; continue; }
      if (done) fail(`unexpected ${describe(c)} after the end of the JSON value`, i);
      const f = stack[stack.length - 1];
      if (!f) {
        if (c !== '{') throw new NotAHar(c === '[' ? 'not a HAR: a JSON array, expected an object {"log": {"entries": [...]}}' : `not a HAR: not JSON (it starts with ${describe(c)})`);
        stack.push({ t: 'o', st: 'key-or-end' });
        i++;
        continue;
      }
      if (f.t === 'o') {
        if ((f.st === 'key-or-end' || f.st === 'key') && c === '"') { str = { raw: '', long: false, isKey: true, skip: false }; i++; continue; }
        if ((f.st === 'key-or-end' || f.st === 'comma-or-end') && c === '}') { close(c, i); i++; continue; }
        if (f.st === 'colon' && c === ':') { f.st = 'value'; i++; continue; }
        if (f.st === 'comma-or-end' && c === ',') { f.st = 'key'; i++; continue; }
        if (f.st === 'value') { i = startValue(c, i); continue; }
        fail(`unexpected ${describe(c)}`, i);
      }
      if ((f.st === 'value-or-end' || f.st === 'comma-or-end') && c === ']') { close(c, i); i++; continue; }
      if (f.st === 'comma-or-end' && c === ',') { f.st = 'value'; i++; continue; }
      if (f.st === 'value' || f.st === 'value-or-end') { i = startValue(c, i); continue; }
      fail(`unexpected ${describe(c)}`, i);
    }
    offset += n;
    return out;
  }

  function end() {
    out = [];
    if (scalar !== null && !cap && !str) {
      if (!SCALAR.test(scalar)) fail(`${JSON.stringify(scalar.slice(0, 20))} is not a JSON value`, 0);
      scalar = null;
      afterValue();
    }
    if (!done) {
      if (!sawLog && !stack.length) throw new NotAHar('not a HAR: no JSON value in the file');
      throw new NotAHar(`not valid JSON: the file ends before its value is complete${sawEntries ? ` (after ${index} entries)` : ''}`);
    }
    if (!sawLog) throw new NotAHar('not a HAR: no "log" object at the top level (expected {"log": {"entries": [...]}})');
    if (!sawEntries) throw new NotAHar('not a HAR: "log" has no "entries" array');
    out.push({ kind: 'end', entries: index, version });
    return out;
  }

  return { push, end };
}

/**
 * Yield the items of a HAR file one entry at a time (see createHarTokenizer). Throws NotAHar for a
 * missing, unreadable, empty, binary or non-HAR file (possibly after some entries were yielded).
 */
export function* readHarEntries(file, limits = {}) {
  const L = { ...READ_LIMITS, ...limits };
  let fd;
  try { fd = openSync(file, 'r'); } catch (e) { throw new NotAHar(e?.code === 'ENOENT' ? 'no such file' : `cannot read it (${e?.code ?? e?.message})`); }
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
      try { n = readSync(fd, buf, 0, buf.length, pos); } catch (e) { throw new NotAHar(`cannot read it (${e?.code ?? e?.message})`); }
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
  } finally { closeSync(fd); }
}
