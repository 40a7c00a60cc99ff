// The release script (scripts/release.ts) on a small project in a temporary folder, with a stand-in
// build that bundles by copying: it writes the version everywhere, stores the released bundle, renames
// the changelog's Unreleased section, and refuses unannounced breaks before writing anything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { release, ReleaseError } from '../../scripts/release.ts';
import { ROOT } from '../support/spec.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const FIX = join(ROOT, 'test', 'fixtures', 'breaking');
const load = (name: string): Json => YAML.parse(readFileSync(join(FIX, name), 'utf8'));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project at 1.0.0 whose working bundle will be `next` (its info.version comes from the source). */
function project(next: Json, changelog = '# Changelog\n\n## Unreleased\n- Something new.\n\n## 1.0.0\n- First.\n') {
  const root = mkdtempSync(join(tmpdir(), 'release-'));
  dirs.push(root);
  for (const d of ['releases', 'generated', 'openapi']) mkdirSync(join(root, d));
  const base = { ...load('base.yaml'), info: { title: 'Things', version: '1.0.0' } };
  writeFileSync(join(root, 'releases', '1.0.0.json'), JSON.stringify(base));
  writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'x', version: '1.0.0', private: true }, null, 2)}\n`);
  writeFileSync(
    join(root, 'package-lock.json'),
    `${JSON.stringify({ name: 'x', version: '1.0.0', lockfileVersion: 3, packages: { '': { name: 'x', version: '1.0.0' } } }, null, 2)}\n`,
  );
  writeFileSync(join(root, 'openapi', 'openapi.yaml'), 'openapi: 3.1.0\ninfo:\n  title: Things\n  version: 1.0.0\n  description: x\npaths: {}\n');
  writeFileSync(join(root, 'CHANGELOG.md'), changelog);
  writeFileSync(join(root, 'generated', 'openapi.json'), JSON.stringify({ ...next, info: { ...next.info, version: '1.0.0' } }));
  // The stand-in build: the bundle is `next` with the source's info.version.
  const build = (r: string) => {
    const version = /^ {2}version: (.*)$/m.exec(readFileSync(join(r, 'openapi', 'openapi.yaml'), 'utf8'))![1];
    writeFileSync(join(r, 'generated', 'openapi.json'), JSON.stringify({ ...next, info: { ...next.info, version } }));
  };
  return { root, build };
}
const read = (root: string, f: string) => readFileSync(join(root, f), 'utf8');

describe('npm run release -- <version>', () => {
  it('a compatible minor release writes the version, the released bundle and the changelog', () => {
    const { root, build } = project(load('head-compatible.yaml'));
    const r = release('1.1.0', { root, build, date: '2026-11-23' });
    expect(r).toEqual({ version: '1.1.0', previous: '1.0.0', breaking: 0 });
    expect(JSON.parse(read(root, 'package.json')).version).toBe('1.1.0');
    const lock = JSON.parse(read(root, 'package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual(['1.1.0', '1.1.0']);
    expect(read(root, 'openapi/openapi.yaml')).toMatch(/^info:\n {2}title: Things\n {2}version: 1\.1\.0\n/m);
    expect(JSON.parse(read(root, 'releases/1.1.0.json')).info.version).toBe('1.1.0');
    expect(read(root, 'CHANGELOG.md')).toBe('# Changelog\n\n## 1.1.0 (2026-11-23)\n- Something new.\n\n## 1.0.0\n- First.\n');
  });

  it('refuses an unannounced break before writing anything', () => {
    const { root, build } = project(load('head-breaking.yaml'));
    const before = ['package.json', 'openapi/openapi.yaml', 'CHANGELOG.md'].map((f) => read(root, f));
    expect(() => release('1.1.0', { root, build })).toThrow(/breaking change\(s\) since 1\.0\.0.*keeps the major/s);
    expect(['package.json', 'openapi/openapi.yaml', 'CHANGELOG.md'].map((f) => read(root, f))).toEqual(before);
    expect(existsSync(join(root, 'releases', '1.1.0.json'))).toBe(false);
  });

  it('releases the same break as a new major', () => {
    const { root, build } = project(load('head-breaking.yaml'));
    const r = release('2.0.0', { root, build, date: '2026-11-23' });
    expect(r.breaking).toBeGreaterThan(10);
    expect(JSON.parse(read(root, 'releases/2.0.0.json')).info.version).toBe('2.0.0');
  });

  it.each([
    ['not semver', 'v1.1', /<major>\.<minor>\.<patch>/],
    ['not newer', '1.0.0', /not greater than the newest release 1\.0\.0/],
    ['older', '0.9.9', /not greater/],
  ])('refuses a version that is %s', (_l, version, message) => {
    const { root, build } = project(load('head-compatible.yaml'));
    expect(() => release(version, { root, build })).toThrow(message);
  });

  it('refuses without release notes under ## Unreleased', () => {
    for (const log of ['# Changelog\n\n## 1.0.0\n- First.\n', '# Changelog\n\n## Unreleased\n\n## 1.0.0\n- First.\n']) {
      const { root, build } = project(load('head-compatible.yaml'), log);
      expect(() => release('1.1.0', { root, build })).toThrow(ReleaseError);
      expect(JSON.parse(read(root, 'package.json')).version).toBe('1.0.0');
    }
  });

  it('the command line: a bad version is one line and exit 2', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'release.js'), 'banana'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the repository keeps the released 1.0.0 bundle', () => {
    expect(JSON.parse(read(ROOT, 'releases/1.0.0.json')).info.version).toBe('1.0.0');
  });
});
