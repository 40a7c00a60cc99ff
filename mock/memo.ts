// The answer memo: Prism's static answers replayed for requests already answered (bounded by count
// and bytes, least recently used first out).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HOP } from './proxy.ts';
import type { Memo, Reply } from './types.ts';

/**
 * A bounded memo of the answers given for Prism's requests. Prism serves static examples and keeps
 * no state, so its answer is a function of the request (method, URL, headers, body); the only
 * exception, `Prefer: dynamic=true` (generated data), is never memoised. Least recently used
 * entries go first beyond `maxEntries` or `maxBytes` of bodies.
 */
export class AnswerMemo implements Memo {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly maxBody: number;
  bytes = 0;
  hits = 0;
  misses = 0;
  private readonly map = new Map<string, Reply>();

  constructor({ maxEntries = 2000, maxBytes = 8 * 1024 * 1024, maxBody = 1024 * 1024 }: { maxEntries?: number; maxBytes?: number; maxBody?: number } = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.maxBody = maxBody;
  }

  /** The memo key of a request, or null when its answer must not be memoised. */
  key(req: IncomingMessage, body: Buffer): string | null {
    if (body.length > this.maxBody || /dynamic\s*=\s*true/i.test(String(req.headers.prefer ?? ''))) return null;
    const headers = Object.keys(req.headers)
      .filter((k) => !HOP.has(k))
      .sort()
      .map((k) => `${k}:${JSON.stringify(req.headers[k])}`)
      .join('\n');
    const hash = body.length ? createHash('sha1').update(body).digest('base64') : '';
    return `${req.method} ${req.url}\nhost:${String(req.headers.host ?? '')}\n${headers}\n${hash}`;
  }

  get(key: string | null): Reply | undefined {
    const hit = key === null ? undefined : this.map.get(key);
    if (hit === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key!);
    this.map.set(key!, hit);
    return hit;
  }

  set(key: string | null, reply: Reply): void {
    if (key === null || reply.body.length > this.maxBody || this.map.has(key)) return;
    this.map.set(key, reply);
    this.bytes += reply.body.length;
    for (const [k, v] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.body.length;
    }
  }
}
