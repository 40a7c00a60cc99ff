// `contract --record run.har`: every exchange of a run as HAR 1.2, written entry by entry (memory stays
// bounded however long the run), redacted in every form: the Authorization header becomes
// `Basic [redacted]`, and the password in any encoding (base64 of user:password, JSON, HTML, URL) is
// replaced in URLs, headers and bodies, also where a site echoes it. URLs and names are the site's,
// as they went over the wire. A binary request body (an upload) is stored as base64 with
// `_encoding: "base64"`; a binary response body as `content.encoding: "base64"`, both redacted in
// their bytes first. Header names, status texts and content types are redacted too (a site chooses them).
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Exchange } from './types.js';

const TEXTUAL = /^(text\/|application\/([a-z.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)|image\/svg\+xml)/i;

function isText(mime: string | undefined, buf: Buffer): boolean {
  if (TEXTUAL.test(mime ?? '')) return true;
  if (!buf || !buf.length) return true;
  if (mime) return false;
  return !buf.subarray(0, 512).includes(0);
}

/** A binary body with the credentials redacted in its bytes (read as Latin-1, so every byte survives). */
function redactBytes(buf: Buffer, redact: (text: string) => string): Buffer {
  const text = buf.toString('latin1');
  const red = redact(text);
  return red === text ? buf : Buffer.from(red, 'latin1');
}

function queryString(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** What a recording is made with: the run's redactor (redact.ts), the HAR's creator and comment. */
export interface RecorderOptions {
  redact: (text: string) => string;
  creator?: { name: string; version: string };
  comment?: string;
}

/** A HAR file being written. */
export interface Recorder {
  add(exchange: Exchange): void;
  /** Close the file; returns its name. */
  close(): string;
  readonly count: number;
}

/** Open a HAR file for a run. `redact` is the run's redactor (redact.ts). */
export function createRecorder(file: string, { redact, creator = { name: 'festival-site-api contract', version: '0' }, comment }: RecorderOptions): Recorder {
  const fd = openSync(file, 'w');
  let count = 0;
  const head = { log: { version: '1.2', creator, ...(comment ? { comment } : {}), pages: [], entries: [] } };
  const headText = JSON.stringify(head, null, 1);
  // Everything up to the entries' `[`, then entries, then the closing brackets.
  const cut = headText.lastIndexOf('"entries": [') + '"entries": ['.length;
  writeSync(fd, headText.slice(0, cut));
  const tail = headText.slice(cut).replace(/^\]/, '');

  function add(x: Exchange) {
    const r = (s: unknown) => redact(String(s ?? ''));
    const reqHeaders = Object.entries(x.requestHeaders ?? {}).map(([name, value]) => ({
      name: r(name),
      value: name.toLowerCase() === 'authorization' ? String(value).replace(/^(\w+)\s+.*$/s, '$1 [redacted]') : r(value),
    }));
    const reqType = Object.entries(x.requestHeaders ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    let postData;
    let bodySize = 0;
    if (x.requestBody !== undefined && x.requestBody !== null) {
      bodySize = Buffer.byteLength(x.requestBody);
      const buf = Buffer.isBuffer(x.requestBody) ? x.requestBody : Buffer.from(String(x.requestBody));
      postData = isText(reqType, buf)
        ? { mimeType: reqType ?? '', text: r(buf.toString('utf8')) }
        : { mimeType: reqType ?? '', text: redactBytes(buf, redact).toString('base64'), _encoding: 'base64' };
    }
    const resHeaders = (x.responseHeaders ?? []).map(([name, value]) => ({ name: r(name), value: r(value) }));
    const resType = (x.responseHeaders ?? []).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
    const body = x.responseBody ?? Buffer.alloc(0);
    const content = isText(resType, body)
      ? { size: body.length, mimeType: r(resType), text: r(body.toString('utf8')) }
      : { size: body.length, mimeType: r(resType), text: redactBytes(body, redact).toString('base64'), encoding: 'base64' };
    const ms = Math.max(0, Math.round((x.ms ?? 0) * 1000) / 1000);
    const entry = {
      startedDateTime: (x.startedAt ?? new Date()).toISOString(),
      time: ms,
      ...(x.comment || x.error ? { comment: r([x.comment, x.error ? `no complete answer: ${x.error}` : ''].filter(Boolean).join('; ')) } : {}),
      request: {
        method: r(x.method),
        url: r(x.url),
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: reqHeaders,
        queryString: queryString(x.url).map(({ name, value }) => ({ name: r(name), value: r(value) })),
        ...(postData ? { postData } : {}),
        headersSize: -1,
        bodySize: postData ? bodySize : 0,
      },
      response: {
        status: x.status ?? 0,
        statusText: r(x.statusText ?? ''),
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: resHeaders,
        content,
        redirectURL: r((x.responseHeaders ?? []).find(([k]) => k.toLowerCase() === 'location')?.[1] ?? ''),
        headersSize: -1,
        bodySize: x.status ? body.length : -1,
      },
      cache: {},
      timings: { send: 0, wait: ms, receive: 0 },
    };
    writeSync(fd, `${count ? ',' : ''}\n${JSON.stringify(entry)}`);
    count++;
  }

  function close() {
    writeSync(fd, `\n]${tail}\n`);
    closeSync(fd);
    return file;
  }

  return {
    add,
    close,
    get count() {
      return count;
    },
  };
}
