// Issue 26: the package as a new user installs it. `npm pack`, then `npm install --offline` of the
// tarball into an empty project (its dependencies are packed from this repository's node_modules, so
// no registry and no cache are needed), without --ignore-scripts: the package must carry no
// install-time script (npm 11 flags one), and the installed CLI must work: every command's --help,
// and `breaking` against a bundle given as a file or a URL (`--since-release` needs a checkout's
// releases/, and says in one line what to give instead).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild } from '../support/child.js';
import { NPM_ENV, pack, PKG, REPO, run, SETUP_MS } from './package.js';

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];

/** As run(), without blocking this process (whose web server the command talks to). */
const runAsync = (cmd: string, args: string[], cwd: string) => runChild(cmd, args, { cwd, env: NPM_ENV });

/** The runtime dependencies, transitively, as found in the repository's node_modules (bounded). */
function dependencyClosure(): string[] {
  const seen = new Set<string>();
  const todo = Object.keys(PKG.dependencies);
  while (todo.length && seen.size < 200) {
    const name = todo.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const pj = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    todo.push(...Object.keys(pj.dependencies ?? {}));
  }
  return [...seen];
}

let work: string;
let project: string;
let tarball: string;
let install: ReturnType<typeof run>;
let server: http.Server;
let bundleUrl = '';
const cli = () => join(project, 'node_modules', '.bin', 'festival-site-api');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'festival-install-'));
  tarball = pack(work);
  const deps = join(work, 'deps');
  mkdirSync(deps);
  const depTarballs = dependencyClosure().map((name) => {
    const file = join(deps, `${name.replace('/', '+')}.tgz`);
    const tar = run(
      'tar',
      ['-czf', file, '-C', join(REPO, 'node_modules', name, '..'), `--transform=s,^${name.split('/').pop()},package,`, name.split('/').pop()!],
      REPO,
    );
    expect(tar.status, tar.out).toBe(0);
    return file;
  });
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'first-hour', private: true, type: 'module' }, null, 2));
  // --foreground-scripts: a lifecycle script that runs prints its "> pkg@version script" banner here.
  install = run('npm', ['install', '--offline', '--foreground-scripts', '--no-audit', '--no-fund', tarball, ...depTarballs], project);
  expect(install.status, install.out).toBe(0);
  // A web server holding the released 1.0.0 bundle, for `--base <URL>`.
  const old = readFileSync(join(REPO, 'releases', '1.0.0.json'));
  server = http.createServer((req, res) => {
    if (req.url === '/1.0.0.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(old);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  bundleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.0.0.json`;
}, SETUP_MS);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('installing the packed package', () => {
  it('carries no install-time script, and none runs or is flagged on install', () => {
    const listed = run('tar', ['-xzOf', tarball, 'package/package.json'], work);
    const scripts = (JSON.parse(listed.stdout) as { scripts?: Record<string, string> }).scripts ?? {};
    expect(INSTALL_SCRIPTS.filter((s) => s in scripts)).toEqual([]);
    expect(install.out).not.toMatch(/install-scripts|> festival-site-api@/);
    // The build happened at pack time: the compiled client and mapping are in the tarball.
    expect(existsSync(join(project, 'node_modules', PKG.name, 'dist', 'src', 'mapping.js'))).toBe(true);
  });

  it('breaking --base <file>: compares that bundle with the installed one', () => {
    const r = run(cli(), ['breaking', '--base', join(REPO, 'releases', '1.0.0.json')], project);
    expect(r.status, r.out).toBe(0); // 1.0.0 -> the installed major: the breaks are announced by the major version
    const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
    expect(r.stdout).toMatch(
      new RegExp(`^breaking: base .*1\\.0\\.0\\.json \\(1\\.0\\.0\\) -> head .*generated/openapi\\.json \\(${version.replace(/\./g, '\\.')}\\)`),
    );
    expect(r.stdout).toMatch(/breaking: \d+ breaking change\(s\), \d+ other change\(s\) — announced by the major version/);
  });

  it('breaking --base <URL>: reads the bundle from the web', async () => {
    const r = await runAsync(cli(), ['breaking', '--base', bundleUrl], project);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`base ${bundleUrl} (1.0.0)`);
    const missing = await runAsync(cli(), ['breaking', '--base', bundleUrl.replace('1.0.0', '0.9.0')], project);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toMatch(/answered 404/);
  });

  it('breaking --since-release: one line saying to give --base <file or URL> (no `npm run release`)', () => {
    const r = run(cli(), ['breaking', '--since-release'], project);
    expect(r.status).toBe(2);
    const first = r.stderr.split('\n')[0];
    expect(first).toMatch(
      /^breaking: --since-release needs the releases\/ folder of a checkout, which an installed package does not carry: give the bundle to compare with, --base <file or URL>$/,
    );
    expect(r.stderr).not.toMatch(/npm run release/);
    const ref = run(cli(), ['breaking', '--base', 'v1.0.0'], project);
    expect(ref.status).toBe(2);
    expect(ref.stderr.split('\n')[0]).toMatch(/--base <file or URL>/);
  });

  it('every command answers --help from the install', () => {
    for (const cmd of [[], ['contract'], ['drift'], ['validate-har'], ['breaking']]) {
      const r = run(cli(), [...cmd, '--help'], project);
      expect(r.status, `${cmd.join(' ')} --help: ${r.out}`).toBe(0);
      expect(r.stdout).toMatch(/^Usage: festival-site-api /);
    }
  });
});
