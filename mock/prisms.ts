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
import { GROUPS, groupDocs, groupOf, type GroupDoc } from './groups.ts';
import { freePort, spawnPrism, stopChild, waitForHttp } from './prism.ts';
import type { Upstream } from './proxy.ts';

const MAX_RESTARTS = 10;
/** How long a Prism may take to answer after it was started (a loaded machine took 27 s). */
export const PRISM_START_MS = 60_000;

/** One group's Prism: its document, port, child process and the target the front asks. */
interface Group extends GroupDoc {
  spec: string;
  port: number;
  child?: ChildProcess;
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
  /** "core 133, cal 116" */
  summary(): string;
  /** Settles when every Prism answers (rejects when one failed to start). */
  ready: Promise<void>;
  /** Stop every Prism by PID (SIGKILL after `graceMs`). */
  stop(graceMs: number): Promise<void>;
  /** Kill every Prism at once (the process is exiting). */
  killNow(): void;
}

/** Prism's own request log (violations at "error" level) is noise here: keep only other lines. */
function relay(stream: Readable, out: Writable, name: string, verbose: boolean): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = (lines.pop() ?? '').slice(-65536);
    for (const line of lines) if (verbose || !/\[(VALIDATOR|NEGOTIATOR|HTTP SERVER)\]/.test(line)) out.write(`prism[${name}]: ${line}\n`);
  });
}

/** Write each group's document and start every Prism in parallel (each a direct, guarded child). */
export async function startPrisms(doc: OpenApiDoc, opts: PrismOptions): Promise<Prisms> {
  const groups: Group[] = [];
  for (const g of groupDocs(doc)) {
    const spec = join(opts.snapshotDir, `group-${g.name}.json`);
    writeFileSync(spec, JSON.stringify(g.doc));
    groups.push({ ...g, spec, port: await freePort(), target: { host: '127.0.0.1', port: 0 } });
  }
  let stopping = false;
  const restarts: number[] = [];
  const start = (g: Group): Promise<void> => {
    const child = spawnPrism({ spec: g.spec, port: g.port, errors: opts.errors, verbose: opts.verbose ? 'warn' : 'error', remove: [opts.snapshotDir] });
    g.child = child;
    relay(child.stdout!, process.stdout, g.name, opts.verbose);
    relay(child.stderr!, process.stderr, g.name, opts.verbose);
    const ready: Promise<void> = waitForHttp(g.port, { child, timeoutMs: PRISM_START_MS }).then(() => {
      if (g.target.ready === ready) g.target.ready = null;
    });
    ready.catch(() => {});
    g.target = { host: '127.0.0.1', port: g.port, ready };
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        opts.onFatal(`Prism of group ${g.name} exited (${signal ?? code}); ${restarts.length} restarts within a minute, stopping.`);
        return;
      }
      const old = child.pid;
      start(g);
      console.error(`mock: Prism of group ${g.name} (pid ${old}) exited (${signal ?? code}); restarting it.`);
      g.target.ready?.then(
        () => console.error(`mock: Prism of group ${g.name} restarted (pid ${old} -> ${g.child?.pid}).`),
        () => {},
      );
    });
    return ready;
  };
  const ready = Promise.all(groups.map((g) => start(g))).then(() => undefined);
  ready.catch(() => {});
  const byName = new Map(groups.map((g) => [g.name, g]));
  // An unmatched request (HEAD / OPTIONS of an unknown path) goes to the first group's Prism.
  const fallback = byName.get(GROUPS.find((x) => byName.has(x.name))?.name ?? '')!;
  return {
    upstreamFor: (template) => ((template !== undefined && byName.get(groupOf(template))) || fallback).target,
    pids: () => groups.map((g) => g.child?.pid),
    summary: () => groups.map((g) => `${g.name} ${g.operations}`).join(', '),
    ready,
    async stop(graceMs) {
      stopping = true;
      await Promise.all(groups.map((g) => stopChild(g.child, graceMs)));
    },
    killNow() {
      stopping = true;
      for (const g of groups) {
        const p = g.child;
        if (p && p.exitCode === null && p.signalCode === null) {
          try {
            process.kill(p.pid!, 'SIGKILL');
          } catch {
            /* gone */
          }
        }
      }
    },
  };
}
