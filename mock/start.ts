#!/usr/bin/env node
// Build, then serve the docs and the mock together on loopback:
//   docs  http://127.0.0.1:$DOCS_PORT/  (default 8080; generated/docs/)
//   mock  http://127.0.0.1:$MOCK_PORT/  (default 4010; mock/main.ts: front + Prism)
// Usage: npm start [-- --no-build] [-- --help]   (compiled: node dist/mock/start.js)   (port 0 picks a free port; the URLs are printed)
// SIGINT (Ctrl-C), SIGTERM or SIGHUP stops everything within 2 s: the build if it is running, the
// mock child (and its Prisms) by PID, the docs server; the mock dies with this process however it
// dies (a guarded child, orphan-guard.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs, type Flags } from '../core/args.ts';
import { stopChild } from '../core/process.ts';
import { createStaticServer } from './static.ts';
import { FRONT_NODE_FLAGS, spawnGuarded } from './prism.ts';

/** The mock's entry point beside this module (main.js when compiled, main.ts in the source). */
const MOCK_MAIN = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url));

export const START_FLAGS = { 'no-build': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } satisfies Flags;
export const START_HELP = `Usage: npm start [-- options]      (or: node dist/mock/start.js [options])

Builds (the spec's pipeline and the compiled client), then serves on 127.0.0.1 the docs at
http://127.0.0.1:8080/ (DOCS_PORT) and the mock at http://127.0.0.1:4010/ (MOCK_PORT); 0 picks a free
port, and the URLs are printed. Ctrl-C stops both.

Options:
  --no-build              serve what generated/ and dist/ hold now, without building
  --help                  this text (also -h)`;

let args;
try {
  args = parseArgs(process.argv.slice(2), START_FLAGS, { allowPositionals: false }).values;
} catch (e) {
  console.error(`start: ${e instanceof Error ? e.message : String(e)} (see --help)`);
  process.exit(2);
}
if (args.help) {
  console.log(START_HELP);
  process.exit(0);
}
const build = !args['no-build'];
const docsPort = Number(process.env.DOCS_PORT ?? 8080);
const mockPort = Number(process.env.MOCK_PORT ?? 4010);

let stopping = false;
let current: ChildProcess | null = null;
const docs = createStaticServer('generated/docs');

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  docs.close();
  docs.closeAllConnections?.();
  await stopChild(current ?? undefined, 1500);
  console.log('start: stopped.');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0));

/** Run a build step as a child (stopped with this process); its exit code. */
const step = (args: string[]): Promise<number | null> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    current = child;
    child.on('exit', (code) => resolve(code));
  });

if (build) {
  if ((await step(['dist/scripts/build.js'])) !== 0) {
    console.error('start: the build failed; nothing started.');
    await stop(1);
  }
  // The compiled client (dist/, also the CLI's name mapping): built here and by prepack, never on install.
  if ((await step(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'])) !== 0) {
    console.error('start: compiling the client (npm run build:client) failed; nothing started.');
    await stop(1);
  }
}

const mock = spawnGuarded([...FRONT_NODE_FLAGS, MOCK_MAIN, '--port', String(mockPort)], { stdio: ['pipe', 'inherit'] });
current = mock;
mock.on('exit', (code, signal) => {
  if (!stopping) {
    console.error(`start: the mock exited (${signal ?? code}).`);
    stop(1);
  }
});
docs.on('error', (e) => {
  console.error(`start: docs server: ${e.message}`);
  stop(1);
});

const mockUrl = new Promise<string>((resolve) => {
  let out = '';
  mock.stdout!.setEncoding('utf8');
  mock.stdout!.on('data', (chunk: string) => {
    process.stdout.write(chunk);
    out += chunk;
    const m = /mock: listening on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
});
const docsUrl = new Promise<string>((resolve) =>
  docs.listen(docsPort, '127.0.0.1', () => resolve(`http://127.0.0.1:${(docs.address() as AddressInfo).port}/`)),
);
const [d, m] = await Promise.all([docsUrl, mockUrl]);
console.log(
  `\ndocs: ${d}\nmock: ${m}/\nstart: both listening (docs and mock; the mock's Prism routes wait until "mock: Prism ready"). Press Ctrl-C to stop both.`,
);
