#!/usr/bin/env node
// `festival-site-api breaking`: list the changes between two bundles that break clients.
// Exit codes: 0 no break (or breaks announced by a greater major version), 1 unannounced breaks,
// 2 bad input.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { UsageError } from '../core/args.js';
import { flagTable, runCommand, runIfMain } from './lib/command.js';
import { compareBundles, latestRelease, verdict } from '../core/breaking.js';

export { latestRelease };
import { DEFAULT_SPEC, PACKAGE_ROOT, parseBundle } from '../core/spec.js';

export const HELP = `Usage: festival-site-api breaking --base <file | URL | git ref> [--head <file>] [--json <file>] [--all]
       festival-site-api breaking --since-release [--releases <dir>] [--head <file>] (in a checkout)

Compares two bundles and lists the changes that break clients: removed operations or parameters,
renamed operationIds, credentials newly required, new required parameters or request fields, narrowed
request enums, types, bounds, patterns, formats or closed objects, changed request defaults; removed
or retyped response fields (also in one oneOf/anyOf member) and widened response enums or variants.
The rules and known limits are listed at the top of cli/lib/breaking.ts.

  --base <bundle>    the older bundle: a file (JSON or YAML), an http(s) URL of one (read with a 30 s
                     timeout, at most 64 MB), or, in a checkout, a git ref whose generated/openapi.json
                     is read with git show (when that ref has no bundle, its openapi/ source is bundled)
  --since-release    in a checkout: base = the newest released bundle, releases/<major>.<minor>.<patch>.json
                     (written by \`npm run release -- <version>\`); none there is an error (exit 2). An
                     installed package carries no releases/: give --base <file or URL> there
  --releases <dir>   the folder of released bundles (default: releases/ of the package)
  --head <file>      the newer bundle (default: the package's generated/openapi.json)
  --json <file>      also write the changes as JSON
  --all              also list the non-breaking changes
  --help             this text (also -h)

Exit codes: 0 no break, or breaks announced by a greater info.version major; 1 unannounced breaks;
2 bad input.`;

export const FLAGS = flagTable({ string: ['base', 'head', 'json', 'releases'], boolean: ['all', 'since-release'] });

const GIT_MAX_BUFFER = 256 * 1024 * 1024;

function git(args: string[], opts: { cwd?: string } = {}) {
  return spawnSync('git', args, { encoding: 'utf8', maxBuffer: GIT_MAX_BUFFER, ...opts });
}

/** A member of a thrown value, inherited ones included (an error's `name`, a DOMException's). */
const prop = (v: unknown, key: string): unknown => (typeof v === 'object' && v !== null ? Reflect.get(v, key) : undefined);

/** Read the bundle at a git ref: its generated/openapi.json, else its openapi/ source bundled. */
function bundleAtRef(ref: string) {
  const top = git(['rev-parse', '--show-toplevel'], { cwd: PACKAGE_ROOT });
  if (top.status !== 0) throw new UsageError(`--base ${ref}: not a file, and not inside a git repository`);
  const root = top.stdout.trim();
  if (git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root }).status !== 0) throw new UsageError(`--base ${ref}: no such file or git ref`);
  const rel = relative(root, join(PACKAGE_ROOT, 'generated', 'openapi.json'))
    .split('\\')
    .join('/');
  const shown = git(['show', `${ref}:${rel}`], { cwd: root });
  if (shown.status === 0) return { doc: parseBundle(shown.stdout, `${ref}:${rel}`), from: `${ref}:${rel}` };
  // No committed bundle at that ref: bundle its source with the project's Redocly.
  const srcRel = relative(root, join(PACKAGE_ROOT, 'openapi')).split('\\').join('/');
  const redocly = join(PACKAGE_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  if (!existsSync(redocly)) throw new UsageError(`--base ${ref}: ${rel} is not committed there, and Redocly is not installed to bundle ${srcRel}/`);
  const tmp = mkdtempSync(join(tmpdir(), 'breaking-'));
  try {
    const tar = spawnSync('git', ['archive', '--format=tar', ref, srcRel], { cwd: root, encoding: 'buffer', maxBuffer: GIT_MAX_BUFFER });
    if (tar.status !== 0) throw new UsageError(`--base ${ref}: neither ${rel} nor ${srcRel}/ exists at that ref`);
    writeFileSync(join(tmp, 'src.tar'), tar.stdout);
    const x = spawnSync('tar', ['-xf', 'src.tar'], { cwd: tmp });
    if (x.status !== 0) throw new Error(`cannot unpack ${srcRel}/ of ${ref}`);
    const out = join(tmp, 'openapi.json');
    // The project's redocly.yaml, wherever this runs from: its decorator writes PUT and PATCH.
    const config = join(PACKAGE_ROOT, 'redocly.yaml');
    const b = spawnSync(
      process.execPath,
      [redocly, 'bundle', join(tmp, srcRel, 'openapi.yaml'), '--ext', 'json', '-o', out, ...(existsSync(config) ? ['--config', config] : [])],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    if (b.status !== 0 || !existsSync(out))
      throw new UsageError(
        `--base ${ref}: bundling ${srcRel}/openapi.yaml of that ref failed: ${(b.stderr || b.stdout).trim().split('\n').slice(-3).join(' ')}`,
      );
    return { doc: parseBundle(readFileSync(out, 'utf8'), `${ref}:${srcRel}`), from: `${ref}:${srcRel}/ (bundled)` };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A checkout has the spec's source; the installed package ships only the bundle (no openapi/, releases/, git). */
export const IN_CHECKOUT = existsSync(join(PACKAGE_ROOT, 'openapi', 'openapi.yaml'));
const URL_TIMEOUT_MS = 30_000;
const URL_MAX_BYTES = 64 * 1024 * 1024;

/** Read a bundle from an http(s) URL: hostile input, so a timeout, a size cap, no credentials sent. */
async function bundleAtUrl(url: string, { timeoutMs = URL_TIMEOUT_MS, maxBytes = URL_MAX_BYTES } = {}) {
  let u;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`--base ${url}: not a URL`);
  }
  if (u.username || u.password) throw new UsageError('--base: a URL must not hold credentials');
  const shown = `${u.origin}${u.pathname}`;
  let res;
  try {
    res = await fetch(u, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' } });
  } catch (e) {
    throw new UsageError(`--base ${shown}: cannot fetch it (${prop(prop(e, 'cause'), 'code') ?? prop(e, 'name') ?? e})`);
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new UsageError(`--base ${shown}: answered ${res.status}, not 200`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new UsageError(`--base ${shown}: larger than ${maxBytes / 1024 / 1024} MB`);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--base ${shown}: reading it failed (${prop(e, 'name') ?? e})`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    const doc = parseBundle(text, shown);
    if (!doc || !doc.openapi || !doc.paths) throw new Error('not an OpenAPI document');
    return { doc, from: shown };
  } catch (e) {
    throw new UsageError(`--base ${shown}: ${prop(e, 'message')}`);
  }
}

/** The newest released bundle in a releases folder: `{ file, version }`, or undefined when none. */
function readFile(file: string, flag: string) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${file}: cannot read it (${prop(e, 'code') ?? prop(e, 'message')})`);
  }
  try {
    const doc = parseBundle(text, file);
    if (!doc.openapi || !doc.paths) throw new Error('not an OpenAPI document');
    return doc;
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${prop(e, 'message')}`);
  }
}

/** Where a run prints (tests capture it). */
export interface BreakingIo {
  stdout?: { write(s: string): unknown };
  stderr?: { write(s: string): unknown };
}

export async function main(argv: readonly string[], { stdout = process.stdout, stderr = process.stderr }: BreakingIo = {}) {
  const say = (s: string) => stdout.write(`${s}\n`);
  const err = (s: string) => stderr.write(`${s}\n`);
  return runCommand('breaking', argv, { flags: FLAGS, help: HELP, say, err }, async (values, positionals) => {
    if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    if (values.base && values['since-release']) throw new UsageError('give --base or --since-release, not both');
    if (values.releases && !values['since-release']) throw new UsageError('--releases goes with --since-release');
    let baseRef = values.base;
    if (values['since-release']) {
      if (!values.releases && !IN_CHECKOUT)
        throw new UsageError(
          '--since-release needs the releases/ folder of a checkout, which an installed package does not carry: give the bundle to compare with, --base <file or URL>',
        );
      const dir = resolve(values.releases ?? join(PACKAGE_ROOT, 'releases'));
      const latest = latestRelease(dir);
      if (!latest)
        throw new UsageError(`--since-release: no released bundle <major>.<minor>.<patch>.json in ${dir} (\`npm run release -- <version>\` writes one)`);
      baseRef = latest.file;
    }
    if (!baseRef)
      throw new UsageError(
        IN_CHECKOUT
          ? '--base is required (a bundle file or URL, or a git ref), or --since-release'
          : '--base <file or URL> is required: the bundle to compare the installed one with',
      );
    const headFile = resolve(values.head ?? DEFAULT_SPEC);
    const head = readFile(headFile, '--head');
    let base;
    if (/^https?:\/\//i.test(baseRef)) base = await bundleAtUrl(baseRef);
    else if (existsSync(baseRef)) base = { doc: readFile(baseRef, '--base'), from: relative(process.cwd(), resolve(baseRef)) || baseRef };
    else if (!IN_CHECKOUT)
      throw new UsageError(
        `--base ${baseRef}: no such file; an installed package compares with a bundle file or URL (--base <file or URL>), git refs work in a checkout`,
      );
    else base = bundleAtRef(baseRef);
    if (values['since-release'] && base.doc.info?.version !== basename(baseRef, '.json'))
      throw new UsageError(`${base.from}: its info.version ${base.doc.info?.version} is not the version its name says`);
    const result = compareBundles(base.doc, head);
    const v = verdict(result);
    say(`breaking: base ${base.from} (${result.base.version ?? '?'}) -> head ${relative(process.cwd(), headFile) || headFile} (${result.head.version ?? '?'})`);
    const shown = values.all ? result.changes : result.changes.filter((c) => c.breaking);
    for (const c of shown) say(`  ${c.breaking ? 'BREAKING' : 'ok      '} ${c.rule.padEnd(34)} ${c.operation}  ${c.where}: ${c.message}`);
    const nonBreaking = result.changes.length - v.breaking;
    say(
      `breaking: ${v.breaking} breaking change(s), ${nonBreaking} other change(s)${v.breaking ? (v.announced ? ` — announced by the major version (${result.base.version} -> ${result.head.version})` : ` — NOT announced: info.version ${result.base.version} -> ${result.head.version} keeps the major`) : ''}`,
    );
    if (values.json) writeFileSync(values.json, `${JSON.stringify({ ...result, verdict: v }, null, 2)}\n`);
    return v.ok ? 0 : 1;
  });
}

await runIfMain(import.meta.url, main);
