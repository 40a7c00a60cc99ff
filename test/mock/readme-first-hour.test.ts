// The README's "frontend's first hour", pasted as written (issue 32). Its first shell block runs in
// the checkout exactly as it stands, `npm run mock &` included (MOCK_PORT names a free port, which
// the block's own `${MOCK_PORT:-4010}` reads): it waits until the mock listens, the real names and
// the spec's list the festival, the created event is found by its title with links on the mock, the
// reset restores the seed; then `kill $!` (the PID the block leaves in `$!`) stops every process it
// started. Its second shell block (npm pack, a fresh ES-module project made with `npm init -y`,
// npm install of the tarball) runs as written with HOME in a temporary folder, from the tarball and
// the local npm cache first (--prefer-offline: `npm ci` caches the dependencies' tarballs but not
// the registry documents an install resolves exact versions with; those come from the registry), and the TypeScript block, saved as the README says, runs there with
// Node against the test's mock (its port put in place of 4010) and type-checks as `.ts`; the
// `@wordpress/api-fetch` block, installed by the same `npm install`, runs there against the mock.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../core/process.ts';
import { startMock, type Mock } from '../support/mock.js';
import { killAll, processTree, startWatched, waitGone, type Proc } from '../support/procs.js';
import { ROOT } from '../support/spec.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf("3. **A frontend's first hour against the mock.**"), readme.indexOf('4. **First contract run'));
const [shell, install] = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
const ts = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const js = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const TARBALL = join(ROOT, `${PKG.name}-${PKG.version}.tgz`);
const NPM_CACHE = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

/** The block's lines joined where they continue (`\` at the end), each preceded by a marker echo. */
const marked = (block: string) =>
  block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l, i) => `echo "@@${i}"; ${l}`)
    .join('\n');

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe("the README's first hour with the mock, pasted", () => {
  it('the shell block as written: waits for the mock, real and spec names, a write read back, a reset; kill $! stops it all', async () => {
    expect(shell).toContain('npm run mock &');
    expect(shell).toMatch(/--retry-connrefused/);
    // A curl piped into `head` fails the block under pipefail whenever head closes first (curl exit 23).
    expect(shell).not.toMatch(/curl[^\n]*\|\s*head/);
    const port = await freePort();
    // The background job keeps the shell's stdout open: the block is done when bash exits and its last
    // line (the marker with `$!`) has arrived, not when the pipe closes.
    const bash = startWatched('bash', ['-c', `${marked(shell)}\necho "@@npm $!"`], {
      cwd: ROOT,
      env: { ...process.env, MOCK_PORT: String(port) },
      pattern: /@@npm \d+\n/,
      timeoutMs: 240_000,
    });
    const exited = new Promise<number | null>((resolve) => bash.child.once('exit', (code) => resolve(code)));
    await bash.ready.catch(() => {});
    const r = { status: await exited, stdout: bash.output(), stderr: '' };
    const npmPid = Number(/@@npm (\d+)/.exec(r.stdout)?.[1]);
    let tree: Proc[] = [];
    try {
      expect(npmPid, r.stdout + r.stderr).toBeGreaterThan(0);
      tree = processTree(npmPid);
      expect(r.status, r.stderr).toBe(0);
      // Each step's output: its JSON (the mock's own log lines, printed by the background job, left out).
      const steps = r.stdout
        .split(/@@(?:\d+|npm \d+)\n/)
        .slice(1)
        .map((s) =>
          s
            .split('\n')
            .filter((l) => l.startsWith('{'))
            .join(''),
        );
      const curls = steps.filter((s) => s !== '');
      expect(curls).toHaveLength(5);
      expect(JSON.parse(curls[0]).events).toHaveLength(1);
      expect(JSON.parse(curls[1]).events.every((e: { start_date: string }) => e.start_date.startsWith('2025-06-15'))).toBe(true);
      const created = JSON.parse(curls[2]);
      expect(created.title).toBe('Late set');
      const found = JSON.parse(curls[3]);
      expect(found.events.map((e: { id: number }) => e.id)).toEqual([created.id]);
      expect(found.events[0].rest_url).toBe(`http://127.0.0.1:${port}/wp-json/tribe/events/v1/events/${created.id}`);
      expect(JSON.parse(curls[4]).reset).toBe(true);
      // `kill $!`, as the block's comment says: npm, the launcher, the mock and its Prisms all stop.
      expect(tree.length).toBeGreaterThanOrEqual(3);
      process.kill(npmPid, 'SIGTERM');
      expect((await waitGone(tree, 5000)).left.map((p) => p.cmd)).toEqual([]);
    } finally {
      killAll(tree);
    }
  }, 300_000);

  describe('the typed client in a fresh project, installed from the packed tarball', () => {
    let mock: Mock;
    let home: string;
    beforeAll(async () => {
      mock = await startMock({ errors: false });
      home = mkdtempSync(join(tmpdir(), 'first-hour-home-'));
      temps.push(home);
    }, 180_000);
    afterAll(async () => {
      await mock?.stop();
      rmSync(TARBALL, { force: true });
    });

    it('the install block runs as written (npm init -y, type module, npm install of the tarball)', () => {
      expect(install).toContain('npm pack');
      expect(install).toContain('npm init -y');
      expect(install).toMatch(/npm install "\$TGZ"/);
      expect(install).not.toMatch(/npm install festival-site-api/);
      const env = {
        ...process.env,
        HOME: home,
        npm_config_cache: NPM_CACHE,
        npm_config_prefer_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      };
      const r = spawnSync('bash', ['-euo', 'pipefail', '-c', install], { cwd: ROOT, env, encoding: 'utf8', timeout: 240_000 });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const app = join(home, 'my-app');
      expect(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).type).toBe('module');
      expect(existsSync(join(app, 'node_modules', 'festival-site-api', 'dist', 'src', 'index.js'))).toBe(true);
    }, 300_000);

    it('the code block, saved as the README says, runs with Node against the mock and type-checks as .ts', () => {
      const app = join(home, 'my-app');
      const file = /Save this as `~\/my-app\/([\w.-]+\.js)`/.exec(section)?.[1];
      expect(file).toBe('first-hour.js');
      expect(ts).toContain("baseUrl: 'http://127.0.0.1:4010/wp-json'");
      writeFileSync(join(app, file!), ts.replace('http://127.0.0.1:4010', mock.url));
      const run = spawnSync(process.execPath, [file!], { cwd: app, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/title: \{[^}]*rendered: 'Hello'/);
      // As TypeScript ("module": "NodeNext", strict), against the installed package's declarations.
      writeFileSync(join(app, 'first-hour.ts'), ts);
      const tsc = spawnSync(
        process.execPath,
        [
          join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--target',
          'es2022',
          '--skipLibCheck',
          'first-hour.ts',
        ],
        { cwd: app, encoding: 'utf8', timeout: 120_000 },
      );
      expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    }, 180_000);

    it('the @wordpress/api-fetch block, saved as the README says, runs with Node against the mock in the real names', () => {
      const app = join(home, 'my-app');
      const file = /Save this\s+as `~\/my-app\/([\w.-]+\.js)` and run `node first-hour-api-fetch\.js`/.exec(section)?.[1];
      expect(file).toBe('first-hour-api-fetch.js');
      expect(js).toContain("createRootURLMiddleware('http://127.0.0.1:4010/wp-json/')");
      expect(existsSync(join(app, 'node_modules', '@wordpress', 'api-fetch', 'package.json'))).toBe(true);
      writeFileSync(join(app, file!), js.replace('http://127.0.0.1:4010', mock.url));
      const run = spawnSync(process.execPath, [file!], { cwd: app, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(0);
      const lines = run.stdout.trim().split('\n');
      // Two event titles (the calendar's real route), then the created post's id and link on the mock, and every category.
      expect(run.stdout).toMatch(/^\[\s*'[^']+',\s*'[^']+'\s*\]/);
      expect(lines.at(-1)).toMatch(new RegExp(`^\\d+ ${mock.url}/hello(-\\d+)?/ \\[ '`));
    }, 120_000);
  });
});
