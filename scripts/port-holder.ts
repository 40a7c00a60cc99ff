// Which process listens on a TCP port of this machine? For `npm test`'s message when the sandbox's
// port is taken by a process the sandbox did not start. Linux only (/proc); bounded: at most
// MAX_PIDS processes and MAX_FDS descriptors each are looked at, and every line read is cut.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

const MAX_PIDS = 4096;
const MAX_FDS = 4096;
const LISTEN = '0A';

/** Inodes of the sockets listening on `port` (IPv4 and IPv6), from /proc/net/tcp{,6}. */
/** The process holding a port: its pid (undefined when it cannot be seen) and command line. */
export interface Holder {
  port: number;
  pid: number | undefined;
  cmd?: string;
}

export function listeningInodes(port: number, proc = '/proc'): Set<string> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(join(proc, 'net', table), 'utf8');
    } catch {
      continue;
    }
    const lines = text.split('\n');
    for (let i = 1; i < lines.length && i < 100_000; i++) {
      const f = lines[i].trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      if (f.length < 10 || f[3] !== LISTEN) continue;
      if (f[1].split(':')[1] === hex && /^\d+$/.test(f[9]) && f[9] !== '0') inodes.add(f[9]);
    }
  }
  return inodes;
}

/** A process's command line, printable and cut to `max` characters. */
export function commandLine(pid: number | string, proc = '/proc', max = 200): string {
  try {
    const raw = readFileSync(join(proc, String(pid), 'cmdline'), 'latin1').slice(0, 4096);
    const cmd = raw
      .split('\0')
      .filter(Boolean)
      .join(' ')
      .replace(/[\x00-\x1f\x7f-\x9f]/g, '?');
    return cmd.length > max ? `${cmd.slice(0, max - 1)}…` : cmd;
  } catch {
    return '';
  }
}

/**
 * The process that listens on `port`: `{ port, pid, cmd }`, `{ port, pid: undefined }` when a socket
 * listens but its process cannot be seen (another user's), or undefined when nothing listens.
 */
export function portHolder(port: number, { proc = '/proc' }: { proc?: string } = {}): Holder | undefined {
  const inodes = listeningInodes(port, proc);
  if (!inodes.size) return undefined;
  let pids: string[] = [];
  try {
    pids = readdirSync(proc)
      .filter((n) => /^\d+$/.test(n))
      .slice(0, MAX_PIDS);
  } catch {
    /* no /proc */
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(join(proc, pid, 'fd')).slice(0, MAX_FDS);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(join(proc, pid, 'fd', fd));
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1])) return { port, pid: Number(pid), cmd: commandLine(pid, proc) };
    }
  }
  return { port, pid: undefined };
}

/** Every number under a key named `pids` in a sandbox's env.json (any shape: one site or several). */
export function sandboxPids(env: unknown): Set<number> {
  const out = new Set<number>();
  const walk = (v: unknown, inPids: boolean, depth: number): void => {
    if (depth > 8 || v === null || typeof v !== 'object') {
      if (inPids && Number.isInteger(v)) out.add(v as number);
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, inPids || k === 'pids', depth + 1);
  };
  walk(env, false, 0);
  return out;
}

/**
 * When the sandbox's port is held by a process the sandbox did not start (not in its env.json), the
 * message saying which, and how to choose other ports; else undefined.
 */
export function sandboxPortConflict({
  port,
  envJson,
  variable = 'SANDBOX_PORT',
  site = 'wp61',
  proc = '/proc',
}: {
  port: number;
  envJson?: unknown;
  variable?: string;
  site?: string;
  proc?: string;
}): string | undefined {
  const holder = portHolder(port, { proc });
  if (!holder) return undefined;
  const ours = envJson ? sandboxPids(envJson) : new Set<number>();
  if (holder.pid !== undefined && ours.has(holder.pid)) return undefined;
  if (holder.pid === undefined && envJson) return undefined; // cannot tell: the sandbox's status check decides
  const who = holder.pid === undefined ? 'a process this user cannot see' : `pid ${holder.pid} (${holder.cmd || 'command line unreadable'})`;
  return [
    `npm test: port ${port} (the HTTP port of the sandbox's site ${site}, ${variable}) is taken by ${who}, which this sandbox did not start${envJson ? '' : ' (there is no .sandbox/env.json)'}.`,
    '  - choose other ports for the sandbox: SANDBOX_PORT=8891 SANDBOX_PORT_WP68=8892 SANDBOX_PORT_WP71=8893 SANDBOX_DB_PORT=3317 npm test',
    `  - or test the site on that port: WP_BASE_URL=http://127.0.0.1:${port}/wp-json WP_USER=... WP_APP_PASSWORD=... npm test`,
    `  - or stop that process${holder.pid === undefined ? '' : ` (pid ${holder.pid})`}, or run only the tests that need no site: npm run test:offline`,
  ].join('\n');
}
