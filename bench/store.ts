// Bench section: the mock's store-backed routes (issue 25). Distinct reads (lists with their filters
// and pages, items by id, in both namings; each request different from every other, so no cache of
// any kind helps) and writes (creates and updates of posts and events), each against the bare Node
// server of the same run; the whole mock's resident memory (front and every Prism), peak under
// this load. Servers listen on 127.0.0.1 only; the mock is stopped by its PID.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, spawnMock, treeRssMb, type MockSection } from './mock.ts';
import { stopChild, waitForAnswer } from '../core/process.ts';
import { round } from './stats.ts';

/** The distinct reads: the n-th request of a mix of store-backed GETs (lists, filters, pages, items; spec and real names). */
export function storeRead(n: number, ids: { posts: number[]; events: number[] }): string {
  const post = ids.posts[n % ids.posts.length];
  const event = ids.events[n % ids.events.length];
  const mix = [
    `/core/v2/posts?per_page=5&page=${1 + (n % 3)}&_bench=${n}`,
    `/core/v2/posts/${post}?_bench=${n}`,
    `/wp-json/wp/v2/posts?search=festival&wpml_language=nl&_bench=${n}`,
    `/core/v2/pages?per_page=10&_bench=${n}`,
    `/cal/events/v1/events?per_page=10&page=${1 + (n % 4)}&_bench=${n}`,
    `/cal/events/v1/events/${event}?_bench=${n}`,
    `/wp-json/tribe/events/v1/events?start_date=2025-06-15&end_date=2025-06-15&_bench=${n}`,
    `/cal/events/v1/venues?_bench=${n}`,
    `/core/v2/media?per_page=5&_bench=${n}`,
    `/core/v2/posts?_fields=id,title&per_page=20&_bench=${n}`,
  ];
  return mix[n % mix.length];
}

/** The writes: the n-th of creates and updates of posts and events (JSON bodies). */
export function storeWrite(n: number, ids: { posts: number[]; events: number[] }): { method: 'POST' | 'PATCH'; path: string; body: string } {
  switch (n % 4) {
    case 0:
      return { method: 'POST', path: '/core/v2/posts', body: JSON.stringify({ title: `Bench ${n}`, content: 'Doors at 19:00.', status: 'publish' }) };
    case 1:
      return { method: 'PATCH', path: `/core/v2/posts/${ids.posts[n % ids.posts.length]}`, body: JSON.stringify({ excerpt: `Bench ${n}` }) };
    case 2:
      return {
        method: 'POST',
        path: '/cal/events/v1/events',
        body: JSON.stringify({ title: `Bench ${n}`, start_date: '2025-06-15 20:00:00', end_date: '2025-06-15 22:00:00' }),
      };
    default:
      return { method: 'POST', path: `/cal/events/v1/events/${ids.events[n % ids.events.length]}`, body: JSON.stringify({ title: `Bench ${n}` }) };
  }
}

/** Run the section: answers {bare, reads, writes, readRatio, writeRatio, memoryPeakMb, memoryIdleMb}. */
export async function benchStore({ bundleDir, duration = 5, log = () => {} }: MockSection) {
  const bare = createServer((_q, r) => {
    r.setHeader('content-type', 'application/json');
    r.end('{"id":1}');
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  log('store: bare node ...');
  const bareFigures = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/core/v2/posts/1`, { duration });
  bare.close();
  const { child, url: base } = await spawnMock(bundleDir, []);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(child.pid!))), 250);
  const auth = { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}`, 'content-type': 'application/json' };
  try {
    await waitForAnswer(`${base}/__mock/state`, { child, timeoutMs: 90_000, name: 'the mock' });
    const memoryIdleMb = round(treeRssMb(child.pid!), 0);
    const list = async (path: string): Promise<number[]> => ((await (await fetch(`${base}${path}`)).json()) as { id: number }[]).map((x) => x.id);
    const ids = {
      posts: await list('/core/v2/posts?per_page=100'),
      events: ((await (await fetch(`${base}/cal/events/v1/events?per_page=100`)).json()) as { events: { id: number }[] }).events.map((e) => e.id),
    };
    let n = 0;
    for (let i = 0; i < 50; i++) await fetch(`${base}${storeRead(i, ids)}`).then((r) => r.arrayBuffer());
    log('store: distinct reads ...');
    const reads = await load(base, { duration, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: storeRead(n++, ids) }) }] });
    let w = 0;
    log('store: writes ...');
    const writes = await load(base, { duration, headers: auth, requests: [{ setupRequest: (req) => ({ ...req, ...storeWrite(w++, ids) }) }] });
    const state = (await (await fetch(`${base}/__mock/state`)).json()) as { collections: Record<string, number> };
    return {
      bare: bareFigures,
      reads,
      writes,
      readRatio: round(reads.rps / bareFigures.rps, 4),
      writeRatio: round(writes.rps / bareFigures.rps, 4),
      memoryIdleMb,
      memoryPeakMb: round(Math.max(peak, treeRssMb(child.pid!)), 0),
      recordsAfter: state.collections,
    };
  } finally {
    clearInterval(sampler);
    await stopChild(child, 8000);
  }
}
