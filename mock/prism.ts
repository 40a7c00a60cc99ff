// Start and stop Prism as a direct child process (never through npx or a shell: a wrapper would
// leave Prism running when it is killed).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GUARD_PARENT, GUARD_REMOVE } from './orphan-guard.ts';

// The free port and stopping by PID are the core's (core/process.ts), shared with `npm start` and the bench.
export { freePort, stopChild } from '../core/process.ts';

/**
 * The front's own Node flags (package.json's `mock` script and npm start pass them): a 4 MB young
 * generation. The store's writes make short-lived garbage; with V8's default 16 MB semi-spaces the
 * whole mock peaked at ~420 MB under the bench's write load, with 4 MB at ~386 MB, at the same speed.
 * `--expose-gc`: the front collects after a request of a large body or answer (collect.ts, D260).
 */
export const FRONT_NODE_FLAGS = ['--max-semi-space-size=4', '--expose-gc'];
export const PRISM_NODE_FLAGS = (process.env.MOCK_PRISM_FLAGS ?? '--max-semi-space-size=4 --max-old-space-size=224').split(' ').filter(Boolean);

/** The guard beside this module (orphan-guard.js when compiled, .ts in the source). */
// Node cannot preload TypeScript: from the sources (the tests) the guard is dist/'s compiled one,
// which the tests' global setup builds.
const GUARD = new URL(import.meta.url.endsWith('.ts') ? '../dist/mock/orphan-guard.js' : './orphan-guard.js', import.meta.url);
/** The Prism host (prism-host.ts), compiled, beside this module (from the sources: dist/'s, as the guard). */
const HOST = new URL(import.meta.url.endsWith('.ts') ? '../dist/mock/prism-host.js' : './prism-host.js', import.meta.url);

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

/** What the Prism host (prism-host.ts) is given, as arguments (`hostArgs`). */
export interface HostConfig {
  /** Prism's log level: `error`, or `warn` with the mock's `--verbose`. */
  level: string;
  /** Prism's `--errors`: an example that breaks its schema answers 500. */
  errors: boolean;
  groups: { port: number; spec: string }[];
}

/** The host's readiness line (prism-host.ts prints it once every server listens), before its ports. */
export const HOST_LISTENING_PREFIX = '[HOST] listening on ports ';

/**
 * The ports a Prism host listens on, in its groups' order, from its readiness line: rejects when
 * it exits first or after `timeoutMs`. Reads at most 1 MB of its output (bounded).
 */
export function hostPorts(child: ChildProcess, { timeoutMs = 60_000 }: { timeoutMs?: number } = {}): Promise<number[]> {
  return new Promise((resolve, reject) => {
    let rest = '';
    let read = 0;
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      settle();
    };
    const onData = (chunk: string | Buffer) => {
      const text = String(chunk);
      read += text.length;
      const lines = (rest + text).split('\n');
      rest = (lines.pop() ?? '').slice(-4096);
      for (const line of lines)
        if (line.startsWith(HOST_LISTENING_PREFIX)) {
          const ports = line.slice(HOST_LISTENING_PREFIX.length).split(',').map(Number);
          if (ports.length && ports.every((p) => Number.isInteger(p) && p > 0 && p < 65536)) return done(() => resolve(ports));
          return done(() => reject(new Error(`the Prism host printed ports that are not ports: ${line.slice(0, 200)}`)));
        }
      if (read > 1_048_576) done(() => reject(new Error('the Prism host printed 1 MB without listening')));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => done(() => reject(new Error(`Prism exited before it listened (${signal ?? code})`)));
    const timer = setTimeout(() => done(() => reject(new Error(`Prism did not listen within ${timeoutMs} ms`))), timeoutMs);
    if (child.exitCode !== null || child.signalCode !== null) return onExit(child.exitCode, child.signalCode);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}

/** One group's document and the loopback port its Prism server listens on (0: the system picks one). */
export type HostGroup = HostConfig['groups'][number];

/** The host's arguments: `<level> <errors|-> <port> <spec> [<port> <spec> ...]` (prism-host.ts reads them; no code of it runs here). */
const hostArgs = (c: HostConfig): string[] => [c.level, c.errors ? 'errors' : '-', ...c.groups.flatMap((g) => [String(g.port), g.spec])];

/**
 * Spawn the Prism host (prism-host.ts) serving every group on 127.0.0.1, each on its port: static
 * examples (no dynamic default), quiet logging, request validation (always on), `--errors` when asked
 * (examples that break their schema -> 500; only then are the examples checked at all).
 */
export function spawnPrismHost({
  groups,
  errors = false,
  verbose = 'error',
  cwd = process.cwd(),
  remove = [],
}: {
  groups: HostGroup[];
  errors?: boolean;
  verbose?: string;
  cwd?: string;
  /** Temporary files of the mock that the host removes if the mock dies without doing so (`kill -9`). */
  remove?: string[];
}): ChildProcess {
  // Node flags (MOCK_PRISM_FLAGS overrides them): a smaller young generation (Prism's default 16 MB
  // semi-spaces grow the process by ~30 MB; 1 MB cost ~30% more CPU per request, 4 MB nothing
  // measurable) and a bounded old generation, which V8 otherwise lets grow under load (D242).
  return spawnGuarded([...PRISM_NODE_FLAGS, fileURLToPath(HOST), ...hostArgs({ level: verbose, errors, groups })], {
    cwd,
    remove,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
  });
}

/** Spawn a Prism host serving one document (`spec`) on 127.0.0.1:`port`, as the mock serves each group's. */
export const spawnPrism = ({
  spec,
  port,
  ...rest
}: {
  spec: string;
  port: number;
  errors?: boolean;
  verbose?: string;
  cwd?: string;
  remove?: string[];
}): ChildProcess => spawnPrismHost({ groups: [{ port, spec }], ...rest });
