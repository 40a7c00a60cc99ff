// Start and stop Prism as a direct child process (never through npx or a shell: a wrapper would
// leave Prism running when it is killed).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';

export const PRISM = join('node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
/**
 * The front's own Node flags (package.json's `mock` script and npm start pass them): a 4 MB young
 * generation. The store's writes make short-lived garbage; with V8's default 16 MB semi-spaces the
 * whole mock peaked at ~420 MB under the bench's write load, with 4 MB at ~386 MB, at the same speed.
 */
export const FRONT_NODE_FLAGS = ['--max-semi-space-size=4'];
export const PRISM_NODE_FLAGS = (process.env.MOCK_PRISM_FLAGS ?? '--max-semi-space-size=4 --max-old-space-size=112').split(' ').filter(Boolean);

/** A free loopback port (the OS picks it; the small race until Prism binds it is acceptable). */
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

/** Resolve once something answers HTTP on host:port; reject after `timeoutMs` or when `child` exits. */
export function waitForHttp(port: number, { child, timeoutMs = 60_000 }: { child?: ChildProcess; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let done = false;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (!done) {
        done = true;
        reject(new Error(`Prism exited before it answered (${signal ?? code})`));
      }
    };
    child?.once('exit', onExit);
    const attempt = () => {
      if (done) return;
      const req = http.get({ host: '127.0.0.1', port, path: '/__mock_ready__', timeout: 2000 }, (res) => {
        res.resume();
        done = true;
        child?.off('exit', onExit);
        resolve();
      });
      req.on('error', () => {
        if (Date.now() > deadline) {
          done = true;
          reject(new Error(`nothing answered on 127.0.0.1:${port} within ${timeoutMs} ms`));
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
