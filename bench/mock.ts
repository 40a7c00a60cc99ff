// Bench section: the mock on distinct requests and its memory (main.ts calls it next to
// the repeated-request figures of section 4).
// Distinct requests: a mix of GET operations across every namespace group (core, cal, ml, add-ons),
// each request different from every other one (integer path parameters and a query value count
// up), so that the front's answer memo never helps: a valid request of an operation Prism already
// answered is the front's work (its checks, then Prism's answer to that operation: the example memo,
// D261), an invalid one Prism's too, and one of a store-backed route the store's. Beside it the
// same mix repeated (one request per operation, over and over: the memo's case) and the bare Node
// server (the machine's ceiling). Memory: the resident memory of the whole mock (the front and
// every Prism process), sampled during the load; the peak is reported.
// Servers listen on 127.0.0.1 only; the mock is stopped by its PID (it stops its Prisms by PID).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { deref, operationParams, type OpenApiDoc } from '../core/spec.ts';
import { freePort, stopChild, waitForAnswer } from '../core/process.ts';
import { round } from './stats.ts';

/** The compiled mock, as `npm run mock` runs it. */
const MOCK = join('dist', 'mock', 'main.js');

/** Resident memory (MB) of a process and all its descendants (Linux /proc). */
export function treeRssMb(pid: number): number {
  let kb = 0;
  const stack = [pid];
  const seen = new Set<number>();
  while (stack.length) {
    const p = stack.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      continue;
    }
    try {
      for (const t of readdirSync(`/proc/${p}/task`)) {
        for (const c of readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(/\s+/).filter(Boolean)) stack.push(Number(c));
      }
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

/**
 * The GET operations of the mix: per namespace group, operations answerable without credentials
 * or parameters the bench cannot invent. Each yields a path maker `(n) => path` whose every call
 * with a new n is a new request (integer path parameters = n, plus `search`/`_bench` = n).
 */
/** One GET operation of the mix and its path maker. */
export interface Maker {
  template: string;
  make: (n: number) => string;
}

export function requestMakers(doc: OpenApiDoc): Maker[] {
  const makers: Maker[] = [];
  for (const [template, itemRef] of Object.entries(doc.paths ?? {})) {
    const item = deref(itemRef, doc);
    const op = item?.get;
    if (!op) continue;
    const params = operationParams(item, op, doc);
    if (params.some((p) => p.required && p.in !== 'path')) continue;
    const security = op.security ?? doc.security ?? [];
    if (security.length && !security.some((x) => Object.keys(x).length === 0)) continue; // needs credentials
    const pathParams = params.filter((p) => p.in === 'path');
    if (pathParams.some((p) => deref(p.schema, doc)?.type !== 'integer')) continue;
    const ok = Object.keys(op.responses ?? {}).some((c) => c === '200');
    if (!ok) continue;
    const search = params.some((p) => p.in === 'query' && p.name === 'search' && deref(p.schema, doc)?.type === 'string');
    makers.push({ template, make: (n: number) => `${template.replace(/\{[^}]+\}/g, () => String(1 + (n % 100000)))}?${search ? 'search' : '_bench'}=${n}` });
  }
  return makers;
}

/** `url` under autocannon's load (10 connections; `init` adds the duration, requests, headers): its figures. */
export async function load(url: string, init: Partial<autocannon.Options>): Promise<Record<string, number>> {
  const r = await autocannon({ url, connections: 10, ...init } as autocannon.Options);
  return {
    rps: round(r.requests.average, 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    requests: r.requests.total,
  };
}

/** One scenario's figures under load (`load`). */
export type Figures = Record<string, number>;

/** The distinct-requests section's figures (its keys in the order results.json shows them). */
export interface MockDistinct {
  mix: { operations: number; namespaces: Record<string, number> };
  bare: Figures;
  memoryIdleMb: number;
  distinct: Figures;
  distinctRequestsSent: number;
  repeated: Figures;
  memoryPeakMb: number;
  frontPeakMb: number;
  ratio: number;
}

/** What a mock section of the bench is given: the bundle's folder, seconds of load per scenario, a log. */
export interface MockSection {
  bundleDir: string;
  duration?: number;
  log?: (...m: unknown[]) => void;
}

/**
 * Run the section against the bundle in `bundleDir` (openapi.yaml + openapi.json) for `duration`
 * seconds per scenario. Answers {bare, distinct, repeated, memory, mix} (rps, p50/p99 ms, MB).
 */
export async function benchMockDistinct({ bundleDir, duration = 5, log = () => {} }: MockSection): Promise<MockDistinct> {
  // The build's own bundle, taken as the core's parseBundle takes one.
  const doc = JSON.parse(readFileSync(join(bundleDir, 'openapi.json'), 'utf8')) as OpenApiDoc;
  const makers = requestMakers(doc);
  const groups: Record<string, number> = {};
  for (const m of makers) {
    const ns = m.template.split('/').filter(Boolean).slice(0, 2).join('/') || '/';
    groups[ns] = (groups[ns] ?? 0) + 1;
  }
  // Every member in place from the start (the order results.json shows), each set as it is measured.
  const out: MockDistinct = {
    mix: { operations: makers.length, namespaces: groups },
    bare: {},
    memoryIdleMb: 0,
    distinct: {},
    distinctRequestsSent: 0,
    repeated: {},
    memoryPeakMb: 0,
    frontPeakMb: 0,
    ratio: 0,
  };

  const bare = createServer((q, r) => {
    r.setHeader('content-type', 'application/json');
    r.end('{"id":1}');
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  log('mock (distinct): bare node ...');
  out.bare = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/core/v2/posts/1`, { duration });
  bare.close();

  if (!existsSync(MOCK)) throw new Error(`${MOCK} is missing (npm run build:code)`);
  const port = await freePort();
  const child = spawn(process.execPath, [...frontFlags(), MOCK, '--port', String(port), '--spec', join(bundleDir, 'openapi.yaml')], { stdio: 'ignore' });
  let peak = 0;
  let frontPeak = 0;
  const ownRss = (pid: number): number => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMb(child.pid!));
    frontPeak = Math.max(frontPeak, ownRss(child.pid!));
  }, 250);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(`${base}/core/v2/posts/1`, { timeoutMs: 90_000 });
    out.memoryIdleMb = round(treeRssMb(child.pid!), 0);
    let n = 0;
    const next = () => {
      n++;
      return makers[n % makers.length].make(n);
    };
    // Warm-up (not measured): Prism compiles an operation's validators on its first request.
    for (let i = 0; i < 2 * makers.length; i++)
      await fetch(`${base}${next()}`)
        .then((r) => r.arrayBuffer())
        .catch(() => {});
    log(`mock (distinct): ${makers.length} GET operations, every request new ...`);
    out.distinct = await load(base, { duration, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }] });
    out.distinctRequestsSent = n;
    let k = 0;
    const fixed = makers.map((m) => m.make(0));
    log('mock (repeated): the same mix, one request per operation, over and over ...');
    out.repeated = await load(base, { duration, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: fixed[k++ % fixed.length] }) }] });
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, treeRssMb(child.pid!));
    await stopChild(child, 8000);
  }
  out.memoryPeakMb = round(peak, 0);
  out.frontPeakMb = round(frontPeak, 0);
  out.ratio = round(out.distinct.rps / out.bare.rps, 4);
  return out;
}

/** The front's Node flags as `npm run mock` passes them (package.json's `mock` script), so the bench measures what users run. */
export function frontFlags(): string[] {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const m = /\bnode (?:scripts\/launch\.js )?((?:--[\w-]+(?:=\S+)? )*)dist\/mock\/main\.js/.exec(scripts.mock ?? ''); // through the launcher (D178), which passes them to node
  return (m?.[1] ?? '').split(' ').filter(Boolean);
}

/**
 * Start the compiled mock on a free port with `args`; its URL once it listens and every Prism is
 * ready: the mock listens first and starts its Prisms behind it (D177), whose start-up would
 * otherwise share the two cores with the load and measure the start, not the steady state.
 */
export async function spawnMock(bundleDir: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...frontFlags(), MOCK, '--port', '0', '--spec', join(bundleDir, 'openapi.yaml'), ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the mock did not start: ${out}`)), 180_000);
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && /Prism ready/.test(out)) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return { child, url };
}
