// Bench section: the mock's memory under hostile load (issue 31). Slow clients: rounds of half-open
// connections that send a request's headers and never finish them (each answered 408 after
// `--body-timeout` and freed); a filling store: valid 7 MB posts until the store answers 507
// `mock_store_full` (bounded by count). For each, the whole mock's peak resident memory (the front
// and every Prism) and the front's own, and the front's open descriptors at the end against its
// baseline. Servers listen on 127.0.0.1 only; the mock is stopped by its PID.
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { stopChild } from '../core/process.ts';
import { spawnMock, treeRssMb, type MockSection } from './mock.ts';
import { round } from './stats.ts';

const ownRssMb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const fds = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** Sample the peak memory of a mock (whole tree and front) every 250 ms while `work` runs. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<{ peakMb: number; frontPeakMb: number }> {
  let peak = 0;
  let front = 0;
  const sample = () => {
    peak = Math.max(peak, treeRssMb(pid));
    front = Math.max(front, ownRssMb(pid));
  };
  const timer = setInterval(sample, 250);
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { peakMb: round(peak, 0), frontPeakMb: round(front, 0) };
}

export interface HostileFigures {
  slowClients: { connections: number; rounds: number; peakMb: number; frontPeakMb: number; fdsBaseline: number; fdsAfter: number };
  fillingStore: { posts: number; accepted: number; firstRefusedAt: number; peakMb: number; frontPeakMb: number; storeMb: number };
}

/** Slow clients: `rounds` of `connections` half-open clients each (body timeout 1 s), then a normal request. */
async function slowClients(bundleDir: string, connections = 400, rounds = 3): Promise<HostileFigures['slowClients']> {
  const { child, url } = await spawnMock(bundleDir, ['--body-timeout', '1000']);
  try {
    const port = Number(new URL(url).port);
    await (await fetch(`${url}/core/v2/posts?per_page=1`, { headers: { connection: 'close' } })).arrayBuffer();
    const fdsBaseline = fds(child.pid!);
    const memory = await peakDuring(child.pid!, async () => {
      for (let r = 0; r < rounds; r++) {
        const sockets = await Promise.all(
          Array.from({ length: connections }, () => {
            const s = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
            s.on('error', () => {});
            return new Promise<net.Socket>((resolve) => s.once('connect', () => resolve(s)));
          }),
        );
        for (const s of sockets) s.write('GET /core/v2/posts HTTP/1.1\r\nHost: x\r\n');
        const deadline = Date.now() + 15_000;
        while (fds(child.pid!) > fdsBaseline + 2 && Date.now() < deadline) await new Promise((t) => setTimeout(t, 100));
        for (const s of sockets) s.destroy();
      }
    });
    await (await fetch(`${url}/core/v2/posts?per_page=1`, { headers: { connection: 'close' } })).arrayBuffer();
    return { connections, rounds, ...memory, fdsBaseline, fdsAfter: fds(child.pid!) };
  } finally {
    await stopChild(child, 2000);
  }
}

/** A filling store: 7 MB posts (the default limits) until 507, at most `max`. */
async function fillingStore(bundleDir: string, max = 12): Promise<HostileFigures['fillingStore']> {
  const { child, url } = await spawnMock(bundleDir, []);
  const body = JSON.stringify({ title: 'big', content: 'x'.repeat(7 * 1024 * 1024 - 100) });
  const headers = { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}`, 'content-type': 'application/json' };
  let posts = 0;
  let accepted = 0;
  let firstRefusedAt = 0;
  try {
    const memory = await peakDuring(child.pid!, async () => {
      while (posts < max) {
        posts++;
        const r = await fetch(`${url}/core/v2/posts`, { method: 'POST', headers, body });
        await r.arrayBuffer();
        if (r.status === 201) accepted++;
        else if (r.status === 507 && !firstRefusedAt) firstRefusedAt = posts;
      }
    });
    const state = (await (await fetch(`${url}/__mock/state`)).json()) as { bytes: number };
    return { posts, accepted, firstRefusedAt, ...memory, storeMb: round(state.bytes / 1024 / 1024, 1) };
  } finally {
    await stopChild(child, 2000);
  }
}

/** Run the section (bundle in `bundleDir`). */
export async function benchHostile({ bundleDir, log = () => {} }: MockSection): Promise<HostileFigures> {
  log('mock (hostile): slow clients ...');
  const slow = await slowClients(bundleDir);
  log('mock (hostile): a filling store ...');
  const filling = await fillingStore(bundleDir);
  return { slowClients: slow, fillingStore: filling };
}
