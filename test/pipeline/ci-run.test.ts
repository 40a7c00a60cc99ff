// .ci/run stops what it started, also when a step fails, and nothing else. The real script runs in a
// temporary copy of the repository's layout with stand-ins: `npm` (each step's exit code set by the
// test), and scripts/sandbox/{up,down}.sh that start and stop two small listening Node servers in
// place of PHP and MariaDB, recording their pids in .sandbox/run/ the way the real scripts do.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/spec.js';

const UP = `#!/usr/bin/env bash
# stand-in for scripts/sandbox/up.sh: reuses what runs, else starts a listening server per component
set -uo pipefail
mkdir -p .sandbox/run
alive() { [ -n "$1" ] && [ -r "/proc/$1/stat" ] && ! grep -q ') Z ' "/proc/$1/stat"; }
start() {
  local pid; pid=$(cat ".sandbox/run/$1.pid" 2>/dev/null)
  if alive "$pid"; then return; fi
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>require("fs").writeFileSync(process.argv[1],String(s.address().port)))' ".sandbox/run/$1.port" </dev/null >/dev/null 2>&1 &
  echo $! >".sandbox/run/$1.pid"
  for _ in $(seq 1 100); do [ -s ".sandbox/run/$1.port" ] && break; sleep 0.05; done
}
start mariadb
[ "\${FAKE_UP_FAIL:-}" = after-db ] && { echo "up: failing after MariaDB"; exit 1; }
start php
`;
const DOWN = `#!/usr/bin/env bash
# stand-in for scripts/sandbox/down.sh --only <name>: stop the recorded pid
set -uo pipefail
alive() { [ -n "$1" ] && [ -r "/proc/$1/stat" ] && ! grep -q ') Z ' "/proc/$1/stat"; }
[ "$1" = --only ] || { echo "down: unexpected arguments $*"; exit 2; }
what=$2
echo "$what" >>down.log
pid=$(cat ".sandbox/run/$what.pid" 2>/dev/null)
[ -n "$pid" ] && kill "$pid" 2>/dev/null
for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.05; done
rm -f ".sandbox/run/$what.pid"
`;
const NPM = `#!/usr/bin/env bash
echo "npm $*" >>steps.log
case "$1" in
  --version) echo 0.0.0 ;;
  ci) exit 0 ;;
  run) case "$2" in sandbox) exec bash scripts/sandbox/up.sh ;; breaking) exit \${FAKE_BREAKING:-0} ;; esac ;;
  test) exit \${FAKE_TEST:-0} ;;
esac
`;

const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const p of pids.splice(0)) {
    try {
      process.kill(p);
    } catch {
      /* gone */
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fakeRepo() {
  const top = mkdtempSync(join(tmpdir(), 'ci-run-'));
  dirs.push(top);
  const repo = join(top, 'repo'); // ../shared does not exist beside it
  for (const d of ['.ci', 'scripts/sandbox', 'bin']) mkdirSync(join(repo, d), { recursive: true });
  copyFileSync(join(ROOT, '.ci', 'run'), join(repo, '.ci', 'run'));
  const write = (f: string, text: string) => {
    writeFileSync(join(repo, f), text);
    chmodSync(join(repo, f), 0o755);
  };
  write('scripts/sandbox/up.sh', UP);
  write('scripts/sandbox/down.sh', DOWN);
  write('bin/npm', NPM);
  return repo;
}

function ci(repo: string, env: Record<string, string> = {}) {
  const r = spawnSync('bash', [join(repo, '.ci', 'run')], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATH: `${join(repo, 'bin')}:${process.env.PATH}`, SEED_DIR: '', ...env },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
const pidOf = (repo: string, what: string) => Number(readFileSync(join(repo, '.sandbox', 'run', `${what}.pid`), 'utf8'));
const alive = (pid: number) => {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const downs = (repo: string) => (existsSync(join(repo, 'down.log')) ? readFileSync(join(repo, 'down.log'), 'utf8').trim().split('\n') : []);
const portOpen = (port: number) =>
  new Promise<boolean>((res) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
  });

describe('.ci/run stops the sandbox it started', () => {
  it("when a step fails: exits with that step's code and leaves nothing running or listening", async () => {
    const repo = fakeRepo();
    const r = ci(repo, { FAKE_BREAKING: '1' });
    expect(r.status, r.out).toBe(1);
    expect(readFileSync(join(repo, 'steps.log'), 'utf8')).not.toMatch(/npm test/);
    expect(downs(repo)).toEqual(['php', 'mariadb']);
    const ports = ['php', 'mariadb'].map((w) => Number(readFileSync(join(repo, '.sandbox', 'run', `${w}.port`), 'utf8')));
    for (const port of ports) expect(await portOpen(port), `port ${port}`).toBe(false);
    expect(existsSync(join(repo, '.sandbox', 'run', 'php.pid'))).toBe(false);
  });

  it('when every step passes: exit 0, and both are stopped', () => {
    const repo = fakeRepo();
    const r = ci(repo);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/transcription check has nothing to compare with/);
    expect(downs(repo)).toEqual(['php', 'mariadb']);
  });

  it('when provisioning fails half-way: stops what it had started (MariaDB)', () => {
    const repo = fakeRepo();
    const r = ci(repo, { FAKE_UP_FAIL: 'after-db' });
    expect(r.status, r.out).toBe(1);
    expect(downs(repo)).toEqual(['mariadb']);
    expect(readFileSync(join(repo, 'steps.log'), 'utf8')).not.toMatch(/breaking/);
  });

  it("a sandbox that was running before is not CI's: it stays up, even when a step fails", () => {
    const repo = fakeRepo();
    expect(spawnSync('bash', ['scripts/sandbox/up.sh'], { cwd: repo }).status).toBe(0);
    const before = ['php', 'mariadb'].map((w) => pidOf(repo, w));
    pids.push(...before);
    const r = ci(repo, { FAKE_TEST: '3' });
    expect(r.status, r.out).toBe(3);
    expect(downs(repo)).toEqual([]);
    for (const p of before) expect(alive(p)).toBe(true);
  });

  it("a crashed component that CI restarts is CI's to stop; the one that kept running is not", () => {
    const repo = fakeRepo();
    spawnSync('bash', ['scripts/sandbox/up.sh'], { cwd: repo });
    const db = pidOf(repo, 'mariadb');
    pids.push(db);
    const php = pidOf(repo, 'php');
    process.kill(php);
    for (let i = 0; i < 400 && alive(php); i++) spawnSync('sleep', ['0.05']); // until it is gone (at most 20 s)
    expect(alive(php)).toBe(false);
    const r = ci(repo);
    expect(r.status, r.out).toBe(0);
    expect(downs(repo)).toEqual(['php']);
    expect(alive(db)).toBe(true);
  });
});
