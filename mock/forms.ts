// Request bodies as the store reads them: JSON, a form (PHP's `$_POST` nesting: `a[]`, `a[b]`), a
// multipart form (its fields and its first file), a raw upload (its name, type and size).
import type { IncomingMessage } from 'node:http';
import { isObject, type JsonObject } from '../core/json.ts';
import { phpPairs } from '../core/php-query.ts';
import type { Forwarded } from './types.ts';
import type { Pairs, Upload } from './types.ts';

/** A request body as the store reads it: JSON, a form (PHP's nesting: `a[]`, `a[b]`), a raw upload, a multipart form. */
export function storeBody(fwd: Forwarded, req: IncomingMessage): unknown {
  const type = String(fwd.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!fwd.body.length || !type) return {};
  const text = fwd.body.toString('utf8');
  if (type === 'application/json') return JSON.parse(text);
  if (type === 'application/x-www-form-urlencoded') return formObject(phpPairs(text));
  if (type === 'multipart/form-data') return multipartObject(fwd.body, String(fwd.headers['content-type']));
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(String(req.headers['content-disposition'] ?? ''))?.[1];
  return { __upload: { filename: filename ? decodeURIComponent(filename) : 'upload', type, size: fwd.body.length } };
}

/** Form pairs as PHP's `$_POST`: `a[]=1&a[]=2` a list, `a[b]=1` an object (one level), otherwise the last value. */
function formObject(pairs: Pairs): JsonObject {
  const out: JsonObject = Object.create(null);
  for (const [k, v] of pairs) {
    const m = /^([^[]+)\[([^\]]*)\]$/.exec(k);
    if (!m) {
      out[k] = v;
      continue;
    }
    const prev = out[m[1]];
    if (m[2] === '') {
      const list: unknown[] = Array.isArray(prev) ? prev : [];
      out[m[1]] = list;
      list.push(v);
    } else {
      const members: JsonObject = isObject(prev) ? prev : Object.create(null);
      out[m[1]] = members;
      members[m[2]] = v;
    }
  }
  return { ...out };
}

/** A multipart form's fields and its first file (name, type, size). */
function multipartObject(body: Buffer, contentType: string): JsonObject {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  if (!boundary) return {};
  const pairs: Pairs = [];
  let upload: Upload | undefined;
  for (const part of body.toString('latin1').split(`--${boundary}`).slice(1, 200)) {
    const end = part.indexOf('\r\n\r\n');
    if (end < 0) continue;
    const head = part.slice(0, end);
    const value = part.slice(end + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const file = /filename="([^"]*)"/i.exec(head)?.[1];
    if (file !== undefined && !upload)
      upload = {
        filename: file || 'upload',
        type: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'application/octet-stream',
        size: value.length,
      };
    else if (name) pairs.push([name, Buffer.from(value, 'latin1').toString('utf8')]);
  }
  return { ...formObject(pairs), ...(upload ? { __upload: upload } : {}) };
}
