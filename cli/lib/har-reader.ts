// Read a HAR file as a stream: stream-json's tokenizer (`stream-json/core/parser.js`, the pure one,
// driven synchronously) reads the file in 1 MiB chunks and checks the JSON syntax of all of it;
// this module follows its tokens to `log.entries` and rebuilds one element at a time with
// stream-json's Assembler, so a 50 MB recording never sits in memory as one value. Everything else
// in the file (pages, creator, browser extras) is skipped. The tokenizer is asked for pieces, never
// whole values (`packValues: false`), so no string, key or number is held beyond the bounds here:
// an entry larger than `maxEntryChars` (its keys, strings and numbers as decoded characters, one per
// bracket) or nested deeper than `maxDepth` is reported as unreadable (not built); nesting deeper
// than `maxOuterDepth` anywhere ends the read. A file that is not a HAR (missing, empty, binary, not
// JSON, JSON without `log.entries`) throws NotAHar with a one-line reason (DECISIONS.md D44, D148).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { none, type Many } from 'stream-chain/defs.js';
import { Assembler } from 'stream-json/core/assembler.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import { asArray, at, member } from '../../core/json.js';

export class NotAHar extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAHar';
  }
}

const MiB = 1024 * 1024;
export const READ_LIMITS = Object.freeze({ maxEntryChars: 32 * MiB, maxDepth: 200, maxOuterDepth: 1000, chunkBytes: MiB });
/** The bounds of a read (READ_LIMITS by default). */
export type HarLimits = typeof READ_LIMITS;
type Limits = HarLimits;
/** The tokenizer is fed at most this much text at a time, which bounds its token list and its stack between two checks. */
const SLICE = 64 * 1024;
/** Keys and strings outside the entries are kept up to this length (longer ones are not needed). */
const OUTER_TEXT = 256;

export type HarItem =
  | { kind: 'entry'; index: number; value: unknown }
  | { kind: 'unreadable'; index: number; reason: string }
  | { kind: 'end'; entries: number; version: string | undefined };

/** A printable description of one character for error messages (never echoes more than that). */
function describe(c: string) {
  const code = c.codePointAt(0)!;
  return code >= 0x21 && code < 0x7f ? `"${c}"` : `byte U+${code.toString(16).padStart(4, '0').toUpperCase()}`;
}

const sizeText = (chars: number) => (chars >= MiB ? `${Math.round(chars / MiB)} MiB` : `${chars} characters`);

/**
 * The tokenizer: `push(text)` returns the items completed by that text, `end()` the final ones.
 * Items: `{ kind: 'entry', index, value }`, `{ kind: 'unreadable', index, reason }`, and at the end
 * `{ kind: 'end', entries, version }`.
 */
export function createHarTokenizer(limits: Partial<Limits> = {}) {
  const r = new HarReader({ ...READ_LIMITS, ...limits });
  return { push: (s: string) => r.push(s), end: () => r.end() };
}

/** A frame outside the entries: an object (with the key being read) or an array; `log` and `entries` mark the HAR's own. */
interface Frame {
  object: boolean;
  key?: string;
  log?: boolean;
  entries?: boolean;
}

/** The entry being rebuilt: its size and depth so far; `asm` is dropped once a bound is passed. */
interface Capture {
  asm: Assembler | null;
  depth: number;
  chars: number;
  overflow: boolean;
  tooDeep: boolean;
  /** The key, string or number being read. */
  text: Pieces;
}

/**
 * Text that arrives in many small pieces (an escape is a piece of its own): joined in blocks of
 * 1024 pieces as it comes, so a string of millions of escapes is held as text, not as millions of
 * one-character strings, and is never copied more than twice.
 */
class Pieces {
  blocks: string[] = [];
  pieces: string[] = [];

  add(s: string): void {
    this.pieces.push(s);
    if (this.pieces.length >= 1024) {
      this.blocks.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  take(): string {
    const all = this.blocks.length ? [...this.blocks, ...this.pieces].join('') : this.pieces.join('');
    this.blocks = [];
    this.pieces = [];
    return all;
  }
}

class HarReader {
  readonly L: Limits;
  /** stream-chain's flushable: text in, tokens out, and `none` at the end flushes (its type names only the text, hence the cast). */
  readonly parse = jsonParser({ packValues: false, streamValues: true }) as (text: string | typeof none) => Many<Token> | typeof none;
  readonly stack: Frame[] = [];
  /** The text of a key or string outside the entries (undefined once it is longer than needed). */
  outer: string | undefined = '';
  cap: Capture | null = null;
  started = false;
  done = false;
  offset = 0;
  index = 0;
  sawLog = false;
  sawEntries = false;
  version: string | undefined;
  out: HarItem[] = [];

  constructor(L: Limits) {
    this.L = L;
  }

  /** The first character of the file must open an object (what a HAR is). */
  start(s: string): string {
    const i = s.search(/[^ \t\n\r]/);
    if (i < 0) return s;
    this.started = true;
    if (s[i] === '{') return s;
    throw new NotAHar(
      s[i] === '[' ? 'not a HAR: a JSON array, expected an object {"log": {"entries": [...]}}' : `not a HAR: not JSON (it starts with ${describe(s[i])})`,
    );
  }

  push(s: string): HarItem[] {
    this.out = [];
    if (!this.started) s = this.start(s);
    for (let i = 0; i < s.length; i += SLICE) {
      const piece = s.slice(i, i + SLICE);
      this.feed(piece, () => `not valid JSON (between characters ${this.offset} and ${this.offset + piece.length})`);
      this.offset += piece.length;
    }
    return this.out;
  }

  end(): HarItem[] {
    this.out = [];
    if (!this.started) throw new NotAHar('not a HAR: no JSON value in the file');
    const incomplete = () => `not valid JSON: the file ends before its value is complete${this.sawEntries ? ` (after ${this.index} entries)` : ''}`;
    this.feed(none, incomplete);
    if (!this.done) throw new NotAHar(incomplete());
    if (!this.sawLog) throw new NotAHar('not a HAR: no "log" object at the top level (expected {"log": {"entries": [...]}})');
    if (!this.sawEntries) throw new NotAHar('not a HAR: "log" has no "entries" array');
    this.out.push({ kind: 'end', entries: this.index, version: this.version });
    return this.out;
  }

  /** Give text (or the end) to the tokenizer and follow its tokens; its syntax errors are NotAHar. */
  feed(text: string | typeof none, where: () => string): void {
    let result;
    try {
      result = this.parse(text);
    } catch (e) {
      const reason = String(e instanceof Error ? e.message : e).replace(/^Parser (cannot parse input: |has )/, '');
      throw new NotAHar(text === none ? where() : `${where()}: ${reason}`);
    }
    if (result === none) return;
    for (const t of result.values) this.token(t);
  }

  token(t: Token): void {
    if (this.cap) this.capture(t, this.cap);
    else this.outside(t);
  }

  /** A token outside the entries: follow the structure, keep keys and `log.version`, start an entry. */
  outside(t: Token): void {
    const f = this.stack[this.stack.length - 1];
    switch (t.name) {
      case 'startKey':
        this.outer = '';
        return;
      case 'stringChunk':
        if (this.outer !== undefined) this.outer = this.outer.length + t.value.length > OUTER_TEXT ? undefined : this.outer + t.value;
        return;
      case 'endKey':
        f.key = this.outer;
        return;
      case 'numberChunk':
        return;
      case 'endString':
        if (f?.log && f.key === 'version' && this.outer !== undefined) this.version = this.outer.slice(0, 40);
        this.afterValue();
        return;
      case 'endNumber':
        this.afterValue();
        return;
      case 'endObject':
      case 'endArray':
        this.stack.pop();
        this.afterValue();
        return;
      default:
        this.valueStarts(t, f);
    }
  }

  /** A value starts outside the entries: check the HAR's own places, then descend, or wait for its end. */
  valueStarts(t: Token, f: Frame | undefined): void {
    if (f?.entries) {
      this.cap = { asm: new Assembler(), depth: 0, chars: 0, overflow: false, tooDeep: false, text: new Pieces() };
      this.capture(t, this.cap);
      return;
    }
    const isLog = this.stack.length === 1 && f?.key === 'log';
    const isEntries = this.stack.length === 2 && f?.log === true && f.key === 'entries';
    if (isLog && t.name !== 'startObject') throw new NotAHar('not a HAR: "log" is not an object');
    if (isEntries && t.name !== 'startArray') throw new NotAHar('not a HAR: "log.entries" is not an array');
    if (t.name === 'startObject' || t.name === 'startArray') {
      if (this.stack.length >= this.L.maxOuterDepth) throw new NotAHar(`not a HAR: nested deeper than ${this.L.maxOuterDepth} levels`);
      this.stack.push({ object: t.name === 'startObject', ...(isLog ? { log: true } : {}), ...(isEntries ? { entries: true } : {}) });
      if (isLog) this.sawLog = true;
      if (isEntries) this.sawEntries = true;
    } else if (t.name === 'startString') this.outer = '';
    else if (t.name !== 'startNumber') this.afterValue(); // null, true, false
  }

  afterValue(): void {
    if (!this.stack.length) this.done = true;
  }

  /** A token of the entry being rebuilt. */
  capture(t: Token, cap: Capture): void {
    const { L } = this;
    switch (t.name) {
      case 'startObject':
      case 'startArray':
        cap.depth++;
        if (cap.depth + this.stack.length > L.maxOuterDepth) throw new NotAHar(`not a HAR: nested deeper than ${L.maxOuterDepth} levels`);
        if (cap.depth > L.maxDepth) cap.tooDeep = true;
        this.grow(cap, 1);
        cap.asm?.consume(t);
        return;
      case 'endObject':
      case 'endArray':
        cap.depth--;
        this.grow(cap, 1);
        cap.asm?.consume(t);
        if (cap.depth === 0) this.finishEntry(cap);
        return;
      case 'startKey':
      case 'startString':
      case 'startNumber':
        cap.text.take();
        this.grow(cap, t.name === 'startNumber' ? 0 : 2);
        return;
      case 'stringChunk':
      case 'numberChunk':
        this.grow(cap, t.value.length);
        if (cap.asm) cap.text.add(t.value);
        return;
      case 'endKey':
      case 'endString':
      case 'endNumber':
        cap.asm?.consume({ name: t.name === 'endKey' ? 'keyValue' : t.name === 'endString' ? 'stringValue' : 'numberValue', value: cap.text.take() });
        break;
      default: // null, true, false
        this.grow(cap, 4);
        cap.asm?.consume(t);
    }
    if (cap.depth === 0 && t.name !== 'endKey') this.finishEntry(cap);
  }

  /** Count `n` more characters of the entry; past the bound, stop building it. */
  grow(cap: Capture, n: number): void {
    cap.chars += n;
    if (cap.chars > this.L.maxEntryChars) cap.overflow = true;
    if (cap.overflow || cap.tooDeep) {
      cap.asm = null;
      cap.text.take();
    }
  }

  finishEntry(cap: Capture): void {
    const { L, index } = this;
    let item: HarItem;
    if (cap.overflow) item = { kind: 'unreadable', index, reason: `the entry is larger than ${sizeText(L.maxEntryChars)} of JSON (not read)` };
    else if (cap.tooDeep) item = { kind: 'unreadable', index, reason: `the entry is nested deeper than ${L.maxDepth} levels (not read)` };
    else item = { kind: 'entry', index, value: cap.asm!.current };
    this.out.push(item);
    this.index++;
    this.cap = null;
  }
}

/** Why a file operation failed: the error's code (ENOENT, EACCES, …), else its message. */
const whyNot = (e: unknown): string => String(member(e, 'code') ?? (e instanceof Error ? e.message : undefined));

/** How many items of a header or form-parameter list are read. */
export const MAX_HAR_LIST = 1000;

/** A HAR scalar as text: a string as it is, a number or boolean as its text, anything else undefined. */
export const harText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** A name and value of a HAR list (a header, a form parameter), each as text. */
export interface HarPair {
  name: string;
  value: string;
}

/**
 * A header list as recorded: the pairs of its first MAX_HAR_LIST items whose name and value are text,
 * how many of those items were not, and whether the list was longer. `'not a list'` when the member
 * is there but is not a list.
 */
export interface HarHeaders {
  pairs: HarPair[];
  malformed: number;
  cut: boolean;
}

/** The recorded body of a response (HAR 1.2 `content`): the members read, as text. */
export interface HarContent {
  mimeType?: string;
  text?: string;
  encoding?: string;
}

/** The recorded body of a request (HAR 1.2 `postData`): its type, text, or form parameters. */
export interface HarPostData {
  mimeType?: string;
  text?: string;
  /** The first MAX_HAR_LIST items of `params`, a name or value that is not text as ''; undefined when `params` is not a list. */
  params?: HarPair[];
}

/** The request of an entry (HAR 1.2): the members the judge reads. */
export interface HarRequest {
  method: string;
  url: string;
  postData?: HarPostData;
}

/** The response of an entry (HAR 1.2): the members the judge reads. */
export interface HarResponse {
  /** The status as recorded when it is a number (0 and -1 mean no response); undefined otherwise. */
  status: number | undefined;
  headers: HarHeaders | 'not a list' | undefined;
  content: HarContent;
}

/** One HAR 1.2 entry as the judge reads it, built by checkHarEntry from the entry as parsed. */
export interface HarEntry {
  comment?: string;
  request: HarRequest;
  /** Undefined when the entry has no response object. */
  response?: HarResponse;
}

/** Why an entry cannot be read as an exchange (its comment, when it has one). */
export interface UnreadableEntry {
  reason: string;
  comment?: string;
}

/** An object member of a recorded value (arrays too, as the HAR readers always took them), or undefined. */
const part = (v: unknown, key: string): object | undefined => {
  const m = member(v, key);
  return typeof m === 'object' && m !== null ? m : undefined;
};

function harHeaders(list: unknown): HarResponse['headers'] {
  if (list === undefined) return undefined;
  const items = asArray(list);
  if (!items) return 'not a list';
  const pairs: HarPair[] = [];
  let malformed = 0;
  for (const h of items.slice(0, MAX_HAR_LIST)) {
    const name = harText(member(h, 'name'));
    const value = harText(member(h, 'value'));
    if (name === undefined || value === undefined) malformed++;
    else pairs.push({ name, value });
  }
  return { pairs, malformed, cut: items.length > MAX_HAR_LIST };
}

function harPostData(pd: object): HarPostData {
  const params = asArray(member(pd, 'params'));
  return {
    mimeType: harText(member(pd, 'mimeType')),
    text: harText(member(pd, 'text')),
    params: params?.slice(0, MAX_HAR_LIST).map((p) => ({ name: harText(member(p, 'name')) ?? '', value: harText(member(p, 'value')) ?? '' })),
  };
}

/**
 * An entry as parsed (any JSON value) read as a HAR 1.2 entry: an object whose request has a method
 * and a URL (strings), or why not. A response that is not an object is left out (the judge says so).
 */
export function checkHarEntry(value: unknown): HarEntry | UnreadableEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reason: 'the entry is not an object' };
  const comment = harText(member(value, 'comment'));
  const req = part(value, 'request');
  const method = member(req, 'method');
  const url = member(req, 'url');
  if (typeof url !== 'string' || typeof method !== 'string') return { comment, reason: 'request.method or request.url is missing or not a string' };
  const pd = part(req, 'postData');
  const request: HarRequest = { method, url, ...(pd ? { postData: harPostData(pd) } : {}) };
  const res = part(value, 'response');
  if (!res) return { comment, request };
  const status = member(res, 'status');
  const response: HarResponse = {
    status: typeof status === 'number' ? status : undefined,
    headers: harHeaders(member(res, 'headers')),
    content: {
      mimeType: harText(at(res, 'content', 'mimeType')),
      text: harText(at(res, 'content', 'text')),
      encoding: harText(at(res, 'content', 'encoding')),
    },
  };
  return { comment, request, response };
}

/**
 * Yield the items of a HAR file one entry at a time (see createHarTokenizer). Throws NotAHar for a
 * missing, unreadable, empty, binary or non-HAR file (possibly after some entries were yielded).
 */
export function* readHarEntries(file: string, limits: Partial<Limits> = {}): Generator<HarItem> {
  const L = { ...READ_LIMITS, ...limits };
  let fd;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new NotAHar(member(e, 'code') === 'ENOENT' ? 'no such file' : `cannot read it (${whyNot(e)})`);
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
      } catch (e) {
        throw new NotAHar(`cannot read it (${whyNot(e)})`);
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
