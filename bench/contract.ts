// Bench section: the contract CLI against hostile fake sites on 127.0.0.1 (issue 13).
//   - a site that answers its index and then hangs: the run must end within its deadline;
//   - a site whose answers are endless bodies: the CLI's peak memory (max RSS) must stay under 300 MB;
//   - a site whose list answer is 64 MB of `{}` items (under --max-body, issue 31): judged item by item,
//     the CLI's peak memory (max RSS) must stay under 400 MB (the answer as bytes and as text, 32 MB of
//     parsed values, the validators, and the garbage of the earlier reads of the same list);
//   - an index of 200,000 routes in 20,000 namespaces: the drift report (and a contract run of the
//     index) must be written in under 10 s.
// Every server listens on 127.0.0.1 on an ephemeral port and is closed at the end; every CLI run is
// a child process with a hard kill timer. Returns the figures; calls `target` for the MET/MISSED table.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PACKAGE_ROOT as ROOT } from '../core/spec.ts';

/** The compiled command, as the package's bin runs it. */
const CLI = join(ROOT, 'dist', 'cli', 'contract.js');

/** How the section reports a target to the MET/MISSED table. */
export type Target = (name: string, value: number, limit: number, cmp: '<=' | '>=', unit: string) => void;
type Answer = (req: IncomingMessage, res: ServerResponse) => void;
interface CliRun {
  code: number | null;
  seconds: number;
  maxRssMB: number | null;
  cpuSeconds: number | null;
  stderr: string;
}

/** A fake site: `answer(req, res)` after the index, which is `index` (a Buffer). */
async function site(index: Buffer, answer: Answer): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/wp-json/' || path === '/wp-json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': index.length });
      return res.end(index);
    }
    return answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json`;
  return {
    base,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Run the CLI in a child that reports its own peak RSS; returns { code, seconds, maxRssMB, stderr }. */
function runCli(args: string[], killAfterMs: number, command = 'contract'): Promise<CliRun> {
  const out = mkdtempSync(join(tmpdir(), 'bench-contract-'));
  const script = `const { main } = await import(${JSON.stringify(`file://${CLI}`)});
const code = await main(${JSON.stringify([...args, '--out', out, '--quiet'])}, { env: {}, command: process.env.BENCH_COMMAND });
const u = process.resourceUsage();
process.stderr.write('\\nMAXRSS ' + u.maxRSS + ' CPU ' + (u.userCPUTime + u.systemCPUTime) + '\\n');
process.exit(code);`;
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, WP_USER: '', WP_APP_PASSWORD: '', BENCH_COMMAND: command },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d).slice(-20_000);
    });
    child.stdout.resume();
    const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', (code) => {
      clearTimeout(kill);
      rmSync(out, { recursive: true, force: true });
      const rss = /MAXRSS (\d+) CPU (\d+)/.exec(stderr);
      done({
        code,
        seconds: (performance.now() - t0) / 1000,
        maxRssMB: rss ? Number(rss[1]) / 1024 : null,
        cpuSeconds: rss ? Math.round(Number(rss[2]) / 1e4) / 100 : null,
        stderr: stderr
          .replace(/\nMAXRSS \d+ CPU \d+\n?/, '')
          .trim()
          .split('\n')
          .slice(-3)
          .join(' | '),
      });
    });
  });
}

function smallIndex(origin: string): Buffer {
  const routes: Record<string, unknown> = {};
  for (const r of ['/wp/v2', '/wp/v2/posts', '/wp/v2/posts/(?P<id>[\\d]+)', '/wp/v2/pages', '/wp/v2/pages/(?P<id>[\\d]+)', '/wp/v2/users/me']) {
    routes[r] = { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] };
  }
  return Buffer.from(JSON.stringify({ name: 'bench', url: origin, namespaces: ['wp/v2'], routes }));
}

/** 200,000 routes in 20,000 namespaces (10 per namespace), plus the core routes. */
function largeIndex(): Buffer {
  const parts: string[] = [];
  for (let n = 0; n < 20_000; n++) {
    for (let r = 0; r < 10; r++)
      parts.push(
        `${JSON.stringify(`/plugin${n}/v1/thing${r}/(?P<id>[\\d]+)`)}:{"namespace":"plugin${n}/v1","methods":["GET"],"endpoints":[{"methods":["GET"],"args":{"context":{"type":"string"}}}]}`,
      );
  }
  const namespaces = Array.from({ length: 20_000 }, (_v, n) => `plugin${n}/v1`);
  return Buffer.from(
    `{"name":"bench","namespaces":${JSON.stringify(['wp/v2', ...namespaces])},"routes":{"/":{"namespace":"","methods":["GET"],"endpoints":[{"methods":["GET"],"args":{}}]},${parts.join(',')}}}`,
  );
}

/** A list answer of 64 MB of `{}` items (issue 31): judged item by item, the run's peak memory. */
async function emptyItemsBench(target: Target, log: (...m: unknown[]) => void): Promise<Record<string, unknown>> {
  let figures: Record<string, unknown> = {};
  log('   a list answer of 64 MB of `{}` items ...');
  const items64 = Math.floor((64 * 1024 * 1024 - 2) / 3);
  const emptyItems = Buffer.from(`[${'{},'.repeat(items64).slice(0, -1)}]`);
  const bigList = await site(smallIndex('http://127.0.0.1'), (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'X-WP-Total': String(items64), 'X-WP-TotalPages': '1' });
    res.end(emptyItems);
  });
  try {
    const r = await runCli(['--base-url', bigList.base, '--operation', 'listPosts', '--operation', 'getPost'], 300_000);
    figures = {
      bodyMB: Math.round((emptyItems.length / 1024 / 1024) * 10) / 10,
      items: items64,
      peakRssMB: r.maxRssMB === null ? null : Math.round(r.maxRssMB),
      wallSeconds: Math.round(r.seconds * 100) / 100,
      cpuSeconds: r.cpuSeconds,
      exitCode: r.code,
      stderr: r.stderr,
    };
    target(
      `contract run against a 64 MB list of \`{}\` items: peak memory (max RSS; exit ${r.code}, ${Math.round(r.seconds * 10) / 10} s)`,
      r.code === 1 ? (r.maxRssMB ?? Infinity) : Infinity,
      400,
      '<=',
      'MB',
    );
  } finally {
    await bigList.close();
  }

  return figures;
}

export async function contractBench({ target, log = () => {} }: { target: Target; log?: (...m: unknown[]) => void }): Promise<Record<string, unknown>> {
  const items: Record<string, unknown> = {};
  log('   hanging site (answers the index, then never) ...');
  const deadlineS = 10;
  const hanging = await site(smallIndex('http://127.0.0.1'), () => {
    /* never answers */
  });
  try {
    const r = await runCli(['--base-url', hanging.base, '--namespace', 'core/v2', '--timeout', '2s', '--deadline', `${deadlineS}s`], 60_000);
    items.hangingSite = { deadlineSeconds: deadlineS, timeoutSeconds: 2, wallSeconds: Math.round(r.seconds * 100) / 100, exitCode: r.code, stderr: r.stderr };
    target(`contract run against a hanging site ends within its deadline (${deadlineS} s; exit ${r.code})`, r.seconds, deadlineS, '<=', 's');
  } finally {
    await hanging.close();
  }

  log('   endless bodies (default --max-body 64MB) ...');
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const endless = await site(smallIndex('http://127.0.0.1'), (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.write('[');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) {
        /* until the socket buffer is full */
      }
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.destroy());
    pump();
  });
  try {
    const r = await runCli(['--base-url', endless.base, '--operation', 'listPosts', '--timeout', '60s'], 300_000);
    const peakRssMB = r.maxRssMB === null ? null : Math.round(r.maxRssMB);
    items.endlessBody = { maxBody: '64 MB (default)', peakRssMB, wallSeconds: Math.round(r.seconds * 100) / 100, exitCode: r.code, stderr: r.stderr };
    target('contract run against endless bodies: peak memory (max RSS)', r.maxRssMB ?? Infinity, 300, '<=', 'MB');
  } finally {
    await endless.close();
  }

  items.emptyItemsList = await emptyItemsBench(target, log);
  log('   index of 200,000 routes in 20,000 namespaces ...');
  const big = largeIndex();
  const large = await site(big, (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"code":"rest_no_route","message":"No route.","data":{"status":404}}');
  });
  try {
    const d = await runCli(['--base-url', large.base], 120_000, 'drift');
    const c = await runCli(['--base-url', large.base, '--operation', 'getSiteIndex'], 120_000);
    items.largeIndex = {
      routes: 200_000,
      namespaces: 20_000,
      indexMB: Math.round((big.length / 1024 / 1024) * 10) / 10,
      driftSeconds: Math.round(d.seconds * 100) / 100,
      driftCpuSeconds: d.cpuSeconds,
      driftExit: d.code,
      driftPeakRssMB: d.maxRssMB && Math.round(d.maxRssMB),
      contractSeconds: Math.round(c.seconds * 100) / 100,
      contractCpuSeconds: c.cpuSeconds,
      contractExit: c.code,
      stderr: d.stderr,
    };
    target(
      `drift report of an index with 200,000 routes in 20,000 namespaces (exit ${d.code}; ${d.cpuSeconds} s CPU)`,
      d.code === 0 ? d.seconds : Infinity,
      10,
      '<=',
      's',
    );
    target(
      `contract run (site index operation) against that index (exit ${c.code}; ${c.cpuSeconds} s CPU)`,
      c.code === 0 || c.code === 1 ? c.seconds : Infinity,
      10,
      '<=',
      's',
    );
  } finally {
    await large.close();
  }
  return items;
}
