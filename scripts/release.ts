#!/usr/bin/env node
// Release a version: `npm run release -- <major>.<minor>.<patch>`.
//  1. refuses a version not greater than the newest released bundle (releases/<version>.json);
//  2. refuses when CHANGELOG.md has no `## Unreleased` notes;
//  3. refuses unannounced breaking changes: the bundle compared with the newest release must have
//     no break, or the new version must raise the major (the same gate as `.ci/run`);
//  4. writes the version into package.json, package-lock.json and openapi/openapi.yaml info.version,
//     rebuilds (`npm run build`), checks the gate again on the rebuilt bundle, stores the bundle as
//     releases/<version>.json, and renames `## Unreleased` in CHANGELOG.md to `## <version> (<date>)`.
// It neither commits nor tags: it prints the git commands. Exit codes: 0 released, 1 refused by the
// gate or the build, 2 bad input.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// The breaking-change comparison is the core's, shared with the CLI's `breaking` command.
import { isMain, parseArgs } from '../core/args.ts';
import { compareBundles, latestRelease, verdict } from '../core/breaking.ts';
import { PACKAGE_ROOT as ROOT, type OpenApiDoc } from '../core/spec.ts';

export class ReleaseError extends Error {
  readonly code: number;
  constructor(message: string, code = 2) {
    super(message);
    this.code = code;
  }
}

type Version = [number, number, number];
const parse = (v: string): Version | undefined => /^(\d+)\.(\d+)\.(\d+)$/.exec(v)?.slice(1).map(Number) as Version | undefined;
const greater = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Rename `## Unreleased` to the version's heading; refuses when there are no notes under it. */
export function changelogFor(text: string, version: string, date: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^## Unreleased\s*$/i.test(l));
  if (at < 0) throw new ReleaseError('CHANGELOG.md has no "## Unreleased" heading: write the release notes there first');
  const end = lines.findIndex((l, i) => i > at && /^## /.test(l));
  const notes = lines.slice(at + 1, end < 0 ? undefined : end).filter((l) => l.trim());
  if (!notes.length) throw new ReleaseError('CHANGELOG.md: "## Unreleased" has no notes: write them first');
  lines[at] = `## ${version} (${date})`;
  return lines.join('\n');
}

/** Set info.version in the source's root file (the first `version:` line of the `info:` block). */
export function specWithVersion(text: string, version: string): string {
  const lines = text.split('\n');
  const info = lines.findIndex((l) => /^info:\s*$/.test(l));
  if (info < 0) throw new ReleaseError('openapi/openapi.yaml has no top-level info: block');
  for (let i = info + 1; i < lines.length && /^(\s|$)/.test(lines[i]); i++) {
    if (/^ {2}version:/.test(lines[i])) {
      lines[i] = `  version: ${version}`;
      return lines.join('\n');
    }
  }
  throw new ReleaseError('openapi/openapi.yaml: info has no version line');
}

/** A change the comparison lists (core/breaking.ts), as far as the gate reads it. */
interface ChangeLine {
  breaking?: unknown;
  rule?: unknown;
  operation?: unknown;
  where?: unknown;
  message?: unknown;
}

function gate(latest: { file: string; version: string }, bundle: OpenApiDoc, label: string): { ok: boolean; breaking: number } {
  // A released bundle: a copy of a build's generated/openapi.json.
  const base = JSON.parse(readFileSync(latest.file, 'utf8')) as OpenApiDoc;
  const result = compareBundles(base, bundle);
  const v = verdict(result);
  if (!v.ok) {
    const list = result.changes
      .filter((c: ChangeLine) => c.breaking)
      .slice(0, 20)
      .map((c: ChangeLine) => `  ${c.rule} ${c.operation} ${c.where}: ${c.message}`);
    throw new ReleaseError(
      `${label}: ${v.breaking} breaking change(s) since ${latest.version}, and ${bundle.info?.version} keeps the major:\n${list.join('\n')}${v.breaking > 20 ? '\n  ...' : ''}\nRelease a new major version, or undo the breaks (npm run breaking -- --since-release lists them all).`,
      1,
    );
  }
  return v;
}

function runBuild(root: string): void {
  const r = spawnSync(process.execPath, [join('dist', 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0)
    throw new ReleaseError(
      'the build failed (see above); the version files are already changed: `git checkout -- package.json package-lock.json openapi/openapi.yaml` undoes that',
      1,
    );
}

/** Release `version` in the project at `root`. `build(root)` regenerates generated/openapi.json. */
export function release(
  version: string,
  { root = ROOT, build = runBuild, date = new Date().toISOString().slice(0, 10) }: { root?: string; build?: (root: string) => void; date?: string } = {},
): { version: string; previous: string; breaking: number } {
  const next = parse(version ?? '');
  if (!next) throw new ReleaseError(`give the version as <major>.<minor>.<patch>, e.g. 1.1.0 (got ${JSON.stringify(version ?? '')})`);
  const latest = latestRelease(join(root, 'releases'));
  if (!latest) throw new ReleaseError('releases/ holds no released bundle <version>.json to compare with');
  if (greater(next, parse(latest.version)!) <= 0) throw new ReleaseError(`${version} is not greater than the newest release ${latest.version}`);
  const files = {
    pkg: join(root, 'package.json'),
    lock: join(root, 'package-lock.json'),
    spec: join(root, 'openapi', 'openapi.yaml'),
    log: join(root, 'CHANGELOG.md'),
    bundle: join(root, 'generated', 'openapi.json'),
  };
  for (const f of [files.pkg, files.spec, files.log, files.bundle]) if (!existsSync(f)) throw new ReleaseError(`${f} is missing`);
  // Everything is checked before anything is written.
  const changelog = changelogFor(readFileSync(files.log, 'utf8'), version, date);
  const spec = specWithVersion(readFileSync(files.spec, 'utf8'), version);
  // The build's own bundle (generated/openapi.json).
  const current = JSON.parse(readFileSync(files.bundle, 'utf8')) as OpenApiDoc;
  gate(latest, { ...current, info: { ...current.info, version } }, 'refused');

  const pkg = JSON.parse(readFileSync(files.pkg, 'utf8'));
  pkg.version = version;
  writeFileSync(files.pkg, `${JSON.stringify(pkg, null, 2)}\n`);
  if (existsSync(files.lock)) {
    const lock = JSON.parse(readFileSync(files.lock, 'utf8'));
    lock.version = version;
    if (lock.packages?.['']) lock.packages[''].version = version;
    writeFileSync(files.lock, `${JSON.stringify(lock, null, 2)}\n`);
  }
  writeFileSync(files.spec, spec);
  build(root);
  const built = JSON.parse(readFileSync(files.bundle, 'utf8')) as OpenApiDoc;
  if (built.info?.version !== version) throw new ReleaseError(`the rebuilt bundle says info.version ${built.info?.version}, not ${version}`, 1);
  const v = gate(latest, built, 'refused after the build');
  mkdirSync(join(root, 'releases'), { recursive: true });
  copyFileSync(files.bundle, join(root, 'releases', `${version}.json`));
  writeFileSync(files.log, changelog);
  return { version, previous: latest.version, breaking: v.breaking };
}

const RELEASE_HELP = `Usage: npm run release -- <major>.<minor>.<patch>      (or: node dist/scripts/release.js <version>)

Refuses unannounced breaking changes, writes the version into package.json, package-lock.json and
openapi/openapi.yaml, rebuilds, stores releases/<version>.json and dates ## Unreleased in
CHANGELOG.md; then prints the git commands to commit and tag. Exit codes: 0 released, 1 refused by
the gate or the build, 2 bad input.

Options:
  --help                  this text (also -h)`;

if (isMain(import.meta.url)) {
  try {
    let parsed;
    try {
      parsed = parseArgs(process.argv.slice(2), { help: { type: 'boolean', short: 'h' } });
    } catch (e) {
      throw new ReleaseError(`${e instanceof Error ? e.message : String(e)} (see --help)`);
    }
    if (parsed.values.help) {
      console.log(RELEASE_HELP);
      process.exit(0);
    }
    const args = parsed.positionals;
    if (args.length !== 1) throw new ReleaseError('usage: npm run release -- <major>.<minor>.<patch>');
    const r = release(args[0]);
    console.log(
      `release: ${r.version} (after ${r.previous}${r.breaking ? `; ${r.breaking} breaking change(s), announced by the major` : ''}): wrote releases/${r.version}.json, CHANGELOG.md, the version in package.json, package-lock.json and openapi/openapi.yaml.`,
    );
    console.log(`Next: git add -A && git commit -m "Release ${r.version}" && git tag v${r.version}`);
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    console.error(`release: ${e.message}`);
    process.exitCode = e.code;
  }
}
