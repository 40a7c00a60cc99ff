// The child processes the products start (the mock's Prisms, `npm start`'s mock, the bench's servers):
// a free loopback port, waiting (bounded) until something answers HTTP, stopping a child by its PID.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';

/** A free loopback port (the OS picks it; the small race until the child binds it is acceptable). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resolve once `url` answers HTTP at all (any status); reject after `timeoutMs`, or when `child`
 * exits first (`name` says whose exit it was in the error).
 */
export function waitForAnswer(
  url: string,
  { child, timeoutMs = 60_000, name = 'the process' }: { child?: ChildProcess; timeoutMs?: number; name?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let done = false;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (!done) {
        done = true;
        reject(new Error(`${name} exited before it answered (${signal ?? code})`));
      }
    };
    child?.once('exit', onExit);
    const attempt = () => {
      if (done) return;
      const req = http.get(url, { timeout: 2000 }, (res) => {
        res.resume();
        done = true;
        child?.off('exit', onExit);
        resolve();
      });
      req.on('error', () => {
        if (done) return;
        if (Date.now() > deadline) {
          done = true;
          child?.off('exit', onExit);
          reject(new Error(`nothing answered at ${url} within ${timeoutMs} ms`));
          return;
        }
        setTimeout(attempt, 150);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
    };
    attempt();
  });
}

/** Stop a child by its PID: SIGTERM, then SIGKILL after `graceMs`. Resolves when it has exited. */
export function stopChild(child: ChildProcess | undefined, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
