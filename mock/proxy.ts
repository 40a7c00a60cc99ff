// The Prism proxy: which Prism serves a request (one kept-alive agent per Prism, waiting while a
// Prism restarts) and forwarding a request to it, its answer buffered (bounded).
import http from 'node:http';
import { MAX_BODY } from './read-body.ts';
import type { Forwarded, Reply, Target } from './types.ts';

/** The Prism to ask: `ready` is pending while that Prism restarts. */
export interface Upstream {
  host: string;
  port: number;
  ready?: Promise<void> | null;
}

/** A Prism (or the front itself, for `_embed` and batches) to send a request to. */

/** How long a Prism may take to answer. */
export const UPSTREAM_TIMEOUT = 30_000;
/** How long a request waits for its Prism to start (or to come back after a restart); then 503. */
export const PRISM_WAIT_MS = 60_000;

/** The Prism of a route failed to start, or did not answer within PRISM_WAIT_MS: the front answers 503. */
export class PrismUnavailable extends Error {}
/** Hop-by-hop headers: never forwarded, never part of a memo key. */
export const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
]);

/** Wait (at most PRISM_WAIT_MS) for a Prism to answer; PrismUnavailable when it failed or took longer. */
async function waitReady(ready: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrismUnavailable(`it did not answer within ${PRISM_WAIT_MS / 1000} s`)), PRISM_WAIT_MS);
  });
  try {
    await Promise.race([ready, late]);
  } catch (e) {
    throw e instanceof PrismUnavailable ? e : new PrismUnavailable(e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Prisms of a front: `upstream` is the Prism to ask, or a function of the matched route's path
 * template (undefined when no route matches) that answers the Prism serving that route. `targetFor`
 * waits (bounded) while that Prism restarts; `close` frees the kept-alive sockets.
 */
export function prismTargets(upstream: Upstream | ((template: string | undefined) => Upstream)): {
  targetFor(template: string | undefined): Promise<Target>;
  close(): void;
} {
  const targets = new Map<string, Target>(); // "host:port" -> {host, port, agent}: one kept-alive agent per Prism
  return {
    async targetFor(template) {
      const u = typeof upstream === 'function' ? upstream(template) : upstream;
      if (u.ready) await waitReady(u.ready);
      const key = `${u.host}:${u.port}`;
      if (!targets.has(key)) targets.set(key, { host: u.host, port: u.port, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }) });
      return targets.get(key)!;
    },
    close() {
      for (const t of targets.values()) t.agent?.destroy();
    },
  };
}

/**
 * Forward one request to Prism and buffer its answer. A kept-alive socket that Prism closed at the
 * moment it was reused fails with ECONNRESET: that request is sent once more on a new socket.
 * `fwd` = {method, path, headers, body}.
 */
export function forward(upstream: Target, fwd: Forwarded, retry = true): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const up = http.request(
      { host: upstream.host, port: upstream.port, method: fwd.method, path: fwd.path, headers: fwd.headers, agent: upstream.agent, timeout: UPSTREAM_TIMEOUT },
      (r) => {
        const chunks: Buffer[] = [];
        let size = 0;
        r.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BODY * 4) chunks.push(c);
        });
        r.on('end', () => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: Buffer.concat(chunks) }));
        r.on('error', reject);
      },
    );
    up.on('timeout', () => up.destroy(new Error('Prism did not answer in time')));
    up.on('error', (e: NodeJS.ErrnoException) => {
      if (retry && up.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) forward(upstream, fwd, false).then(resolve, reject);
      else reject(e);
    });
    up.end(fwd.body.length ? fwd.body : undefined);
  });
}
