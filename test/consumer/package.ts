// The package as the tests of this folder get it: the repository and its package.json, npm without
// its noise (no fund, audit or update notice), a command run in a folder, and `npm pack` into one.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

export const REPO = resolve(import.meta.dirname, '../..');
export const PKG = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
/** The bound of one command, and of a hook that runs a few of them (pack, install, a mock). */
export const RUN_MS = 600_000;
export const SETUP_MS = 3 * RUN_MS;

export const NPM_ENV = { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };

/** Run a command in `cwd` (10 minutes at most: `npm pack` compiles, and a loaded 2-core machine is slow): its status, stdout, stderr, and both as `out` without npm's config warnings. */
export function run(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, env: { ...NPM_ENV, ...extra }, encoding: 'utf8', timeout: RUN_MS });
  return {
    status: r.status,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    out: `${r.stdout ?? ''}${r.stderr ?? ''}`
      .split('\n')
      .filter((l) => !l.includes('Unknown user config'))
      .join('\n'),
  };
}

/** `npm pack` the repository into `dir`; the tarball's path. */
export function pack(dir: string): string {
  const r = run('npm', ['pack', '--pack-destination', dir], REPO);
  expect(r.status, r.out).toBe(0);
  return join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.tgz'))!,
  );
}
