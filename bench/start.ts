// Bench section: the first minute (issue 32). How long the mock takes from its process's start to
// listening, to its first answer from the store and to its first answer from Prism, against a bare
// Node HTTP server's start to listening on the same machine in the same run; and how long a warm
// `npm run mock -- --help` and `npm run mock` (npm, the launcher, the mock) take, the latter to its
// first store answer. Servers listen on 127.0.0.1 only (port 0); each is stopped by its PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { stopChild } from '../core/process.ts';
import { round, stats, type Stats } from './stats.ts';

const MOCK = 'dist/mock/main.js';
/** A store-backed route (answered by the mock itself) and a route only Prism answers. */
const STORE_ROUTE = '/core/v2/posts?per_page=1';
const PRISM_ROUTE = '/oembed/1.0';
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
const BARE = `const s = require('node:http').createServer((q, r) => r.end('{}'));
s.listen(0, '127.0.0.1', () => console.log('bare: listening on http://127.0.0.1:' + s.address().port));`;

/** The section's figures (seconds from the process's start). */
export interface StartFigures {
  bareListening: Stats;
  mockListening: Stats;
  mockFirstStore: Stats;
  mockFirstPrism: Stats;
  npmMockFirstStore: Stats;
  npmMockHelp: Stats;
  /** The mock's figures over the bare server's start to listening. */
  ratios: { listening: number; firstStore: number; firstPrism: number };
}

/** Seconds from `t0` until `url` answers with a status under 500 (bounded: `timeoutMs`). */
async function firstAnswer(url: string, t0: number, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.status < 500) return (performance.now() - t0) / 1000;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`no answer under 500 from ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Start `cmd args`; resolves with the child, its URL and the seconds from spawn until it printed "listening on". */
function startUntilListening(cmd: string, args: string[]): Promise<{ child: ChildProcess; url: string; t0: number; seconds: number }> {
  const t0 = performance.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MOCK_PORT: '0' } });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${cmd} ${args.join(' ')}: not listening within 180 s:\n${out.slice(-2000)}`)), 180_000);
    const onData = (c: Buffer) => {
      out += c.toString('utf8');
      const m = LISTENING.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], t0, seconds: (performance.now() - t0) / 1000 });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} exited (${code}) before listening:\n${out.slice(-2000)}`));
    });
  });
}

/** One start of the mock's node process: listening, first store answer, first Prism answer. */
async function mockOnce(): Promise<[number, number, number]> {
  const m = await startUntilListening(process.execPath, ['--max-semi-space-size=4', MOCK, '--port', '0']);
  try {
    const store = await firstAnswer(`${m.url}${STORE_ROUTE}`, m.t0);
    const prism = await firstAnswer(`${m.url}${PRISM_ROUTE}`, m.t0);
    return [m.seconds, store, prism];
  } finally {
    await stopChild(m.child, 10_000);
  }
}

/** Run the section `runs` times each. */
export async function startBench({ runs, log = () => {} }: { runs: number; log?: (...m: unknown[]) => void }): Promise<StartFigures> {
  const bare: number[] = [];
  const mock: [number, number, number][] = [];
  const npmStore: number[] = [];
  const help: number[] = [];
  for (let i = 0; i < runs; i++) {
    log(`start: bare node, the mock, npm run mock (run ${i + 1} of ${runs}) ...`);
    const b = await startUntilListening(process.execPath, ['-e', BARE]);
    bare.push(b.seconds);
    await stopChild(b.child, 5000);
    mock.push(await mockOnce());
    const t0 = performance.now();
    const h = spawnSync('npm', ['run', '--silent', 'mock', '--', '--help'], { encoding: 'utf8' });
    if (h.status !== 0) throw new Error(`npm run mock -- --help failed: ${h.stderr}`);
    help.push((performance.now() - t0) / 1000);
    const n = await startUntilListening('npm', ['run', '--silent', 'mock', '--', '--port', '0']);
    try {
      npmStore.push(await firstAnswer(`${n.url}${STORE_ROUTE}`, n.t0));
    } finally {
      await stopChild(n.child, 10_000);
    }
  }
  const f: StartFigures = {
    bareListening: stats(bare),
    mockListening: stats(mock.map((x) => x[0])),
    mockFirstStore: stats(mock.map((x) => x[1])),
    mockFirstPrism: stats(mock.map((x) => x[2])),
    npmMockFirstStore: stats(npmStore),
    npmMockHelp: stats(help),
    ratios: { listening: 0, firstStore: 0, firstPrism: 0 },
  };
  const base = f.bareListening.median;
  f.ratios = {
    listening: round(f.mockListening.median / base, 1),
    firstStore: round(f.mockFirstStore.median / base, 1),
    firstPrism: round(f.mockFirstPrism.median / base, 1),
  };
  return f;
}
