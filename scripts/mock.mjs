#!/usr/bin/env node
// Serve the bundled spec as a mock that answers as the platform does.
// Usage: node scripts/mock.mjs [--port 4010] [--spec generated/openapi.yaml] [--errors] [--verbose]
//   --port / MOCK_PORT   the mock's port on 127.0.0.1 (default 4010; 0 picks a free one)
//   --spec               the bundle to serve (default generated/openapi.yaml)
//   --errors             Prism's --errors: an example that breaks its schema answers 500 (tests use it)
//   --verbose            Prism logs warnings (default: errors only; logging is Prism's bottleneck)
// Prism (static examples, request validation) runs on an internal loopback port behind a small
// front (scripts/mock/front.mjs) that rewrites Prism's answers into the platform's where they differ.
// Prints "mock: listening on http://127.0.0.1:<port> (prism pid <pid>)" once it answers.
// SIGINT / SIGTERM stop Prism (by PID) and the front.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { parse } from 'yaml';
import { createFront } from './mock/front.mjs';
import { freePort, spawnPrism, stopChild, waitForHttp } from './mock/prism.mjs';

const argv = process.argv.slice(2);
const opts = { port: process.env.MOCK_PORT ?? '4010', spec: 'generated/openapi.yaml', errors: false, verbose: false };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--port' || a === '-p') opts.port = argv[++i];
  else if (a.startsWith('--port=')) opts.port = a.slice(7);
  else if (a === '--spec') opts.spec = argv[++i];
  else if (a === '--errors') opts.errors = true;
  else if (a === '--verbose') opts.verbose = true;
  else { console.error(`mock: unknown argument ${a}`); process.exit(2); }
}
const port = Number(opts.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`mock: bad port ${opts.port}`); process.exit(2); }

// Serve a snapshot of the spec: Prism watches its document and restarts (closing its port for a
// while) whenever the file changes, e.g. when a build rewrites generated/ under a running mock. The
// front and Prism read the same snapshot; restart the mock to serve a new build.
let doc;
let text;
try { text = readFileSync(opts.spec, 'utf8'); doc = parse(text, { maxAliasCount: -1 }); } catch (e) {
  console.error(`mock: cannot read ${opts.spec}: ${e.message} (run \`npm run build\` first)`);
  process.exit(1);
}
const snapshotDir = mkdtempSync(join(tmpdir(), 'mock-spec-'));
const snapshot = join(snapshotDir, extname(opts.spec) === '.json' ? 'openapi.json' : 'openapi.yaml');
writeFileSync(snapshot, text);
const removeSnapshot = () => rmSync(snapshotDir, { recursive: true, force: true });

const prismPort = await freePort();
const prism = spawnPrism({ spec: snapshot, port: prismPort, errors: opts.errors, verbose: opts.verbose ? 'warn' : 'error' });
const front = createFront({ doc, upstream: { host: '127.0.0.1', port: prismPort } });
// Prism's own request log (violations at "error" level) is noise here: keep only other lines.
const relay = (stream, out) => {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (opts.verbose || !/\[(VALIDATOR|NEGOTIATOR|HTTP SERVER)\]/.test(line)) out.write(`prism: ${line}\n`);
  });
};
relay(prism.stdout, process.stdout);
relay(prism.stderr, process.stderr);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  front.close();
  front.closeAllConnections?.();
  await stopChild(prism);
  removeSnapshot();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  if (prism.exitCode === null && prism.signalCode === null) { try { process.kill(prism.pid, 'SIGKILL'); } catch { /* gone */ } }
  removeSnapshot();
});
prism.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`mock: Prism exited (${signal ?? code}); stopping.`);
  stop(1);
});

try {
  await waitForHttp(prismPort, { child: prism });
} catch (e) {
  console.error(`mock: ${e.message}`);
  await stop(1);
}
front.on('error', (e) => { console.error(`mock: ${e.message}`); stop(1); });
front.listen(port, '127.0.0.1', () => {
  const { port: actual } = front.address();
  console.log(`mock: listening on http://127.0.0.1:${actual} (prism pid ${prism.pid}, spec ${opts.spec}${opts.errors ? ', --errors' : ''})`);
});
