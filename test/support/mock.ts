// Start the mock (mock/main.ts, compiled: dist/mock/main.js; front + one Prism per group of namespaces) as a child process on
// a free loopback port, and stop it by PID (the mock and every Prism) so that no server is ever left
// running.
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './spec.js';

export interface Mock {
  url: string;
  pid: number;
  /** The first Prism's PID (see prismPids). */
  prismPid: number;
  /** Every Prism's PID (one per group of namespaces). */
  prismPids: number[];
  /** Is the mock process (and every Prism, restarted ones included) still running? */
  alive(): boolean;
  /** Everything the mock printed (stdout + stderr). */
  output(): string;
  stop(): Promise<void>;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The Prism PIDs in the mock's "listening" line ("prism pids 1,2,3" or, before, "prism pid 1"). */
export function prismPidsOf(out: string): number[] {
  const m = /prism pids? ([\d,]+)/.exec(out);
  return m ? m[1].split(',').filter(Boolean).map(Number) : [];
}

/** The current Prism PIDs: those of the "listening" line, each replaced by its restart ("restarted (pid A -> B)"). */
export function currentPrismPids(out: string): number[] {
  const pids = prismPidsOf(out);
  for (const m of out.matchAll(/restarted \(pid (\d+) -> (\d+)\)/g)) {
    const i = pids.indexOf(Number(m[1]));
    if (i >= 0) pids[i] = Number(m[2]);
  }
  return pids;
}

export async function startMock({
  errors = true,
  spec,
  memo = true,
  timeoutMs = 240_000, // a bound for a loaded machine (two Prisms start); the wait ends at the mock's line
  bodyTimeoutMs,
  verbose = false,
  static: examplesOnly = false,
  seed,
  now,
  args: extra = [],
  waitForPrism = true,
}: {
  errors?: boolean;
  spec?: string;
  memo?: boolean;
  timeoutMs?: number;
  bodyTimeoutMs?: number;
  verbose?: boolean;
  /** `--static`: every answer from the spec's examples (no store). */
  static?: boolean;
  seed?: string;
  now?: string;
  /** More flags for the mock (`--max-records 300`, ...). */
  args?: string[];
  /** Resolve once every Prism answers too ("mock: Prism ready"), not only when the front listens (default). */
  waitForPrism?: boolean;
} = {}): Promise<Mock> {
  const args = ['dist/mock/main.js', '--port', '0', ...extra];
  if (examplesOnly) args.push('--static');
  if (seed) args.push('--seed', seed);
  if (now) args.push('--now', now);
  if (errors) args.push('--errors');
  if (verbose) args.push('--verbose');
  if (bodyTimeoutMs !== undefined) args.push('--body-timeout', String(bodyTimeoutMs));
  if (!memo) args.push('--no-memo');
  if (spec) args.push('--spec', spec);
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (c: string) => {
    out += c;
  });
  const ready = await new Promise<{ url: string; prismPids: number[] }>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`the mock did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const kill = () => {
      try {
        process.kill(child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    };
    child.stdout!.on('data', (c: string) => {
      out += c;
      const m = /mock: listening on (http:\/\/127\.0\.0\.1:\d+) \(prism pids? [\d,]+/.exec(out);
      // The front listens before its Prisms answer (mock/README.md): a test starts once every route is served.
      if (m && (!waitForPrism || /^mock: Prism ready in \d+ ms/m.test(out))) {
        clearTimeout(timer);
        resolve({ url: m[1], prismPids: prismPidsOf(out) });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${signal ?? code}) before it listened:\n${out}`));
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    url: ready.url,
    pid: child.pid!,
    prismPid: ready.prismPids[0],
    prismPids: ready.prismPids,
    alive: () => child.exitCode === null && child.signalCode === null && currentPrismPids(out).every(isRunning),
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(child.pid!, 'SIGTERM');
        } catch {
          /* gone */
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      for (const pid of [child.pid!, ...currentPrismPids(out)])
        if (isRunning(pid)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }
    },
  };
}
