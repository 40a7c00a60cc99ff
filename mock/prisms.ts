// The mock's Prisms, one per group of namespaces (groups.ts), started behind the listening front:
// each group's document written into the mock's temporary snapshot folder, each Prism a guarded
// child (prism.ts; it dies with the mock, however the mock dies), started again when it exits (more
// than MAX_RESTARTS within a minute stop the mock), stopped by PID. The front asks a group's target:
// its `ready` settles when that Prism answers (rejected when it failed to start).
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { OpenApiDoc } from '../core/spec.ts';
import { groupDocs, resourceOf, type GroupDoc } from './groups.ts';
import { freePort, spawnPrismHost, stopChild, waitForHttp } from './prism.ts';
import type { Upstream } from './proxy.ts';

const MAX_RESTARTS = 10;
/** How long a Prism may take to answer after it was started (a loaded machine took 27 s). */
export const PRISM_START_MS = 60_000;

/** One group's Prism server: its document, port and the target the front asks. */
interface Group extends GroupDoc {
  spec: string;
  port: number;
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

/** Write each group's document and start the Prism host that serves them all (a direct, guarded child). */
export async function startPrisms(doc: OpenApiDoc, opts: PrismOptions): Promise<Prisms> {
  const groups: Group[] = [];
  for (const g of groupDocs(doc)) {
    const spec = join(opts.snapshotDir, `group-${groups.length + 1}.json`);
    writeFileSync(spec, JSON.stringify(g.doc));
    groups.push({ ...g, spec, port: await freePort(), target: { host: '127.0.0.1', port: 0 } });
  }
  let stopping = false;
  let child: ChildProcess | undefined;
  const restarts: number[] = [];
  const start = (): Promise<void> => {
    const c = spawnPrismHost({
      groups: groups.map((g) => ({ port: g.port, spec: g.spec })),
      errors: opts.errors,
      verbose: opts.verbose ? 'warn' : 'error',
      remove: [opts.snapshotDir],
    });
    child = c;
    relay(c.stdout!, process.stdout, opts.verbose);
    relay(c.stderr!, process.stderr, opts.verbose);
    // The host starts the groups' servers one after the other: once the last answers, every one does.
    const all: Promise<void> = waitForHttp(groups[groups.length - 1].port, { child: c, timeoutMs: PRISM_START_MS }).then(() => {
      for (const g of groups) if (g.target.ready === all) g.target.ready = null;
    });
    all.catch(() => {});
    for (const g of groups) g.target = { host: '127.0.0.1', port: g.port, ready: all };
    c.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        opts.onFatal(`Prism (pid ${c.pid}) exited (${signal ?? code}); ${restarts.length} restarts within a minute, stopping.`);
        return;
      }
      console.error(`mock: Prism (pid ${c.pid}) exited (${signal ?? code}); restarting it.`);
      // On fresh ports: one that another process took since it was chosen (EADDRINUSE) is not tried again.
      void (async () => {
        for (const g of groups) g.port = await freePort();
        if (stopping) return;
        await start();
        console.error(`mock: Prism restarted (pid ${c.pid} -> ${child?.pid}).`);
      })().catch(() => {});
    });
    return all;
  };
  const ready = start();
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
