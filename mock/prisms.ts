// The mock's Prisms, one per group of namespaces (groups.ts), started behind the listening front:
// each group's document written into the mock's temporary snapshot folder, each Prism a guarded
// child (prism.ts; it dies with the mock, however the mock dies) whose servers listen on ports the
// system picks and which reports them once every one listens, started again when it exits (more than
// MAX_RESTARTS within a minute stop the mock), stopped by PID. The front asks a group's target: its
// `ready` settles when that Prism listens (rejected when it failed to start).
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { OpenApiDoc } from '../core/spec.ts';
import { groupDocs, resourceOf, type GroupDoc } from './groups.ts';
import { hostPorts, spawnPrismHost, stopChild } from './prism.ts';
import type { Upstream } from './proxy.ts';

const MAX_RESTARTS = 10;
/** How long a Prism may take to answer after it was started (a loaded machine took 27 s). */
export const PRISM_START_MS = 60_000;

/** One group's Prism server: its document and the target the front asks (its port once the host listens). */
interface Group extends GroupDoc {
  spec: string;
  target: Upstream;
}

export interface PrismOptions {
  errors: boolean;
  verbose: boolean;
  /** The snapshot folder (the groups' documents; removed by the Prisms if the mock dies first). */
  snapshotDir: string;
  /** Called when the Prisms cannot be kept running (too many restarts): the mock stops. */
  onFatal: (message: string) => void;
}

export interface Prisms {
  /** The Prism serving a route template (the first group's for an unmatched request). */
  upstreamFor(template: string | undefined): Upstream;
  pids(): (number | undefined)[];
  /** "371 operations in 14 groups" */
  summary(): string;
  /** Settles when every Prism answers (rejects when one failed to start). */
  ready: Promise<void>;
  /** Stop every Prism by PID (SIGKILL after `graceMs`). */
  stop(graceMs: number): Promise<void>;
  /** Kill every Prism at once (the process is exiting). */
  killNow(): void;
}

/** Prism's own request log (violations at "error" level) is noise here: keep only other lines. */
function relay(stream: Readable, out: Writable, verbose: boolean): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = (lines.pop() ?? '').slice(-65536);
    for (const line of lines) if (verbose || !/\[(VALIDATOR|NEGOTIATOR|HTTP SERVER)\]/.test(line)) out.write(`prism: ${line}\n`);
  });
}

/** A promise settled from outside, once (later calls do nothing); its rejection is handled by whoever awaits it. */
function settleable(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve: () => void = () => {};
  let reject: (e: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * One start's targets, one per group: port 0 and pending (a request asked meanwhile waits on `ready`,
 * then reads the port) until the host names its ports; `all` settles then.
 */
function targetsOf(count: number, listening: Promise<number[]>): { targets: Upstream[]; all: Promise<void> } {
  const targets: Upstream[] = Array.from({ length: count }, () => ({ host: '127.0.0.1', port: 0 }));
  const all = listening.then((ports) => {
    if (ports.length !== count) throw new Error(`the Prism host listens on ${ports.length} ports for ${count} groups`);
    targets.forEach((t, i) => {
      t.port = ports[i];
      t.ready = null;
    });
  });
  all.catch(() => {});
  for (const t of targets) t.ready = all;
  return { targets, all };
}

/** Write each group's document and start the Prism host that serves them all (a direct, guarded child). */
export async function startPrisms(doc: OpenApiDoc, opts: PrismOptions): Promise<Prisms> {
  const groups: Group[] = [];
  for (const g of groupDocs(doc)) {
    const spec = join(opts.snapshotDir, `group-${groups.length + 1}.json`);
    writeFileSync(spec, JSON.stringify(g.doc));
    groups.push({ ...g, spec, target: { host: '127.0.0.1', port: 0 } });
  }
  let stopping = false;
  let child: ChildProcess | undefined;
  const restarts: number[] = [];
  // `ready` settles once: when a start's Prisms first listen (the first start's or, when that one
  // died first, a restart's), or rejected when a start did not listen in time (its host still runs).
  const settleReady = settleable();
  const ready = settleReady.promise;
  const start = (): Promise<void> => {
    // Every server on a port the system picks (0): none can be taken by another process meanwhile.
    const c = spawnPrismHost({
      groups: groups.map((g) => ({ port: 0, spec: g.spec })),
      errors: opts.errors,
      verbose: opts.verbose ? 'warn' : 'error',
      remove: [opts.snapshotDir],
    });
    child = c;
    const listening = hostPorts(c, { timeoutMs: PRISM_START_MS });
    relay(c.stdout!, process.stdout, opts.verbose);
    relay(c.stderr!, process.stderr, opts.verbose);
    const { targets, all } = targetsOf(groups.length, listening);
    all.then(settleReady.resolve, (e: unknown) => {
      if (c.exitCode === null && c.signalCode === null) settleReady.reject(e);
    });
    groups.forEach((g, i) => (g.target = targets[i]));
    c.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        const message = `Prism (pid ${c.pid}) exited (${signal ?? code}); ${restarts.length} restarts within a minute, stopping.`;
        settleReady.reject(new Error(message));
        opts.onFatal(message);
        return;
      }
      console.error(`mock: Prism (pid ${c.pid}) exited (${signal ?? code}); restarting it.`);
      start().then(
        () => console.error(`mock: Prism restarted (pid ${c.pid} -> ${child?.pid}).`),
        () => {},
      );
    });
    return all;
  };
  void start();
  const byResource = new Map(groups.flatMap((g) => g.resources.map((r) => [r, g] as const)));
  // An unmatched request (HEAD / OPTIONS of an unknown path) goes to the first group's server.
  const fallback = groups[0];
  const operations = groups.reduce((n, g) => n + g.operations, 0);
  return {
    upstreamFor: (template) => ((template !== undefined && byResource.get(resourceOf(template))) || fallback).target,
    pids: () => [child?.pid],
    summary: () => `${operations} operations in ${groups.length} groups`,
    ready,
    async stop(graceMs) {
      stopping = true;
      await stopChild(child, graceMs);
    },
    killNow() {
      stopping = true;
      const p = child;
      if (p && p.exitCode === null && p.signalCode === null) {
        try {
          process.kill(p.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    },
  };
}
