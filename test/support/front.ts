// The mock's front (mock/front.ts) in this process, before a fake Prism: a node:http server that
// answers each request with what the test's `answer()` returns (a status, headers and a body), for
// the cases a real Prism rarely produces and for what the front adds itself (CORS, the memo, hostile
// input). Both listen on ephemeral ports of 127.0.0.1 and are closed by `close()`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFront } from '../../mock/front.ts';
import type { AnswerMemo } from '../../mock/memo.ts';
import { afterAll, beforeAll } from 'vitest';
import { bundle } from './spec.js';

export interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export interface FakeFront {
  /** The front's URL, e.g. http://127.0.0.1:40123. */
  base: string;
  close(): Promise<void>;
}

/** Listen on an ephemeral port of 127.0.0.1; resolves with the port. */
export const listen = (s: http.Server): Promise<number> => new Promise((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));

/** Close a server (none: nothing to do). */
export const closeServer = (s: http.Server | undefined): Promise<void> => new Promise((r) => (s ? s.close(() => r()) : r()));

/** Start the fake Prism answering `answer()` and the front before it (with `memo`, when given). */
export async function fakeFront(answer: () => Canned, { memo = null }: { memo?: AnswerMemo | null } = {}): Promise<FakeFront> {
  const upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const a = answer();
      res.writeHead(a.status, a.headers);
      res.end(a.body);
    });
  });
  const front = createFront({ doc: bundle(), upstream: { host: '127.0.0.1', port: await listen(upstream) }, memo });
  const base = `http://127.0.0.1:${await listen(front)}`;
  return {
    base,
    async close() {
      await closeServer(front);
      await closeServer(upstream);
    },
  };
}

/** fakeFront for the whole test file (or describe block): started before its tests, closed after them; its `base` is set once started. */
export function fakeFrontForAll(answer: () => Canned, options: { memo?: AnswerMemo | null } = {}): { base: string } {
  const started = { base: '' };
  let fake: FakeFront | undefined;
  beforeAll(async () => {
    fake = await fakeFront(answer, options);
    started.base = fake.base;
  });
  afterAll(() => fake?.close());
  return started;
}
