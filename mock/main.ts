#!/usr/bin/env node
// Serve the bundled spec as a mock that answers as the platform does.
// Usage (also --help): node dist/mock/main.js [--port 4010] [--spec generated/openapi.yaml] [--errors] [--verbose] [--no-memo] [--body-timeout 10000]
//   --port / MOCK_PORT   the mock's port on 127.0.0.1 (default 4010; 0 picks a free one)
//   --spec               the bundle to serve (default generated/openapi.yaml)
//   --errors             Prism's --errors: an example that breaks its schema answers 500 (tests use it)
//   --verbose            Prism logs warnings (default: errors only) and its `sl-violations` header is kept
//   --body-timeout       how long (ms) a request body may take to arrive (default 10000), then 408
//   --no-memo            ask Prism every time (default: the front replays its answer to a request
//                        it has already forwarded, since Prism's static answers depend only on it)
// Prism (static examples, request validation) runs behind a small front (front.ts)
// that rewrites Prism's answers into the platform's where they differ. One Prism per group of
// namespaces (groups.ts), each on its own internal loopback port serving only its
// group's paths; the front sends each request to its route's Prism.
// Prints "mock: listening on http://127.0.0.1:<port> (prism pids <pid>,<pid>,...; ...)" once every
// Prism answers. A Prism that exits is started again on its port (its requests in flight answer
// 500 internal_server_error; later ones wait for it), printing "mock: Prism of group <g> restarted
// (pid <pid>)"; more than MAX_RESTARTS within a minute stop the mock. SIGINT / SIGTERM stop every
// Prism (by PID) and the front.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parse } from 'yaml';
import { performance } from 'node:perf_hooks';
import { MOCK_HELP, parseMockArgs, type MockOptions } from './args.ts';
import { createFront } from './front.ts';
import { AnswerMemo } from './memo.ts';
import type { Upstream } from './proxy.ts';
import { createStoreHost, stateOf, type StoreHost } from './store/host.ts';
import { GROUPS, groupDocs, groupOf, type GroupDoc } from './groups.ts';
import { freePort, spawnPrism, stopChild, waitForHttp } from './prism.ts';
import type { OpenApiDoc } from '../core/spec.ts';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

let opts: MockOptions;
try {
  opts = parseMockArgs(process.argv.slice(2), process.env);
} catch (e) {
  console.error(`mock: ${message(e)}`);
  process.exit(2);
}
if (opts.help) {
  console.log(MOCK_HELP);
  process.exit(0);
}
const port = Number(opts.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`mock: bad port ${opts.port}`);
  process.exit(2);
}
const bodyTimeoutMs = Number(opts.bodyTimeout);
if (!Number.isInteger(bodyTimeoutMs) || bodyTimeoutMs < 100 || bodyTimeoutMs > 600_000) {
  console.error(`mock: bad --body-timeout ${opts.bodyTimeout} (100-600000 ms)`);
  process.exit(2);
}
const MAX_RESTARTS = 10;

// Serve a snapshot of the spec: Prism watches its document and restarts (closing its port for a
// while) whenever the file changes, e.g. when a build rewrites generated/ under a running mock. The
// front reads the spec once; each Prism reads its group's document (the same root document, paths
// filtered to the group, components pruned to what they reach), written once into a temporary
// folder that nothing rewrites. Restart the mock to serve a new build.
const t0 = performance.now();
// The build writes the same bundle as JSON next to the YAML: JSON parses faster and leaves far
// less garbage in the front's heap (~40 MB less resident memory).
let doc: OpenApiDoc;
const asJson = opts.spec.replace(/\.ya?ml$/i, '.json');
try {
  const parsed: unknown =
    asJson !== opts.spec && existsSync(asJson) && statSync(asJson).mtimeMs >= statSync(opts.spec).mtimeMs - 60_000
      ? JSON.parse(readFileSync(asJson, 'utf8'))
      : parse(readFileSync(opts.spec, 'utf8'), { maxAliasCount: -1 });
  // The project's bundle (the build lints it), taken as the core's parseBundle takes one.
  doc = parsed as OpenApiDoc;
} catch (e) {
  console.error(`mock: cannot read ${opts.spec}: ${message(e)} (run \`npm run build\` first)`);
  process.exit(1);
}
const snapshotDir = mkdtempSync(join(tmpdir(), 'mock-spec-'));
const removeSnapshot = () => rmSync(snapshotDir, { recursive: true, force: true });

/** One group's Prism: its document, port, child process and the target the front asks. */
interface Group extends GroupDoc {
  spec: string;
  port: number;
  child?: ChildProcess;
  target?: Upstream;
}

const groups: Group[] = [];
for (const g of groupDocs(doc)) {
  const spec = join(snapshotDir, `group-${g.name}.json`);
  writeFileSync(spec, JSON.stringify(g.doc));
  groups.push({ ...g, spec, port: await freePort() });
}
// Start them all at once (in parallel); each is a direct child, stopped by its PID.
const prismOptions = { errors: opts.errors, verbose: opts.verbose ? 'warn' : 'error' };
const byName = new Map(groups.map((g) => [g.name, g]));
// An unmatched request (HEAD / OPTIONS of an unknown path) goes to the first group's Prism.
const fallback = byName.get(GROUPS.find((x) => byName.has(x.name))?.name ?? '')!;
// The store (issue 25): the store-backed routes answer from it unless --static; a bad --seed file or
// --now date is a usage error, said before anything starts.
const stateOpts = opts;
let storeHost: StoreHost | null = null;
if (!stateOpts.static) {
  try {
    storeHost = createStoreHost(doc, { seedFile: stateOpts.seed, now: stateOpts.now });
  } catch (e) {
    console.error(`mock: ${message(e)}`);
    removeSnapshot();
    process.exit(2);
  }
}
const front = createFront({
  doc,
  store: storeHost,
  upstream: (template) => ((template !== undefined && byName.get(groupOf(template))) || fallback).target!,
  memo: opts.memo ? new AnswerMemo() : null,
  verbose: opts.verbose,
  bodyTimeoutMs,
});
// Prism's own request log (violations at "error" level) is noise here: keep only other lines.
const relay = (stream: Readable, out: Writable, name: string): void => {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = (lines.pop() ?? '').slice(-65536);
    for (const line of lines) if (opts.verbose || !/\[(VALIDATOR|NEGOTIATOR|HTTP SERVER)\]/.test(line)) out.write(`prism[${name}]: ${line}\n`);
  });
};

let stopping = false;
const restarts: number[] = [];
/** Start (or start again) the Prism of group `g` on its port; `g.target.ready` settles when it answers. */
function startPrism(g: Group): Promise<void> {
  const child = spawnPrism({ spec: g.spec, port: g.port, ...prismOptions });
  g.child = child;
  relay(child.stdout!, process.stdout, g.name);
  relay(child.stderr!, process.stderr, g.name);
  const ready: Promise<void> = waitForHttp(g.port, { child }).then(() => {
    if (g.target?.ready === ready) g.target.ready = null;
  });
  ready.catch(() => {});
  const target: Upstream = { host: '127.0.0.1', port: g.port, ready };
  g.target = target;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      console.error(`mock: Prism of group ${g.name} exited (${signal ?? code}); ${restarts.length} restarts within a minute, stopping.`);
      stop(1);
      return;
    }
    const old = child.pid;
    startPrism(g);
    console.error(`mock: Prism of group ${g.name} (pid ${old}) exited (${signal ?? code}); restarting it.`);
    g.target?.ready?.then(
      () => console.error(`mock: Prism of group ${g.name} restarted (pid ${old} -> ${g.child?.pid}).`),
      () => {},
    );
  });
  return ready;
}
const started = groups.map((g) => startPrism(g));

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  front.close();
  front.closeAllConnections?.();
  await Promise.all(groups.map((g) => stopChild(g.child)));
  removeSnapshot();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  for (const g of groups) {
    const p = g.child;
    if (p && p.exitCode === null && p.signalCode === null) {
      try {
        process.kill(p.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  removeSnapshot();
});

try {
  await Promise.all(started);
} catch (e) {
  console.error(`mock: ${message(e)}`);
  await stop(1);
}
front.on('error', (e) => {
  console.error(`mock: ${e.message}`);
  stop(1);
});
front.listen(port, '127.0.0.1', () => {
  const { port: actual } = front.address() as AddressInfo;
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `mock: listening on http://127.0.0.1:${actual} (prism pids ${groups.map((g) => g.child?.pid).join(',')}; ${groups.length} groups: ${groups.map((g) => `${g.name} ${g.operations}`).join(', ')} operations; ready in ${seconds} s; spec ${opts.spec}${opts.errors ? ', --errors' : ''}${opts.memo ? '' : ', --no-memo'}; ${storeHost ? `store: ${storeHost.source}, clock ${stateOf(storeHost).now as string}` : 'static: examples only'})`,
  );
});
