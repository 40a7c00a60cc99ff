// `npm start` (mock/start.ts, run compiled) serves the docs and the mock together and stops both on Ctrl-C;
// it and the mock (main.ts) stop every child from SIGINT, SIGTERM or SIGHUP.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRunning, prismPidsOf } from '../support/mock.js';
import { ROOT } from '../support/spec.js';

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

describe('npm start', () => {
  it('prints both URLs, serves the docs and the mock, and stops both on SIGINT', async () => {
    // --no-build: the pipeline has its own tests, and a build here would race other builds.
    const child = spawn(process.execPath, ['dist/mock/start.js', '--no-build'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DOCS_PORT: '0', MOCK_PORT: '0' },
    });
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (c: string) => {
      out += c;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const urls = await new Promise<{ docs: string; mock: string; prismPids: number[] }>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no URLs within 90 s:\n${out}`)), 90_000);
        child.stdout!.on('data', (c: string) => {
          out += c;
          const d = /^docs: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
          const m = /^mock: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
          const p = prismPidsOf(out);
          if (d && m && p.length) {
            clearTimeout(t);
            resolve({ docs: d[1], mock: m[1], prismPids: p });
          }
        });
      });
      // One Prism host serving every group of routes (mock/groups.ts, D242), running.
      expect(urls.prismPids.length).toBe(1);
      for (const pid of urls.prismPids) expect(isRunning(pid), `Prism ${pid} not running`).toBe(true);
      const page = await fetch(urls.docs);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Festival site REST interface</title>');
      const index = await fetch(urls.mock);
      expect(index.status).toBe(200);
      expect((await index.json()).namespaces).toBeInstanceOf(Array);
      const none = await fetch(`${urls.mock}nope`);
      expect(none.status).toBe(404);
      expect((await none.json()).code).toBe('rest_no_route');

      process.kill(child.pid!, 'SIGINT');
      const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('timeout'), 20_000))]);
      expect(code, out).toBe(0);
      expect(isRunning(child.pid!)).toBe(false);
      // The Prisms are stopped by PID; wait (bounded) until none runs, however loaded the machine.
      await expect.poll(() => urls.prismPids.filter(isRunning), { timeout: 20_000, interval: 100 }).toEqual([]);
      expect(await portFree(Number(new URL(urls.docs).port))).toBe(true);
      expect(await portFree(Number(new URL(urls.mock).port))).toBe(true);
      expect(out).toContain('start: stopped.');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      for (const pid of prismPidsOf(out)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 120_000);
});

/** The direct children of a process (Linux /proc). */
const childrenOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
};

// Issue 32, point 2: SIGINT, SIGTERM or SIGHUP to the node process stops every child (the mock, its
// Prisms) within 2 s and removes the temporary files; node is spawned directly (npm's own part is
// package.json's).
describe.each([
  ['dist/mock/main.js', ['--port', '0']],
  ['dist/mock/start.js', ['--no-build']],
])('%s stops everything from any signal', (entry, args) => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s: every process gone within 2 s, the spec snapshot removed',
    async (signal) => {
      const child = spawn(process.execPath, [entry, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DOCS_PORT: '0', MOCK_PORT: '0' },
      });
      let out = '';
      child.stdout!.setEncoding('utf8');
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (c: string) => (out += c));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      let pids: number[] = [];
      try {
        const prismPids = await new Promise<number[]>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error(`not listening within 90 s:\n${out}`)), 90_000);
          child.stdout!.on('data', (c: string) => {
            out += c;
            const p = prismPidsOf(out);
            if (p.length && (entry.endsWith('main.js') || /^start: both listening/m.test(out))) {
              clearTimeout(t);
              resolve(p);
            }
          });
        });
        const folder = dirname(
          readFileSync(`/proc/${prismPids[0]}/cmdline`, 'utf8')
            .split('\0')
            .find((a) => a.includes('mock-spec-'))!,
        );
        pids = [child.pid!, ...childrenOf(child.pid!), ...prismPids];
        const sent = Date.now();
        process.kill(child.pid!, signal);
        while (pids.some(isRunning) && Date.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 25));
        const took = Date.now() - sent;
        expect(pids.filter(isRunning), `still running ${took} ms after ${signal}`).toEqual([]);
        expect(took, `every process gone after ${took} ms`).toBeLessThanOrEqual(2000);
        expect(existsSync(folder), `${folder} left behind`).toBe(false);
        await exited;
      } finally {
        for (const pid of [child.pid!, ...pids]) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      }
    },
    120_000,
  );
});
