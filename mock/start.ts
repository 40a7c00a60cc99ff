#!/usr/bin/env node
// Build, then serve the docs and the mock together on loopback:
//   docs  http://127.0.0.1:$DOCS_PORT/  (default 8080; generated/docs/)
//   mock  http://127.0.0.1:$MOCK_PORT/  (default 4010; mock/main.ts: front + Prism)
// Usage: npm start [-- --no-build] [-- --help]   (compiled: node dist/mock/start.js)   (port 0 picks a free port; the URLs are printed)
// Ctrl-C (SIGINT) or SIGTERM stops both: the mock child (and its Prism) by PID, then the docs server.
import { spawn, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs, type Flags } from '../core/args.ts';
import { stopChild } from '../core/process.ts';
import { createStaticServer } from './static.ts';
import { FRONT_NODE_FLAGS } from './prism.ts';

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

if (build) {
  const res = spawnSync(process.execPath, ['dist/scripts/build.js'], { stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('start: the build failed; nothing started.');
    process.exit(1);
  }
  // The compiled client (dist/, also the CLI's name mapping): built here and by prepack, never on install.
  const client = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (client.status !== 0) {
    console.error('start: compiling the client (npm run build:client) failed; nothing started.');
    process.exit(1);
  }
}

const docs = createStaticServer('generated/docs');
const mock = spawn(process.execPath, [...FRONT_NODE_FLAGS, MOCK_MAIN, '--port', String(mockPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  docs.close();
  docs.closeAllConnections?.();
  await stopChild(mock, 8000);
  console.log('start: stopped.');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
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
console.log(`\ndocs: ${d}\nmock: ${m}/\nPress Ctrl-C to stop both.`);
