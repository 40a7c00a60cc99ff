#!/usr/bin/env node
// Benchmarks (`npm run bench`): how fast the pipeline, the types, the mock and the live contract run
// are, and how they grow. Every figure is the median of several runs with min and max. Writes
// bench/results.json and bench/results.md and prints each target as MET or MISSED.
//   npm run bench -- [--runs 3] [--duration 5] [--skip pipeline,start,types,link,mock,live,scaling,har,contract,growth] [--help]
// Item 5 (live contract run) needs a real site: the sandbox (.sandbox/env.json) or WP_BASE_URL
// (+ WP_USER, WP_APP_PASSWORD). Servers listen on 127.0.0.1 only; every child is stopped by its PID.
// Nothing is written outside bench/ and temporary folders (generated/ and dist/ are left alone).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { parseArgs, type Flags, type Parsed } from '../core/args.ts';
import { asArray, asNumber, asObject, asString, at, member, objects } from '../core/json.ts';
import { deref, type OpenApiDoc } from '../core/spec.ts';
import { stages } from '../scripts/pipeline.ts';
import { contractBench } from './contract.ts';
import { benchMockDistinct, frontFlags, type Figures, type MockDistinct } from './mock.ts';
import { benchStore } from './store.ts';
import { benchHostile, type HostileFigures } from './hostile.ts';
import { freePort, stopChild, waitForAnswer } from '../core/process.ts';
import { round, stats, type Stats } from './stats.ts';
import { harBench } from './har.ts';
import { growthBench, type Growth } from './growth.ts';
import { mergeTargets, type Target } from './targets.ts';
import { consumerTypecheck } from './types.ts';
import { linkParse } from './link-parse.ts';
import { startBench, type StartFigures } from './start.ts';

export const BENCH_HELP = `Usage: npm run bench -- [options]      (or: node dist/bench/main.js [options])

Measures the pipeline, the artifacts, a consumer's type-check, the client's Link parsing, the mock
under load, the live contract run, the CLI against hostile sites, scaling, a large HAR and validation
growth; writes bench/results.json and bench/results.md and prints each target as MET or MISSED.

Options:
  --runs <n>              runs per figure, 1-10 (default 3; figures are the median, min and max)
  --duration <s>          seconds of load per mock scenario, 1-30 (default 5)
  --skip <a,b,...>        sections to skip: pipeline, start, types, link, mock, live, contract, scaling, har,
                          growth; a run that skips some keeps the previous results of those
  --help                  this text (also -h)`;

const BENCH_FLAGS = { runs: { type: 'string' }, duration: { type: 'string' }, skip: { type: 'string' }, help: { type: 'boolean', short: 'h' } } satisfies Flags;
let parsed: Parsed<typeof BENCH_FLAGS>;
try {
  parsed = parseArgs(process.argv.slice(2), BENCH_FLAGS, { allowPositionals: false });
} catch (e) {
  console.error(`bench: ${(e as Error).message} (see --help)`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(BENCH_HELP);
  process.exit(0);
}
const RUNS = Math.max(1, Math.min(10, Number(parsed.values.runs ?? 3)));
const DURATION = Math.max(1, Math.min(30, Number(parsed.values.duration ?? 5)));
/** The compiled mock and contract command, as the npm scripts and the package's bin run them. */
const MOCK = join('dist', 'mock', 'main.js');
const CONTRACT = join('dist', 'cli', 'contract.js');
const SKIP = new Set(
  String(parsed.values.skip ?? '')
    .split(',')
    .filter(Boolean),
);
const log = (...m: unknown[]): void => console.error('bench:', ...m);
// The same environment as scripts/build.ts gives its tools (no telemetry or update checks).
const TOOL_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };

function timeCmd(
  cmd: string,
  argv: string[],
  { cwd = process.cwd(), allowFail = false, env }: { cwd?: string; allowFail?: boolean; env?: Record<string, string> } = {},
): { seconds: number; status: number | null; stdout: string } {
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', env: { ...process.env, ...TOOL_ENV, ...env }, maxBuffer: 256 << 20 });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0 && !allowFail) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return { seconds: s, status: r.status, stdout: r.stdout ?? '' };
}

/** One live contract run's figures (`liveRun`). */
interface LiveRun {
  wall: Stats;
  operations: number;
  ran: number;
  requests: number | undefined;
  failed: number;
  exit: number | null;
}

/** The live section: the core namespace, its growth, the whole spec. */
interface LiveResult {
  core: LiveRun;
  growth: { operationsRun: number; requests: number | undefined; wall: Stats }[];
  secondsPerOperation: number | null;
  fixedSeconds: number | null;
  wholeSpec: LiveRun;
}

/** The scaling section: the stages on the spec 4x its size. */
interface Scaling {
  routes: { spec: number; x4: number };
  x1StageSum: number;
  x4StageSum: number;
  ratio: number;
  x4Stages: Record<string, Stats>;
  x4Sizes: Record<string, number | null> | undefined;
}

/** Each section's figures, as results.json holds them (a skipped section is absent). */
interface Items {
  pipeline?: ReturnType<typeof npmBuildTimes>;
  start?: StartFigures;
  sizes?: Record<string, number | null>;
  consumerTypecheck?: Awaited<ReturnType<typeof consumerTypecheck>>;
  linkParse?: Awaited<ReturnType<typeof linkParse>>;
  /** Server -> scenario -> figures. */
  mock?: Record<string, Record<string, Figures>>;
  mockDistinct?: MockDistinct;
  mockStore?: Awaited<ReturnType<typeof benchStore>>;
  mockHostile?: HostileFigures;
  live?: LiveResult | { error: string };
  contract?: Record<string, unknown>;
  scaling?: Scaling;
  har?: Awaited<ReturnType<typeof harBench>>;
  growth?: Growth;
}

/** What results.json holds. */
interface Results {
  machine: { cores: number; node: string; date: string };
  items: Items;
  targets: Target[];
  /** A run that skipped sections: when it ran, what it skipped, the date of the figures it kept. */
  partial?: { measured: string; skipped: string[]; previousDate: string };
}

const results: Results = { machine: { cores: cpus().length, node: process.version, date: new Date().toISOString() }, items: {}, targets: [] };
const target = (name: string, value: number, limit: number, cmp: '<=' | '>=', unit: string): void => {
  const met = cmp === '<=' ? value <= limit : value >= limit;
  results.targets.push({ name, value: round(value, 3), limit, cmp, unit, verdict: met ? 'MET' : 'MISSED' });
  console.log(`${met ? 'MET   ' : 'MISSED'} ${name}: ${round(value, 3)} ${unit} (target ${cmp} ${limit} ${unit})`);
};

// 1 + 6. Pipeline stages, for the spec as it is and for a synthetic spec 4x its size.
const sizeKiB = (p: string): number | null => (existsSync(p) ? round(statSync(p).size / 1024, 1) : null);
const artifactSizes = (out: string): Record<string, number | null> => ({
  'openapi.yaml': sizeKiB(join(out, 'openapi.yaml')),
  'openapi.json': sizeKiB(join(out, 'openapi.json')),
  'types.ts': sizeKiB(join(out, 'types.ts')),
  'docs/index.html': sizeKiB(join(out, 'docs', 'index.html')),
});

/** Every stage run directly (a failing stage does not stop the others: the 4x spec is not lint-clean). */
function pipelineTimes(source: string, label: string): { stages: Record<string, Stats>; total: Stats; sizes: Record<string, number | null> | undefined } {
  const perStage: Record<string, number[]> = {};
  const whole: number[] = [];
  let sizes: Record<string, number | null> | undefined;
  for (let i = 0; i < RUNS; i++) {
    const out = mkdtempSync(join(tmpdir(), `bench-${label}-`));
    const t0 = performance.now();
    for (const st of stages({ source, out })) {
      const r = timeCmd(st.cmd, st.args, { allowFail: label !== 'spec' });
      (perStage[st.name] ??= []).push(r.seconds);
    }
    whole.push((performance.now() - t0) / 1000);
    if (i === RUNS - 1) sizes = artifactSizes(out);
    rmSync(out, { recursive: true, force: true });
  }
  return { stages: Object.fromEntries(Object.entries(perStage).map(([k, v]) => [k, stats(v)])), total: stats(whole), sizes };
}

/** `npm run build` into a temporary folder (generated/ is left alone), RUNS times; stage times from its own log. */
function npmBuildTimes(keep: string): { stages: Record<string, Stats>; stageSum: number; total: Stats } {
  const npm: [string, string[]] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const whole: number[] = [];
  const perStage: Record<string, number[]> = {};
  for (let i = 0; i < RUNS; i++) {
    const out = i === RUNS - 1 ? keep : mkdtempSync(join(tmpdir(), 'bench-build-'));
    const r = timeCmd(npm[0], [...npm[1], 'run', '--silent', 'build', '--', '--out', out]);
    whole.push(r.seconds);
    for (const m of r.stdout.matchAll(/^build: (\S+) ok \((\d+(?:\.\d+)?) s\)$/gm)) (perStage[m[1]] ??= []).push(Number(m[2]));
    if (out !== keep) rmSync(out, { recursive: true, force: true });
  }
  const st = Object.fromEntries(Object.entries(perStage).map(([k, v]) => [k, stats(v)]));
  return { stages: st, stageSum: round(Object.values(st).reduce((a, v) => a + v.median, 0)), total: stats(whole) };
}

/** A copy of openapi/ whose paths map holds every route 4 times (copies get a `/copyN` suffix and renamed operationIds). */
function syntheticSpec(factor = 4) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-x4-'));
  cpSync('openapi', join(dir, 'openapi'), { recursive: true });
  const root = asObject(parseYaml(readFileSync('openapi/openapi.yaml', 'utf8'))) ?? {};
  const paths: Record<string, unknown> = { ...asObject(root.paths) };
  for (let k = 1; k < factor; k++) {
    const copy = join(dir, 'openapi', `paths${k}`);
    cpSync(join('openapi', 'paths'), copy, { recursive: true });
    const walk = (d: string): void =>
      readdirSync(d).forEach((n) => {
        const p = join(d, n);
        if (statSync(p).isDirectory()) {
          walk(p);
          return;
        }
        if (p.endsWith('.yaml')) writeFileSync(p, readFileSync(p, 'utf8').replace(/operationId: (\w+)/g, `operationId: $1Copy${k}`));
      });
    walk(copy);
    for (const [route, item] of Object.entries(asObject(root.paths) ?? {}))
      paths[`${route === '/' ? '' : route}/copy${k}`] = { $ref: String(member(item, '$ref')).replace(/^paths\//, `paths${k}/`) };
  }
  root.paths = paths;
  writeFileSync(join(dir, 'openapi', 'openapi.yaml'), stringifyYaml(root));
  return { dir, source: join(dir, 'openapi', 'openapi.yaml'), routes: Object.keys(paths).length };
}

// 3. A strict consumer's type-check: types.ts.

// 4. The mock under load.
async function load(url: string, init: Partial<autocannon.Options> = {}): Promise<Record<string, number>> {
  const r = await autocannon({ url, connections: 10, duration: DURATION, ...init } as autocannon.Options);
  return { rps: round(r.requests.average, 0), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
}
/** Load the mock served from `bundle` (a folder with openapi.yaml and openapi.json that nothing rewrites during the run). */
async function mockLoad(bundle: string): Promise<Record<string, Record<string, Figures>>> {
  const auth = `Basic ${Buffer.from('admin:abcd efgh ijkl mnop qrst uvwx').toString('base64')}`;
  // The build's own bundle, taken as the core's parseBundle takes one.
  const post = JSON.parse(readFileSync(join(bundle, 'openapi.json'), 'utf8')) as OpenApiDoc;
  const createExample = (() => {
    const rb = deref(post.paths['/core/v2/posts']?.post?.requestBody, post);
    const ex = rb?.content?.['application/json']?.examples;
    const value = ex ? deref(Object.values(ex)[0], post)?.value : undefined;
    return value ?? { title: 'Bench', status: 'draft' };
  })();
  const scenarios: Record<string, { path: string; method?: string; headers?: Record<string, string>; body?: string }> = {
    'GET item': { path: '/core/v2/posts/5' },
    'GET list with array filters': { path: '/core/v2/posts?include=4,5,6&categories=4,5&tags=7,8&author=1,2&per_page=5' },
    'POST JSON with auth': {
      path: '/core/v2/posts',
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(createExample),
    },
  };
  const out: Record<string, Record<string, Figures>> = {};
  // Bare Node http server: the ceiling on this machine.
  const bare = createServer((q, r) => {
    r.setHeader('content-type', 'application/json');
    r.end('{"id":1}');
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  out.bare = { 'GET item': await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/core/v2/posts/1`) };
  bare.close();
  const prism = join('node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const setups: Record<string, (port: number) => Promise<ChildProcess>> = {
    // Prism alone, as `prism mock` starts by default (info-level log of every request, to /dev/null here).
    'Prism, default logging': async (port: number) =>
      spawn(process.execPath, [prism, 'mock', join(bundle, 'openapi.yaml'), '-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' }),
    'npm run mock (project settings)': async (port: number) =>
      spawn(process.execPath, [...frontFlags(), MOCK, '--port', String(port), '--spec', join(bundle, 'openapi.yaml')], { stdio: 'ignore' }),
    // The same without the front's answer memo: what the Prisms themselves sustain.
    'npm run mock -- --no-memo': async (port: number) =>
      spawn(process.execPath, [...frontFlags(), MOCK, '--port', String(port), '--spec', join(bundle, 'openapi.yaml'), '--no-memo'], { stdio: 'ignore' }),
  };
  for (const [name, start] of Object.entries(setups)) {
    if (name.startsWith('npm') && !existsSync(MOCK)) continue;
    const port = await freePort();
    const child = await start(port);
    try {
      await waitForAnswer(`http://127.0.0.1:${port}/core/v2/posts/1`, { timeoutMs: 90_000 });
      out[name] = {};
      for (const [sc, s] of Object.entries(scenarios))
        out[name][sc] = await load(`http://127.0.0.1:${port}${s.path}`, {
          method: (s.method ?? 'GET') as autocannon.Request['method'],
          headers: s.headers,
          body: s.body,
        });
    } finally {
      await stopChild(child, 8000);
    }
  }
  return out;
}

// 5. The live contract run (read-only) against a real site: the core namespace (the target), how
// the wall time grows with the number of operations run (subsets by --operation), and the whole spec.
const SITE_MAP = ['--map', 'core/v2=wp/v2', '--map', 'cal/events/v1=tribe/events/v1', '--map', 'i18n_language=wpml_language'];
function liveRun(bundle: string): LiveResult {
  let base = process.env.WP_BASE_URL;
  const env: Record<string, string> = {};
  if (!base && existsSync('.sandbox/env.json')) {
    const e: unknown = JSON.parse(readFileSync('.sandbox/env.json', 'utf8'));
    base = asString(member(e, 'baseUrl'));
    const user = asString(at(e, 'admin', 'user'));
    const password = asString(at(e, 'admin', 'appPassword'));
    if (user !== undefined) env.WP_USER = user;
    if (password !== undefined) env.WP_APP_PASSWORD = password;
  }
  if (!base) throw new Error('no site: run `npm run sandbox` or set WP_BASE_URL');
  if (!existsSync(CONTRACT)) throw new Error(`${CONTRACT} is missing (npm run build:code)`);
  const once = (
    filter: string[],
  ): { seconds: number; exit: number | null; operations: number; ran: string[]; requests: number | undefined; failed: number } => {
    const out = mkdtempSync(join(tmpdir(), 'bench-live-'));
    try {
      const r = timeCmd(
        process.execPath,
        [CONTRACT, '--base-url', base!, ...SITE_MAP, '--spec', join(bundle, 'openapi.json'), ...filter, '--out', out, '--quiet'],
        { env, allowFail: true },
      );
      const rep: unknown = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      const operations = asArray(member(rep, 'operations')) ?? [];
      const ran = objects(operations).filter((o) => o.verdict === 'passed' || o.verdict === 'failed');
      return {
        seconds: r.seconds,
        exit: r.status,
        operations: operations.length,
        ran: ran.map((o) => String(o.id)),
        requests: asNumber(member(rep, 'requests')),
        failed: asNumber(at(rep, 'summary', 'failed')) ?? 0,
      };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };
  const measure = (filter: string[]): LiveRun => {
    const rs = Array.from({ length: RUNS }, () => once(filter));
    const last = rs[rs.length - 1];
    return {
      wall: stats(rs.map((r) => r.seconds)),
      operations: last.operations,
      ran: last.ran.length,
      requests: last.requests,
      failed: last.failed,
      exit: last.exit,
    };
  };
  const core = measure(['--namespace', 'core/v2']);
  const ids = once(['--namespace', 'core/v2']).ran;
  // Growth: about a third, two thirds and all of the core operations that the site answers.
  const sizes = [...new Set([Math.max(1, Math.round(ids.length / 3)), Math.max(1, Math.round((2 * ids.length) / 3))])].filter((n) => n < ids.length);
  const growth: (LiveRun & { n: number })[] = sizes.map((n) => ({ n, ...measure(ids.slice(0, n).flatMap((id: string) => ['--operation', id])) }));
  growth.push({ n: ids.length, ...core });
  // Least squares over (operations run, median wall time): seconds per operation and fixed cost.
  const xs: number[] = growth.map((g) => g.ran);
  const ys: number[] = growth.map((g) => g.wall.median);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const slope = sxx ? xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / sxx : null;
  const all = measure([]);
  return {
    core,
    growth: growth.map((g) => ({ operationsRun: g.ran, requests: g.requests, wall: g.wall })),
    secondsPerOperation: slope === null ? null : round(slope, 4),
    fixedSeconds: slope === null ? null : round(my - slope * mx, 3),
    wholeSpec: all,
  };
}

/** 4. The mock under load: the project's settings, without the memo, and distinct requests. */
async function mockSection(bundle: string): Promise<void> {
  log(`4. mock under load (${DURATION} s per scenario) ...`);
  const m = (results.items.mock = await mockLoad(bundle));
  const ours = m['npm run mock (project settings)']?.['GET item'];
  if (ours) {
    target('mock GET item throughput / bare node', ours.rps / m.bare['GET item'].rps, 1 / 16, '>=', 'x');
    target('mock GET item p99 latency', ours.p99, 25, '<=', 'ms');
  }
  const raw = m['npm run mock -- --no-memo']?.['GET item'];
  if (raw) {
    target('mock GET item throughput / bare node, without the answer memo', raw.rps / m.bare['GET item'].rps, 1 / 16, '>=', 'x');
    target('mock GET item p99 latency, without the answer memo', raw.p99, 25, '<=', 'ms');
  }
  const d = (results.items.mockDistinct = await benchMockDistinct({ bundleDir: bundle, duration: DURATION, log }));
  Object.assign(m, {
    'npm run mock, distinct requests (bench/mock.ts)': {
      [`${d.mix.operations} GET operations, bare node`]: d.bare,
      'every request new': d.distinct,
      'the same mix repeated': d.repeated,
    },
  });
  target('mock distinct requests throughput / bare node', d.ratio, 1 / 20, '>=', 'x');
  target('mock distinct requests p99 latency', d.distinct.p99, 20, '<=', 'ms');
  target('mock total memory (front + every Prism, peak under load)', d.memoryPeakMb, 400, '<=', 'MB');
  const s = (results.items.mockStore = await benchStore({ bundleDir: bundle, duration: DURATION, log }));
  Object.assign(m, { 'npm run mock, store-backed routes (bench/store.ts)': { 'bare node': s.bare, 'distinct reads': s.reads, writes: s.writes } });
  target('mock store-backed distinct reads throughput / bare node', s.readRatio, 1 / 8, '>=', 'x');
  target('mock store-backed distinct reads p99 latency', s.reads.p99, 10, '<=', 'ms');
  target('mock store-backed writes throughput / bare node', s.writeRatio, 1 / 20, '>=', 'x');
  target('mock total memory under the store load (front + every Prism, peak)', s.memoryPeakMb, 400, '<=', 'MB');
  const h = (results.items.mockHostile = await benchHostile({ bundleDir: bundle, log }));
  target('mock total memory under slow clients (front + every Prism, peak)', h.slowClients.peakMb, 400, '<=', 'MB');
  target("mock's open descriptors after the slow clients, above the baseline", h.slowClients.fdsAfter - h.slowClients.fdsBaseline, 2, '<=', '');
  target('mock total memory under a filling store of 7 MB posts (front + every Prism, peak)', h.fillingStore.peakMb, 400, '<=', 'MB');
}

/** 1b. The first minute: the mock's start against a bare Node server's, and a warm `npm run mock`. */
async function startSection(): Promise<void> {
  log(`1b. start: the mock to listening, first store answer, first Prism answer x${RUNS} ...`);
  const s = (results.items.start = await startBench({ runs: RUNS, log }));
  target('mock process: start to listening', s.mockListening.median, 1, '<=', 's');
  target('mock process: start to first store answer', s.mockFirstStore.median, 1, '<=', 's');
  target('npm run mock (warm checkout): start to first store answer', s.npmMockFirstStore.median, 2, '<=', 's');
  target('npm run mock -- --help (warm checkout)', s.npmMockHelp.median, 2, '<=', 's');
}

/**
 * Write results.json and results.md. A run that skipped sections keeps the previous run's figures
 * and targets of those (a target this run measured replaces the previous one of the same name, its
 * run's own figures in parentheses aside: bench/targets.ts).
 */
function writeResults(): void {
  let previous: Results | null = null;
  try {
    previous = SKIP.size ? (JSON.parse(readFileSync('bench/results.json', 'utf8')) as Results) : null;
  } catch {
    previous = null;
  }
  if (previous) {
    results.targets = mergeTargets(previous.targets, results.targets);
    results.items = { ...previous.items, ...results.items };
    results.partial = { measured: new Date().toISOString(), skipped: [...SKIP], previousDate: previous.machine.date };
  }
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync('bench/results.md', markdown(results));
}

/** 6. Scaling: every stage on a synthetic spec 4x the size, against the spec as it is. */
function scalingSection(): void {
  log(`6. scaling: 4x synthetic spec, every stage x${RUNS} ...`);
  const syn = syntheticSpec(4);
  try {
    const x4 = pipelineTimes(syn.source, 'x4');
    const x4Sum = round(Object.values(x4.stages).reduce((a, v) => a + v.median, 0));
    const x1 = results.items.pipeline ?? npmBuildTimes(mkdtempSync(join(tmpdir(), 'bench-build-')));
    results.items.scaling = {
      routes: { spec: Object.keys(asObject(member(parseYaml(readFileSync('openapi/openapi.yaml', 'utf8')), 'paths')) ?? {}).length, x4: syn.routes },
      x1StageSum: x1.stageSum,
      x4StageSum: x4Sum,
      ratio: round(x4Sum / x1.stageSum, 2),
      x4Stages: x4.stages,
      x4Sizes: x4.sizes,
    };
  } finally {
    rmSync(syn.dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  mkdirSync('bench', { recursive: true });
  // One fresh build of the spec as it is (the last `npm run build` run): sizes, the mock and the
  // live run use it, so a concurrent rebuild of generated/ cannot change what is measured.
  const bundle = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    if (!SKIP.has('pipeline')) {
      log(`1. pipeline: npm run build x${RUNS} ...`);
      results.items.pipeline = npmBuildTimes(bundle);
      target('whole build (npm run build)', results.items.pipeline.total.median, 15, '<=', 's');
    } else timeCmd(process.execPath, [join('dist', 'scripts', 'build.js'), '--out', bundle]);

    if (!SKIP.has('start')) await startSection();

    log('2. artifact sizes ...');
    results.items.sizes = artifactSizes(bundle);
    target('docs HTML size', (results.items.sizes['docs/index.html'] ?? 0) / 1024, 4, '<=', 'MB');

    if (!SKIP.has('types')) {
      log('3. consumer type-check ...');
      const c = (results.items.consumerTypecheck = await consumerTypecheck({ runs: Math.max(RUNS, 5) }));
      target('consumer type-check, typed client (source import) / plain fetch', c.ratio, 1.5, '<=', 'x');
      target('consumer type-check, typed client (published .d.ts) / plain fetch', c.publishedRatio, 1.3, '<=', 'x');
    }
    if (!SKIP.has('link')) {
      log('3b. client Link header parsing, 128 KiB to 1 MiB hostile headers ...');
      const l = (results.items.linkParse = await linkParse({ runs: Math.max(RUNS, 9) }));
      target('client Link parsing: growth exponent over hostile headers (1 = linear, 2 = quadratic)', l.worstSlope, 1.5, '<=', '');
    }
    if (!SKIP.has('mock')) await mockSection(bundle);
    if (!SKIP.has('live')) {
      log('5. live contract run ...');
      try {
        const l = (results.items.live = liveRun(bundle));
        target(
          `read-only live run of all core GET operations (${l.core.ran} run, ${l.core.operations - l.core.ran} skipped)`,
          l.core.wall.median,
          30,
          '<=',
          's',
        );
      } catch (err) {
        const e = err as Error;
        results.items.live = { error: e.message };
        target(`read-only live run of all core GET operations (not measured: ${e.message})`, Infinity, 30, '<=', 's');
      }
    }
    if (!SKIP.has('contract')) {
      log('8. contract CLI against hostile sites ...');
      results.items.contract = await contractBench({ target, log });
    }
  } finally {
    rmSync(bundle, { recursive: true, force: true });
  }

  if (!SKIP.has('scaling')) scalingSection();
  if (!SKIP.has('har')) {
    log('9. validate-har on a ~50 MB HAR (bench/har.ts) ...');
    const h = (results.items.har = await harBench({ runs: RUNS }));
    target(`validate-har --strict, ${h.sizeMB} MB HAR (${h.entries} entries): peak RSS`, h.peakRssMB, 300, '<=', 'MB');
    target(`validate-har --strict, ${h.sizeMB} MB HAR: wall time`, h.seconds.median, 60, '<=', 's');
  }
  if (!SKIP.has('growth')) {
    log('10. contract and validate-har on lists of 5,000 to 20,000 invalid items ...');
    const g = (results.items.growth = await growthBench({ runs: RUNS }));
    for (const [name, x] of Object.entries(g)) {
      target(`${name}: 20,000 invalid list items, validation time`, x.ms[20000].median / 1000, 5, '<=', 's');
      target(`${name}: growth exponent over 5,000-20,000 invalid items (1 = linear, 2 = quadratic)`, x.exponent, 1.3, '<=', '');
    }
  }
  writeResults();
  log('wrote bench/results.json and bench/results.md');
  const missed = results.targets.filter((t) => t.verdict === 'MISSED').length;
  log(`${results.targets.length - missed} targets MET, ${missed} MISSED`);
}

function markdown(r: Results): string {
  const f = (s: Stats | undefined): string => (s ? `${round(s.median)} (${round(s.min)}–${round(s.max)})` : 'n/a');
  const lines = [
    `# Benchmark results`,
    '',
    `Machine: ${r.machine.cores} cores, Node ${r.machine.node}; ${r.machine.date}. Figures: median (min–max) of ${RUNS} runs. Written by \`npm run bench\` (bench/main.ts).`,
    '',
  ];
  if (r.partial)
    lines.push(
      `Partial run (${r.partial.measured}): sections ${r.partial.skipped.join(', ')} were skipped; their figures are carried over from results.json as it was (written ${r.partial.previousDate}, itself possibly carrying older ones).`,
      '',
    );
  lines.push('## Targets', '', '| target | value | limit | verdict |', '|---|---|---|---|');
  for (const t of r.targets) lines.push(`| ${t.name} | ${t.value} ${t.unit} | ${t.cmp} ${t.limit} ${t.unit} | ${t.verdict} |`);
  const p = r.items.pipeline;
  const x4 = r.items.scaling;
  if (p) {
    lines.push(
      '',
      '## 1. Pipeline (seconds; stage times from the build log, 0.1 s resolution)',
      '',
      `| stage | spec as it is |${x4 ? ' 4x synthetic spec |' : ''}`,
      `|---|---|${x4 ? '---|' : ''}`,
    );
    for (const [k, v] of Object.entries<Stats>(p.stages)) lines.push(`| ${k} | ${f(v)} |${x4 ? ` ${f(x4.x4Stages[k])} |` : ''}`);
    lines.push(`| sum of stage medians | ${p.stageSum} |${x4 ? ` ${x4.x4StageSum} |` : ''}`, `| \`npm run build\` (wall) | ${f(p.total)} |${x4 ? ' |' : ''}`);
  }
  lines.push('', '## 2. Artifacts (KiB)', '', `| file | spec as it is |${x4 ? ' 4x synthetic spec |' : ''}`, `|---|---|${x4 ? '---|' : ''}`);
  for (const [k, v] of Object.entries(r.items.sizes ?? {})) lines.push(`| ${k} | ${v} |${x4 ? ` ${x4.x4Sizes?.[k] ?? 'n/a'} |` : ''}`);
  if (r.items.consumerTypecheck) {
    const c = r.items.consumerTypecheck;
    lines.push(
      '',
      '## 3. Consumer type-check (`tsc --noEmit`, seconds)',
      '',
      '| consumer (bench/consumer/) | time | / plain |',
      '|---|---|---|',
      `| typed client, 20 operations, importing ../../src/index.ts | ${f(c.client)} | ${c.ratio} |`,
      `| the same file against the published declarations (dist/**/*.d.ts) | ${f(c.published)} | ${c.publishedRatio} |`,
      `| plain fetch + hand-written types, same 20 calls | ${f(c.plain)} | 1 |`,
    );
    if (c.unchecked) {
      lines.push(
        `| diagnostic, not a target: the source import with src/ unchecked (\`// @ts-nocheck\` on a temporary copy) | ${f(c.unchecked)} | ${c.uncheckedRatio} |`,
        '',
        `Checking the hand-written src/ costs the source import ${round(c.ratio - c.uncheckedRatio, 3)}x of the plain consumer's time (DECISIONS D111).`,
      );
    }
  }
  if (r.items.linkParse) {
    lines.push(
      '',
      '## 7. Client `Link` parsing (src/link.ts, hostile headers 128 KiB to 1 MiB)',
      '',
      '| pattern | growth exponent | ms at 1 MiB |',
      '|---|---|---|',
    );
    for (const [k, v] of Object.entries(r.items.linkParse.perPattern)) lines.push(`| ${k} | ${v.slope} | ${v.msAt1MiB} |`);
  }
  if (r.items.mock) {
    lines.push(
      '',
      `## 4. Mock under load (autocannon, 10 connections, ${DURATION} s each)`,
      '',
      '| server | scenario | req/s | p50 ms | p99 ms | non-2xx | errors |',
      '|---|---|---|---|---|---|---|',
    );
    for (const [srv, scs] of Object.entries(r.items.mock))
      for (const [sc, v] of Object.entries(scs)) lines.push(`| ${srv} | ${sc} | ${v.rps} | ${v.p50} | ${v.p99} | ${v.non2xx} | ${v.errors} |`);
  }
  lines.push(...markdownTail(r, x4, f));
  return `${lines.join('\n')}\n`;
}

/** The markdown's last sections: the live contract run, the scaling and the large HAR. */
function markdownTail(r: Results, x4: Scaling | undefined, f: (s: Stats | undefined) => string): string[] {
  const lines: string[] = [];
  if (r.items.live) {
    const l = r.items.live;
    lines.push('', '## 5. Live contract run (read-only)', '');
    if ('error' in l) lines.push(`Not measured: ${l.error}`);
    else {
      lines.push('| run | operations run | requests | wall time s |', '|---|---|---|---|');
      for (const g of l.growth)
        lines.push(`| core/v2${g.operationsRun === l.core.ran ? ' (all)' : ' subset'} | ${g.operationsRun} | ${g.requests} | ${f(g.wall)} |`);
      lines.push(
        `| whole spec (${l.wholeSpec.operations} operations; the rest skipped or not on the site) | ${l.wholeSpec.ran} | ${l.wholeSpec.requests} | ${f(l.wholeSpec.wall)} |`,
      );
      lines.push(
        '',
        `Growth (least squares over the core runs): ${l.secondsPerOperation} s per operation run, ${l.fixedSeconds} s fixed (start-up, spec load, drift report).`,
      );
    }
  }
  if (x4)
    lines.push(
      '',
      '## 6. Scaling',
      '',
      '| spec | routes | sum of stage medians s |',
      '|---|---|---|',
      `| as it is | ${x4.routes.spec} | ${x4.x1StageSum} |`,
      `| 4x synthetic | ${x4.routes.x4} | ${x4.x4StageSum} |`,
      '',
      `Ratio 4x / 1x: ${x4.ratio}.`,
    );
  if (r.items.har)
    lines.push(
      '',
      '## 7. validate-har on a large HAR',
      '',
      `${r.items.har.sizeMB} MB, ${r.items.har.entries} entries, --strict: ${f(r.items.har.seconds)} s, peak RSS ${r.items.har.peakRssMB} MB (the same command on an empty HAR: ${r.items.har.emptyHar.peakRssMB} MB). Read one entry at a time (cli/lib/har-reader.ts).`,
    );
  const st = r.items.start;
  if (st)
    lines.push(
      '',
      '## 8. The first minute (seconds from the process start; bench/start.ts)',
      '',
      '| figure | seconds | / bare node to listening |',
      '|---|---|---|',
      `| bare Node HTTP server: to listening | ${f(st.bareListening)} | 1 |`,
      `| mock process: to listening | ${f(st.mockListening)} | ${st.ratios.listening} x |`,
      `| mock process: to the first store answer (\`${'GET /core/v2/posts'}\`) | ${f(st.mockFirstStore)} | ${st.ratios.firstStore} x |`,
      `| mock process: to the first Prism answer (\`${'GET /oembed/1.0'}\`) | ${f(st.mockFirstPrism)} | ${st.ratios.firstPrism} x |`,
      `| \`npm run mock\`, warm checkout: to the first store answer | ${f(st.npmMockFirstStore)} | |`,
      `| \`npm run mock -- --help\`, warm checkout | ${f(st.npmMockHelp)} | |`,
    );
  return lines;
}

main().catch((e) => {
  console.error(`bench: ${e.message}`);
  process.exit(1);
});
