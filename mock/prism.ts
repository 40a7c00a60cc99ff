// Start and stop Prism as a direct child process (never through npx or a shell: a wrapper would
// leave Prism running when it is killed).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';
import { waitForAnswer } from '../core/process.ts';
import { GUARD_PARENT, GUARD_REMOVE } from './orphan-guard.ts';

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

/** The guard beside this module (orphan-guard.js when compiled, .ts in the source). */
// Node cannot preload TypeScript: from the sources (the tests) the guard is dist/'s compiled one,
// which the tests' global setup builds.
const GUARD = new URL(import.meta.url.endsWith('.ts') ? '../dist/mock/orphan-guard.js' : './orphan-guard.js', import.meta.url);

/**
 * Spawn `node <args>` as a guarded child (orphan-guard.ts): it exits, after removing `remove`
 * (temporary files of this process), when this process is gone, however it died. Its stdin is the
 * pipe it watches; stdout and stderr as `stdio` says (default: piped).
 */
export function spawnGuarded(
  args: string[],
  { remove = [], stdio = ['pipe', 'pipe'], ...options }: { remove?: string[]; stdio?: ('pipe' | 'inherit' | 'ignore')[] } & SpawnOptions = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', GUARD.href, ...args], {
    ...options,
    stdio: ['pipe', ...stdio],
    env: { ...(options.env ?? process.env), [GUARD_PARENT]: String(process.pid), [GUARD_REMOVE]: JSON.stringify(remove) },
  });
}

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
  remove = [],
}: {
  spec: string;
  port: number;
  errors?: boolean;
  verbose?: string;
  cwd?: string;
  /** Temporary files of the mock that the Prism removes if the mock dies without doing so (`kill -9`). */
  remove?: string[];
}): ChildProcess {
  // Node flags (MOCK_PRISM_FLAGS overrides them): a smaller young generation (Prism's default 16 MB
  // semi-spaces grow each process by ~30 MB; 1 MB cost ~30% more CPU per request, 4 MB nothing
  // measurable) and a 112 MB old generation, which V8 otherwise lets grow under load (its live
  // data, the document and the compiled validators, stays well below: the whole mock peaked at
  // ~380-410 MB instead of ~490 MB under the bench's distinct load).
  const args = [...PRISM_NODE_FLAGS, PRISM, 'mock', spec, '-h', '127.0.0.1', '-p', String(port), '-v', verbose];
  if (errors) args.push('--errors');
  return spawnGuarded(args, { cwd, remove, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });
}

/** Resolve once Prism answers HTTP on 127.0.0.1:port; reject after `timeoutMs` or when `child` exits. */
export const waitForHttp = (port: number, { child, timeoutMs = 60_000 }: { child?: ChildProcess; timeoutMs?: number } = {}): Promise<void> =>
  waitForAnswer(`http://127.0.0.1:${port}/__mock_ready__`, { child, timeoutMs, name: 'Prism' });
