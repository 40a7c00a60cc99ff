#!/usr/bin/env node
// Serve the bundled spec as a mock that answers as the platform does (`npm run mock`; flags: args.ts).
// The front (front.ts) listens first and answers the store's routes at once; one Prism per group of
// namespaces (prisms.ts) starts behind it, and only a request that needs a Prism waits for it
// (bounded; 503 if it failed). Prints "mock: listening on http://127.0.0.1:<port> (prism pids
// <pid>,<pid>; ...; listening in <ms> ms ...)" once the front listens, then "mock: Prism ready in
// <ms> ms" once every route is served (both counted from the process's start). SIGINT, SIGTERM and
// SIGHUP stop every Prism (by PID, SIGKILL after a second) and remove the temporary files; the
// Prisms die with this process however it dies (orphan-guard.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MOCK_HELP, parseMockArgs, type MockOptions } from './args.ts';
import { createFront } from './front.ts';
import { AnswerMemo } from './memo.ts';
import { startPrisms, type Prisms } from './prisms.ts';
import { createStoreHost, stateOf, type StoreHost } from './store/host.ts';
import type { OpenApiDoc } from '../core/spec.ts';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const usage = (text: string): never => {
  console.error(`mock: ${text}`);
  process.exit(2);
};
/** An integer flag within [min, max], or a usage error. */
const intFlag = (name: string, value: string, min: number, max: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : usage(`bad --${name} ${value} (${min}-${max})`);
};

let opts: MockOptions;
try {
  opts = parseMockArgs(process.argv.slice(2), process.env);
} catch (e) {
  usage(message(e));
}
if (opts!.help) {
  console.log(MOCK_HELP);
  process.exit(0);
}
opts = opts!;
const port = Number.isInteger(Number(opts.port)) && Number(opts.port) >= 0 && Number(opts.port) <= 65535 ? Number(opts.port) : usage(`bad port ${opts.port}`);
const bodyTimeoutMs = intFlag('body-timeout', opts.bodyTimeout, 100, 600_000);
const limits = { records: intFlag('max-records', opts.maxRecords, 1, 10_000_000), bytes: intFlag('max-store-mb', opts.maxStoreMb, 1, 1_000_000) * 1024 * 1024 };

/** Milliseconds since this process started. */
const sinceStart = (): number => Math.round(performance.now());

// The build writes the same bundle as JSON next to the YAML: JSON parses faster and leaves far
// less garbage in the front's heap (~40 MB less resident memory); YAML is read only without it.
async function readDoc(spec: string): Promise<OpenApiDoc> {
  const asJson = spec.replace(/\.ya?ml$/i, '.json');
  if (asJson !== spec && existsSync(asJson) && statSync(asJson).mtimeMs >= statSync(spec).mtimeMs - 60_000)
    return JSON.parse(readFileSync(asJson, 'utf8')) as OpenApiDoc;
  const { parse } = await import('yaml');
  // The project's bundle (the build lints it), taken as the core's parseBundle takes one.
  return parse(readFileSync(spec, 'utf8'), { maxAliasCount: -1 }) as OpenApiDoc;
}

let doc: OpenApiDoc;
try {
  doc = await readDoc(opts.spec);
} catch (e) {
  console.error(`mock: cannot read ${opts.spec}: ${message(e)} (run \`npm run build\` first)`);
  process.exit(1);
}
// The store (issue 25): the store-backed routes answer from it unless --static; a bad --seed file,
// --now date, --release or --wordpress is a usage error, said before anything starts.
let storeHost: StoreHost | null = null;
if (!opts.static) {
  try {
    storeHost = createStoreHost(doc, { seedFile: opts.seed, now: opts.now, limits, release: opts.release, wordpress: opts.wordpress });
  } catch (e) {
    usage(message(e));
  }
}

// Serve a snapshot of the spec: Prism watches its document and restarts (closing its port for a
// while) whenever the file changes, e.g. when a build rewrites generated/ under a running mock.
// Each Prism reads its group's document, written once into this temporary folder (removed at the
// end, or by the Prisms if this process dies first). Restart the mock to serve a new build.
const snapshotDir = mkdtempSync(join(tmpdir(), 'mock-spec-'));
const removeSnapshot = () => rmSync(snapshotDir, { recursive: true, force: true });
let prisms: Prisms | null = null;
let prismsStarted: Promise<Prisms> | null = null;
let stopping = false;

const front = createFront({
  doc,
  store: storeHost,
  // Until the Prisms are started, a Prism route waits for them (prisms.ts' `ready`).
  upstream: (template) => prisms?.upstreamFor(template) ?? { host: '127.0.0.1', port: 0, ready: prismsStarted?.then((p) => p.ready) ?? null },
  memo: opts.memo ? new AnswerMemo() : null,
  verbose: opts.verbose,
  bodyTimeoutMs,
  allowOrigins: opts.allowOrigins,
});

/** Stop: the front, every Prism by PID (SIGKILL after a second), the temporary files; then exit. */
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  front.close();
  front.closeAllConnections?.();
  await prisms?.stop(1000);
  removeSnapshot();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0));
process.on('exit', () => {
  prisms?.killNow();
  removeSnapshot();
});
front.on('error', (e) => {
  console.error(`mock: ${e.message}`);
  stop(1);
});

await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
const listeningMs = sinceStart();
prismsStarted = startPrisms(doc, {
  errors: opts.errors,
  verbose: opts.verbose,
  snapshotDir,
  onFatal: (text) => {
    console.error(`mock: ${text}`);
    stop(1);
  },
});
prismsStarted.catch((e: unknown) => {
  console.error(`mock: cannot start Prism: ${message(e)}`);
  stop(1);
});
prisms = await prismsStarted;
const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
console.log(
  `mock: listening on ${url} (prism pids ${prisms.pids().join(',')}; ${prisms.summary()}; listening in ${listeningMs} ms, the store's routes served now, Prism starting; spec ${opts.spec}${opts.errors ? ', --errors' : ''}${opts.memo ? '' : ', --no-memo'}; ${storeHost ? `store: ${storeHost.source}, clock ${stateOf(storeHost).now as string}` : 'static: examples only'})`,
);
prisms.ready.then(
  () => console.log(`mock: Prism ready in ${sinceStart()} ms (every route served)`),
  (e: unknown) => console.error(`mock: Prism failed to start: ${message(e)}; its routes answer 503 mock_prism_unavailable until it restarts`),
);
