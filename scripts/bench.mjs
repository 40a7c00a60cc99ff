#!/usr/bin/env node
// Benchmarks (`npm run bench`): how fast the pipeline, the types, the mock and the live contract run
// are, and how they grow. Every figure is the median of several runs with min and max. Writes
// bench/results.json and bench/results.md and prints each target as MET or MISSED.
//   node scripts/bench.mjs [--runs 3] [--duration 5] [--skip live,mock,...]
// Item 5 (live contract run) needs a real site: the sandbox (.sandbox/env.json) or WP_BASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as netServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { stages } from './pipeline.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const RUNS = Math.max(1, Math.min(10, Number(opt('runs', 3))));
const DURATION = Math.max(1, Math.min(30, Number(opt('duration', 5))));
const SKIP = new Set(String(opt('skip', '')).split(',').filter(Boolean));
const log = (...m) => console.error('bench:', ...m);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, min: s[0], max: s[s.length - 1], runs: s.length };
};
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function timeCmd(cmd, argv, { cwd = process.cwd(), allowFail = false, env } = {}) {
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0 && !allowFail) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return { seconds: s, status: r.status };
}

const results = { machine: { cores: cpus().length, node: process.version, date: new Date().toISOString() }, items: {}, targets: [] };
const target = (name, value, limit, cmp, unit) => {
  const met = cmp === '<=' ? value <= limit : value >= limit;
  results.targets.push({ name, value: round(value, 3), limit, cmp, unit, verdict: met ? 'MET' : 'MISSED' });
  console.log(`${met ? 'MET   ' : 'MISSED'} ${name}: ${round(value, 3)} ${unit} (target ${cmp} ${limit} ${unit})`);
};

// 1 + 6. Pipeline stages, for the spec as it is and for a synthetic spec 4x its size.
function pipelineTimes(source, label) {
  const perStage = {};
  const whole = [];
  for (let i = 0; i < RUNS; i++) {
    const out = mkdtempSync(join(tmpdir(), `bench-${label}-`));
    const t0 = performance.now();
    for (const st of stages({ source, out })) {
      const r = timeCmd(st.cmd, st.args, { allowFail: label !== 'spec' });
      (perStage[st.name] ??= []).push(r.seconds);
    }
    whole.push((performance.now() - t0) / 1000);
    rmSync(out, { recursive: true, force: true });
  }
  return { stages: Object.fromEntries(Object.entries(perStage).map(([k, v]) => [k, stats(v)])), total: stats(whole) };
}

function npmBuildTimes() {
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const out = mkdtempSync(join(tmpdir(), 'bench-build-'));
    xs.push(timeCmd(process.execPath, ['scripts/build.mjs', '--out', out]).seconds);
    rmSync(out, { recursive: true, force: true });
  }
  return stats(xs);
}

/** A copy of openapi/ whose paths map holds every route 4 times (copies get a `/copyN` suffix and renamed operationIds). */
function syntheticSpec(factor = 4) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-x4-'));
  cpSync('openapi', join(dir, 'openapi'), { recursive: true });
  const root = parseYaml(readFileSync('openapi/openapi.yaml', 'utf8'));
  const paths = { ...root.paths };
  for (let k = 1; k < factor; k++) {
    const copy = join(dir, 'openapi', `paths${k}`);
    cpSync(join('openapi', 'paths'), copy, { recursive: true });
    const walk = (d) => readdirSync(d).forEach((n) => {
      const p = join(d, n);
      if (statSync(p).isDirectory()) return walk(p);
      if (p.endsWith('.yaml')) writeFileSync(p, readFileSync(p, 'utf8').replace(/operationId: (\w+)/g, `operationId: $1Copy${k}`));
    });
    walk(copy);
    for (const [route, item] of Object.entries(root.paths)) paths[`${route === '/' ? '' : route}/copy${k}`] = { $ref: item.$ref.replace(/^paths\//, `paths${k}/`) };
  }
  root.paths = paths;
  writeFileSync(join(dir, 'openapi', 'openapi.yaml'), stringifyYaml(root));
  return { dir, source: join(dir, 'openapi', 'openapi.yaml'), routes: Object.keys(paths).length };
}

// 2. Artifact sizes.
function sizes() {
  const kb = (p) => (existsSync(p) ? round(statSync(p).size / 1024, 1) : null);
  return { 'generated/openapi.yaml': kb('generated/openapi.yaml'), 'generated/openapi.json': kb('generated/openapi.json'), 'generated/types.ts': kb('generated/types.ts'), 'generated/docs/index.html': kb('generated/docs/index.html') };
}

// 3. A strict consumer's type-check through the typed client vs. plain fetch with hand-written types.
function consumerTypecheck() {
  const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
  const run = (project) => stats(Array.from({ length: RUNS }, () => timeCmd(process.execPath, [tsc, '--noEmit', '-p', project]).seconds));
  const client = run('bench/consumer/tsconfig.client.json');
  const plain = run('bench/consumer/tsconfig.plain.json');
  return { client, plain, ratio: round(client.median / plain.median, 3) };
}

// 4. The mock under load.
const freePort = () => new Promise((res) => { const s = netServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
async function waitFor(url, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) { try { await fetch(url); return; } catch { await new Promise((r) => setTimeout(r, 150)); } }
  throw new Error(`no answer from ${url} within ${ms} ms`);
}
function stop(child) {
  return new Promise((res) => { if (child.exitCode !== null) return res(); child.once('exit', res); child.kill('SIGTERM'); setTimeout(() => { if (child.exitCode === null) child.kill('SIGKILL'); }, 3000); });
}
async function load(url, init = {}) {
  const r = await autocannon({ url, connections: 10, duration: DURATION, ...init });
  return { rps: round(r.requests.average, 0), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}
async function mockLoad() {
  const auth = `Basic ${Buffer.from('admin:abcd efgh ijkl mnop qrst uvwx').toString('base64')}`;
  const post = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
  const createExample = (() => {
    const media = post.paths['/core/v2/posts']?.post?.requestBody;
    const rb = media?.$ref ? media.$ref.split('/').reduce((o, k) => (k === '#' ? post : o[k]), post) : media;
    const ex = rb?.content?.['application/json']?.examples;
    const first = ex && Object.values(ex)[0];
    const value = first?.$ref ? first.$ref.split('/').reduce((o, k) => (k === '#' ? post : o[k]), post).value : first?.value;
    return value ?? { title: 'Bench', status: 'draft' };
  })();
  const scenarios = {
    'GET item': { path: '/core/v2/posts/1' },
    'GET list with array filters': { path: '/core/v2/posts?include=1,2,3&categories=4,5&per_page=5' },
    'POST JSON with auth': { path: '/core/v2/posts', method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(createExample) },
  };
  const out = {};
  // Bare Node http server: the ceiling on this machine.
  const bare = createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end('{"id":1}'); });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  out.bare = { 'GET item': await load(`http://127.0.0.1:${bare.address().port}/core/v2/posts/1`) };
  bare.close();
  const prism = join('node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const setups = {
    'Prism, default logging': async (port) => spawn(process.execPath, [prism, 'mock', 'generated/openapi.yaml', '-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' }),
    'npm run mock (project settings)': async (port) => spawn(process.execPath, ['scripts/mock.mjs', '--port', String(port)], { stdio: 'ignore' }),
  };
  for (const [name, start] of Object.entries(setups)) {
    if (name.startsWith('npm') && !existsSync('scripts/mock.mjs')) continue;
    const port = await freePort();
    const child = await start(port);
    try {
      await waitFor(`http://127.0.0.1:${port}/core/v2/posts/1`);
      out[name] = {};
      for (const [sc, s] of Object.entries(scenarios)) out[name][sc] = await load(`http://127.0.0.1:${port}${s.path}`, { method: s.method ?? 'GET', headers: s.headers, body: s.body });
    } finally { await stop(child); }
  }
  return out;
}

// 5. The live contract run (read-only) against a real site.
function liveRun() {
  let base = process.env.WP_BASE_URL;
  const env = {};
  if (!base && existsSync('.sandbox/env.json')) {
    const e = JSON.parse(readFileSync('.sandbox/env.json', 'utf8'));
    base = e.baseUrl; env.WP_USER = e.admin.user; env.WP_APP_PASSWORD = e.admin.appPassword;
  }
  if (!base) throw new Error('no site: run `npm run sandbox` or set WP_BASE_URL');
  if (!existsSync('cli/contract.mjs')) throw new Error('cli/contract.mjs is missing');
  const runs = [];
  const ops = [];
  for (let i = 0; i < RUNS; i++) {
    const out = mkdtempSync(join(tmpdir(), 'bench-live-'));
    const r = timeCmd(process.execPath, ['cli/contract.mjs', '--base-url', base, '--map', 'core/v2=wp/v2', '--namespace', 'core/v2', '--out', out], { env, allowFail: true });
    runs.push(r.seconds);
    try { const rep = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')); ops.push(rep.operations?.length ?? rep.summary?.operations ?? 0); } catch { ops.push(0); }
    rmSync(out, { recursive: true, force: true });
  }
  const s = stats(runs);
  const n = Math.max(...ops);
  return { wall: s, operations: n, secondsPerOperation: n ? round(s.median / n, 4) : null };
}

async function main() {
  mkdirSync('bench', { recursive: true });
  if (!existsSync('generated/openapi.yaml')) throw new Error('generated/ is missing: run `npm run build` first');

  if (!SKIP.has('pipeline')) {
    log('1. pipeline stages ...');
    results.items.pipeline = pipelineTimes('openapi/openapi.yaml', 'spec');
    results.items.pipeline.npmRunBuild = npmBuildTimes();
    target('whole build (npm run build)', results.items.pipeline.npmRunBuild.median, 15, '<=', 's');
  }
  log('2. artifact sizes ...');
  results.items.sizes = sizes();
  target('docs HTML size', results.items.sizes['generated/docs/index.html'] / 1024, 4, '<=', 'MB');
  if (!SKIP.has('types')) {
    log('3. consumer type-check ...');
    results.items.consumerTypecheck = consumerTypecheck();
    target('consumer type-check, typed client / plain fetch', results.items.consumerTypecheck.ratio, 1.5, '<=', 'x');
  }
  if (!SKIP.has('mock')) {
    log('4. mock under load ...');
    const m = await mockLoad();
    results.items.mock = m;
    const ours = m['npm run mock (project settings)']?.['GET item'];
    if (ours) {
      target('mock GET item throughput / bare node', ours.rps / m.bare['GET item'].rps, 1 / 16, '>=', 'x');
      target('mock GET item p99 latency', ours.p99, 25, '<=', 'ms');
    }
  }
  if (!SKIP.has('live')) {
    log('5. live contract run ...');
    try {
      results.items.live = liveRun();
      target('read-only live run of the core namespace', results.items.live.wall.median, 30, '<=', 's');
    } catch (e) { results.items.live = { error: e.message }; target('read-only live run of the core namespace (not measured)', Infinity, 30, '<=', 's'); }
  }
  if (!SKIP.has('scaling')) {
    log('6. scaling: 4x synthetic spec ...');
    const syn = syntheticSpec(4);
    try {
      const x4 = pipelineTimes(syn.source, 'x4');
      const x1 = results.items.pipeline ?? pipelineTimes('openapi/openapi.yaml', 'spec');
      results.items.scaling = { routes: { spec: Object.keys(parseYaml(readFileSync('openapi/openapi.yaml', 'utf8')).paths).length, x4: syn.routes }, x1: x1.total, x4: x4.total, ratio: round(x4.total.median / x1.total.median, 2), x4Stages: x4.stages };
    } finally { rmSync(syn.dir, { recursive: true, force: true }); }
  }
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync('bench/results.md', markdown(results));
  log('wrote bench/results.json and bench/results.md');
}

function markdown(r) {
  const f = (s) => (s ? `${round(s.median)} (${round(s.min)}–${round(s.max)})` : 'n/a');
  const lines = [`# Benchmark results`, '', `Machine: ${r.machine.cores} cores, Node ${r.machine.node}; ${r.machine.date}. Figures: median (min–max) of ${RUNS} runs.`, ''];
  lines.push('## Targets', '', '| target | value | limit | verdict |', '|---|---|---|---|');
  for (const t of r.targets) lines.push(`| ${t.name} | ${t.value} ${t.unit} | ${t.cmp} ${t.limit} ${t.unit} | ${t.verdict} |`);
  if (r.items.pipeline) {
    lines.push('', '## 1. Pipeline (seconds)', '', '| stage | time |', '|---|---|');
    for (const [k, v] of Object.entries(r.items.pipeline.stages)) lines.push(`| ${k} | ${f(v)} |`);
    lines.push(`| all stages | ${f(r.items.pipeline.total)} |`, `| \`npm run build\` | ${f(r.items.pipeline.npmRunBuild)} |`);
  }
  lines.push('', '## 2. Artifacts (KiB)', '', '| file | size |', '|---|---|');
  for (const [k, v] of Object.entries(r.items.sizes ?? {})) lines.push(`| ${k} | ${v} |`);
  if (r.items.consumerTypecheck) {
    const c = r.items.consumerTypecheck;
    lines.push('', '## 3. Consumer type-check (seconds)', '', '| consumer | time |', '|---|---|', `| typed client, 20 operations | ${f(c.client)} |`, `| plain fetch + hand-written types, same 20 | ${f(c.plain)} |`, `| ratio | ${c.ratio} |`);
  }
  if (r.items.mock) {
    lines.push('', `## 4. Mock under load (10 connections, ${DURATION} s each)`, '', '| server | scenario | req/s | p50 ms | p99 ms | non-2xx |', '|---|---|---|---|---|---|');
    for (const [srv, scs] of Object.entries(r.items.mock)) for (const [sc, v] of Object.entries(scs)) lines.push(`| ${srv} | ${sc} | ${v.rps} | ${v.p50} | ${v.p99} | ${v.non2xx} |`);
  }
  if (r.items.live) {
    const l = r.items.live;
    lines.push('', '## 5. Live contract run (read-only, core namespace)', '', l.error ? `Not measured: ${l.error}` : `| wall time s | operations | s per operation |\n|---|---|---|\n| ${f(l.wall)} | ${l.operations} | ${l.secondsPerOperation} |`);
  }
  if (r.items.scaling) {
    const s = r.items.scaling;
    lines.push('', '## 6. Scaling', '', '| spec | routes | all stages s |', '|---|---|---|', `| as it is | ${s.routes.spec} | ${f(s.x1)} |`, `| 4x synthetic | ${s.routes.x4} | ${f(s.x4)} |`, '', `Ratio 4x / 1x: ${s.ratio}.`);
  }
  return `${lines.join('\n')}\n`;
}

main().catch((e) => { console.error(`bench: ${e.message}`); process.exit(1); });
