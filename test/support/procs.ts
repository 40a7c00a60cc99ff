// The processes a test started, found through /proc (Linux): every descendant of a PID by a walk of
// parent PIDs, each identified by PID and start time (a reused PID is not the same process), and a
// bounded wait until they are all gone. Never by name: only what the test itself started.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** A process: its PID, its start time (clock ticks since boot) and its command line, for messages. */
export interface Proc {
  pid: number;
  start: number;
  cmd: string;
}

/** Parent PID, state and start time from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
function stat(pid: number): { ppid: number; state: string; start: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: f[0], ppid: Number(f[1]), start: Number(f[19]) };
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
  } catch {
    return '?';
  }
}

/** `root` and every process below it now (children of children...), by a walk of /proc's parent PIDs. */
export function processTree(root: number): Proc[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), Number(name)]);
  }
  const out: Proc[] = [];
  const queue = [root];
  while (queue.length && out.length < 10_000) {
    const pid = queue.shift()!;
    const s = stat(pid);
    if (!s) continue;
    out.push({ pid, start: s.start, cmd: cmdline(pid) });
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** The processes of `procs` still running (same PID and start time, not a zombie). */
export function survivors(procs: Proc[]): Proc[] {
  return procs.filter((p) => {
    const s = stat(p.pid);
    return s !== null && s.start === p.start && s.state !== 'Z';
  });
}

/** Wait (polling /proc, at most `ms`) until none of `procs` runs; the ones left and the time it took. */
export async function waitGone(procs: Proc[], ms: number): Promise<{ left: Proc[]; ms: number }> {
  const t0 = Date.now();
  for (;;) {
    const left = survivors(procs);
    if (!left.length || Date.now() - t0 > ms) return { left, ms: Date.now() - t0 };
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** SIGKILL whatever of `procs` still runs (a test's cleanup after a failed assertion). */
export function killAll(procs: Proc[]): void {
  for (const p of survivors(procs)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

/** A command started in its own process group, its output collected; `ready` resolves when `pattern` appears. */
export function startWatched(
  cmd: string,
  args: string[],
  { cwd, env, pattern, timeoutMs }: { cwd: string; env: NodeJS.ProcessEnv; pattern: RegExp; timeoutMs: number },
): { child: ChildProcess; output: () => string; ready: Promise<RegExpExecArray> } {
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const ready = new Promise<RegExpExecArray>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${cmd} ${args.join(' ')}: no ${pattern} within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (c: Buffer) => {
      out += c.toString('utf8');
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(t);
      reject(new Error(`${cmd} ${args.join(' ')} exited (${signal ?? code}) before ${pattern}:\n${out}`));
    });
  });
  ready.catch(() => {});
  return { child, output: () => out, ready };
}
