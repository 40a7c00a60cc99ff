// Starting and stopping the processes a bench measures: wait for an answer (bounded), stop by pid.
import type { ChildProcess } from 'node:child_process';

/** Wait until `url` answers at all, within `ms`; throws after that. */
export async function waitFor(url: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`no answer from ${url} within ${ms} ms`);
}

/** Stop a child the bench started: SIGTERM, then SIGKILL after 8 s; by pid only. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      res();
      return;
    }
    const t = setTimeout(() => {
      try {
        process.kill(child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 8000);
    child.once('exit', () => {
      clearTimeout(t);
      res();
    });
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(t);
      res();
    }
  });
}
