// Start and stop Prism as a direct child process (never through npx or a shell: a wrapper would
// leave Prism running when it is killed).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitForAnswer } from '../core/process.ts';

// The free port and stopping by PID are the core's (core/process.ts), shared with `npm start` and the bench.
export { freePort, stopChild } from '../core/process.ts';

export const PRISM = join('node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
/**
 * The front's own Node flags (package.json's `mock` script and npm start pass them): a 4 MB young
 * generation. The store's writes make short-lived garbage; with V8's default 16 MB semi-spaces the
 * whole mock peaked at ~420 MB under the bench's write load, with 4 MB at ~386 MB, at the same speed.
 */
export const FRONT_NODE_FLAGS = ['--max-semi-space-size=4'];
export const PRISM_NODE_FLAGS = (process.env.MOCK_PRISM_FLAGS ?? '--max-semi-space-size=4 --max-old-space-size=112').split(' ').filter(Boolean);

/**
 * Spawn `prism mock <spec>` on 127.0.0.1:<port>: static examples (no -d), quiet logging, request
 * validation (always on in Prism), `--errors` when asked (examples that break their schema -> 500).
 */
export function spawnPrism({
  spec,
  port,
  errors = false,
  verbose = 'error',
  cwd = process.cwd(),
}: {
  spec: string;
  port: number;
  errors?: boolean;
  verbose?: string;
  cwd?: string;
}): ChildProcess {
  // Node flags (MOCK_PRISM_FLAGS overrides them): a smaller young generation (Prism's default 16 MB
  // semi-spaces grow each process by ~30 MB; 1 MB cost ~30% more CPU per request, 4 MB nothing
  // measurable) and a 112 MB old generation, which V8 otherwise lets grow under load (its live
  // data, the document and the compiled validators, stays well below: the whole mock peaked at
  // ~380-410 MB instead of ~490 MB under the bench's distinct load).
  const args = [...PRISM_NODE_FLAGS, PRISM, 'mock', spec, '-h', '127.0.0.1', '-p', String(port), '-v', verbose];
  if (errors) args.push('--errors');
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });
  return child;
}

/** Resolve once Prism answers HTTP on 127.0.0.1:port; reject after `timeoutMs` or when `child` exits. */
export const waitForHttp = (port: number, { child, timeoutMs = 60_000 }: { child?: ChildProcess; timeoutMs?: number } = {}): Promise<void> =>
  waitForAnswer(`http://127.0.0.1:${port}/__mock_ready__`, { child, timeoutMs, name: 'Prism' });
