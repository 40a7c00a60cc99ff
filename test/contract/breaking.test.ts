// The breaking-change command (`npm run breaking`, the CLI) and the release gate on fixture pairs
// (test/fixtures/breaking/): the exit code follows info.version's major. The rules themselves:
// test/core/breaking.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { latestRelease } from '../../cli/breaking.ts';
import { ROOT } from '../support/spec.js';

const FIX = join(ROOT, 'test', 'fixtures', 'breaking');
const load = (name: string) => YAML.parse(readFileSync(join(FIX, name), 'utf8'));
const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), 'breaking', ...args], { cwd: ROOT, encoding: 'utf8' });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('npm run breaking (the CLI)', () => {
  it('exits 1 on unannounced breaks and names them', () => {
    const r = cli('--base', join(FIX, 'base.yaml'), '--head', join(FIX, 'head-breaking.yaml'));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/BREAKING operation-removed\s+DELETE \/things\/\{id\}/);
    expect(r.stdout).toMatch(/NOT announced/);
  });

  it('exits 0 on compatible changes', () => {
    const r = cli('--base', join(FIX, 'base.yaml'), '--head', join(FIX, 'head-compatible.yaml'));
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/0 breaking change/);
  });

  it('exits 2 on bad input, without a stack trace', () => {
    for (const args of [['--bogus'], [], ['--base', 'no-such-ref-or-file-xyz'], ['--base', join(FIX, 'base.yaml'), '--head', join(ROOT, 'package.json')]]) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('reads the base bundle of a git ref (HEAD) and compares it with the current bundle', () => {
    const r = cli('--base', 'HEAD', '--head', join(FIX, 'base.yaml'));
    expect([0, 1]).toContain(r.status);
    expect(r.stdout).toMatch(/^breaking: base HEAD:/);
  });
});

describe('the release gate: npm run breaking -- --since-release (what .ci/run runs)', () => {
  const tmp = () => mkdtempSync(join(tmpdir(), 'gate-'));
  const json = (dir: string, name: string, doc: Json) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(doc));
    return f;
  };

  it('.ci/run runs it, against the committed releases/', () => {
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^npm run breaking -- --since-release$/m);
  });

  it('fails on an operation removed from the current bundle, with no git tag involved', () => {
    const dir = tmp();
    try {
      // The working bundle as it is (its version keeps the newest release's major), one operation less.
      const newest = latestRelease(join(ROOT, 'releases'))!;
      const head = JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8'));
      expect(head.info.version.split('.')[0]).toBe(newest.version.split('.')[0]);
      delete head.paths['/core/v2/posts/{id}'].delete;
      const r = cli('--since-release', '--head', json(dir, 'head.json', head));
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stdout.startsWith(`breaking: base releases/${newest.version}.json`), r.stdout).toBe(true);
      expect(r.stdout).toMatch(/BREAKING operation-removed\s+DELETE \/core\/v2\/posts\/\{id\}/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compares with the newest release by semver, fails on an unannounced break, passes when the major says so', () => {
    const dir = tmp();
    try {
      const releases = join(dir, 'releases');
      const base = load('base.yaml');
      const old = { ...structuredClone(base), info: { ...base.info, version: '0.9.0' } };
      delete old.paths['/things/{id}'];
      // 1.0.0 is newer than 0.9.0 and 0.10.0 is not newer than 1.0.0: the gate must pick 1.0.0.
      mkdirSync(releases);
      json(releases, '0.9.0.json', old);
      json(releases, '0.10.0.json', { ...old, info: { ...old.info, version: '0.10.0' } });
      json(releases, '1.0.0.json', base);
      const breaking = load('head-breaking.yaml');
      const minor = cli('--since-release', '--releases', releases, '--head', json(dir, 'minor.json', breaking));
      expect(minor.status, minor.stdout + minor.stderr).toBe(1);
      expect(minor.stdout).toMatch(/\(1\.0\.0\) -> head .* \(1\.1\.0\)/);
      expect(minor.stdout).toMatch(/NOT announced/);
      breaking.info.version = '2.0.0';
      const majorBump = cli('--since-release', '--releases', releases, '--head', json(dir, 'major.json', breaking));
      expect(majorBump.status, majorBump.stdout + majorBump.stderr).toBe(0);
      expect(majorBump.stdout).toMatch(/announced by the major version \(1\.0\.0 -> 2\.0\.0\)/);
      const compatible = cli('--since-release', '--releases', releases, '--head', join(FIX, 'head-compatible.yaml'));
      expect(compatible.status, compatible.stdout).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a released bundle it is an error (exit 2), never a silent pass', () => {
    const dir = tmp();
    try {
      const r = cli('--since-release', '--releases', dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/no released bundle/);
      json(dir, '1.0.0.json', { ...load('base.yaml'), info: { title: 'x', version: '1.2.0' } });
      const lying = cli('--since-release', '--releases', dir, '--head', join(FIX, 'base.yaml'));
      expect(lying.status).toBe(2);
      expect(lying.stderr).toMatch(/not the version its name says/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
