#!/usr/bin/env node
// The npm scripts' launcher (plain JavaScript: it runs before anything is compiled). Two jobs:
//
// 1. Compile only when needed. The code (tsconfig.code.json) is compiled into dist/ when a source is
//    newer than dist/.code-stamp, the stamp is missing or the target is missing; a warm checkout skips
//    tsc altogether (a walk of the sources' modification times, milliseconds), and a needed compile is
//    incremental (dist/.tsbuildinfo.code, named on tsc's command line only: a tsc run elsewhere with
//    another --outDir never records outputs it did not write there). The stamp is made before tsc starts and put in place only
//    when tsc succeeds, so a source changed during a compile is compiled again next time.
// 2. Stop everything from any signal. npm forwards SIGINT and SIGTERM to its script's process but not
//    SIGHUP (npm dies of it and its child runs on, re-parented). The launcher is npm's child: it
//    forwards SIGINT, SIGTERM and SIGHUP to the process it runs, and when npm dies without forwarding
//    (its parent changes) it sends that process SIGHUP. It exits as the process did (same code, or
//    the same signal), and kills the process after STOP_GRACE_MS if it does not stop.
//
// Usage: node scripts/launch.js [--build] [--build-only] [--group] [node flags...] <target> [args...]
//   <target>.js   run with this Node (the node flags before it are passed to Node); compiled first
//                 when it is under dist/
//   other         run as a command (e.g. `bash scripts/sandbox/up.sh`); --build compiles first
//   --build-only  compile if needed and exit (test/global-setup.ts)
//   --group       run the target in a process group of its own (stdin closed) and signal the whole
//                 group, as a terminal's Ctrl-C does: a shell script's foreground command stops with
//                 it (the shell runs its trap only after that command ends); daemons it started in
//                 sessions of their own (setsid) are not in the group
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.code-stamp');
/** Folders whose .ts files tsconfig.code.json compiles (or reaches by import), walked recursively. */
export const SOURCE_DIRS = ['core', 'src', 'cli', 'mock', 'scripts', 'bench', 'generated'];
/** Single files whose change changes the compile: its configuration, the package's module type, the installed types. */
export const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'tsconfig.code.json', 'package.json', join('node_modules', '.package-lock.json')];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const STOP_GRACE_MS = 10_000;
const PARENT_POLL_MS = 100;
const MAX_DEPTH = 12;

/** The newest modification time (ms) of the compile's inputs: every .ts and .js file (tsconfig's allowJs: core/platform.js) and every folder (an added or removed file changes its folder). */
export function newestInput(root = ROOT) {
  let newest = 0;
  const walk = (dir, depth) => {
    let st;
    try {
      st = statSync(dir);
    } catch {
      return;
    }
    newest = Math.max(newest, st.mtimeMs);
    if (depth > MAX_DEPTH) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'docs') walk(p, depth + 1);
      } else if (/\.(ts|js)$/.test(e.name)) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of SOURCE_DIRS) walk(join(root, d), 0);
  for (const f of CONFIG_FILES) {
    try {
      newest = Math.max(newest, statSync(join(root, f)).mtimeMs);
    } catch {
      /* absent: nothing to compare */
    }
  }
  return newest;
}

/** Whether dist/ holds the compile of the current sources (and `target`, when given, exists). */
export function codeIsFresh(target, root = ROOT) {
  const stamp = join(root, 'dist', '.code-stamp');
  if (!existsSync(stamp) || (target && !existsSync(target))) return false;
  return newestInput(root) < statSync(stamp).mtimeMs;
}

let child = null;
let group = false;
let stopSignal = null;
let killTimer = null;

/** Forward a signal to the running child (tsc or the target); without one, exit by that signal. */
function onSignal(signal) {
  stopSignal ??= signal;
  if (!child || child.exitCode !== null || child.signalCode !== null) return exitLike(null, signal);
  try {
    if (group) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    /* gone already */
  }
  killTimer ??= setTimeout(() => {
    console.error(`launch: ${child.spawnargs.join(' ').slice(0, 200)} did not stop within ${STOP_GRACE_MS / 1000} s of ${signal}; killing it.`);
    child.kill('SIGKILL');
  }, STOP_GRACE_MS);
}

/** Exit as the child did: its code, or re-raise its signal on this process (npm then dies of it too). */
function exitLike(code, signal) {
  if (signal) {
    for (const s of SIGNALS) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}

/** Run `cmd args` with inherited stdio as the one child; resolves with its exit. */
function run(cmd, args) {
  return new Promise((done) => {
    child = spawn(cmd, args, group ? { stdio: ['ignore', 'inherit', 'inherit'], detached: true } : { stdio: 'inherit' });
    child.on('error', (e) => {
      console.error(`launch: cannot run ${cmd}: ${e.message}`);
      done({ code: 127, signal: null });
    });
    child.on('exit', (code, signal) => done({ code, signal }));
  });
}

/** Compile unless fresh; the stamp (made before tsc starts) is put in place only after a clean compile. */
async function ensureCode(target) {
  if (codeIsFresh(target)) return { code: 0, signal: null };
  mkdirSync(DIST, { recursive: true });
  if (target && !existsSync(target)) rmSync(join(DIST, '.tsbuildinfo.code'), { force: true });
  const pending = `${STAMP}.${process.pid}`;
  writeFileSync(pending, '');
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = await run(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.code.json'), '--incremental', '--tsBuildInfoFile', join(DIST, '.tsbuildinfo.code')]);
  if (r.code === 0 && !r.signal) renameSync(pending, STAMP);
  else rmSync(pending, { force: true });
  return r;
}

/** Split the command line: launcher flags, node flags, the target and its arguments. */
function parse(argv) {
  const o = { build: false, buildOnly: false, group: false, nodeFlags: [], target: null, args: [] };
  let i = 0;
  for (; i < argv.length && argv[i].startsWith('-'); i++) {
    if (argv[i] === '--build') o.build = true;
    else if (argv[i] === '--build-only') o.buildOnly = true;
    else if (argv[i] === '--group') o.group = true;
    else o.nodeFlags.push(argv[i]);
  }
  o.target = argv[i] ?? null;
  o.args = argv.slice(i + 1);
  return o;
}

async function main() {
  const o = parse(process.argv.slice(2));
  if (!o.target && !o.buildOnly) {
    console.error('launch: usage: node scripts/launch.js [--build] [--build-only] [--group] [node flags...] <target> [args...]');
    process.exit(2);
  }
  for (const s of SIGNALS) process.on(s, () => onSignal(s));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    onSignal('SIGHUP');
  }, PARENT_POLL_MS).unref();
  const isNode = o.target?.endsWith('.js') ?? false;
  const script = isNode ? resolve(o.target) : null;
  if (o.buildOnly || o.build || (script && script.startsWith(DIST + sep))) {
    const r = await ensureCode(script && script.startsWith(DIST + sep) ? script : undefined);
    if (r.signal || stopSignal) return exitLike(null, r.signal ?? stopSignal);
    if (r.code !== 0) {
      console.error(`launch: compiling the code (tsc -p tsconfig.code.json) failed (exit ${r.code}).`);
      return exitLike(r.code, null);
    }
    if (o.buildOnly) return exitLike(0, null);
  }
  group = o.group;
  const r = isNode ? await run(process.execPath, [...o.nodeFlags, script, ...o.args]) : await run(o.target, o.args);
  if (killTimer) clearTimeout(killTimer);
  exitLike(r.code, r.signal);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
