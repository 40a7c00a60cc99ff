// A command run as a child process without blocking this one (whose servers the command may talk
// to): its exit code or signal, everything it printed and how long it took; killed (SIGKILL, by its
// PID) when it outlives its time.
import { spawn, type SpawnOptions } from 'node:child_process';

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runChild(
  cmd: string,
  args: string[],
  {
    cwd,
    env,
    timeoutMs = 120_000,
    onSpawn,
  }: { cwd?: string; env?: SpawnOptions['env']; timeoutMs?: number; onSpawn?: (child: ReturnType<typeof spawn>) => void } = {},
): Promise<ChildRun> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout!.on('data', (d) => {
      stdout += d;
    });
    child.stderr!.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code, signal) => {
      clearTimeout(kill);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - t0 });
    });
    onSpawn?.(child);
  });
}
