// scripts/launch.js, the npm scripts' launcher: it compiles only when a source changed (and always
// when one did), and a signal to the npm process (SIGINT, SIGTERM or SIGHUP, which npm does not
// forward) stops every process below it within 2 s.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_FILES, SOURCE_DIRS } from '../../scripts/launch.js';
import { killAll, processTree, startWatched, survivors, waitGone, type Proc } from '../support/procs.js';
import { ROOT } from '../support/spec.js';

const LAUNCH = join(ROOT, 'scripts', 'launch.js');
const temps: string[] = [];
const temp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('the launcher compiles only when needed', () => {
  it("watches every file tsc reads for dist/ (outside node_modules' own packages)", () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.code.json', '--listFilesOnly'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const inputs = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((f) => relative(ROOT, f));
    const ours = inputs.filter((f) => !f.startsWith(`node_modules${sep}`));
    expect(ours.length).toBeGreaterThan(50);
    const unwatched = ours.filter((f) => !(/\.(ts|js)$/.test(f) && SOURCE_DIRS.includes(f.split(sep)[0])) && !CONFIG_FILES.includes(f));
    expect(unwatched).toEqual([]);
    // The installed packages' declarations change only with an install, which rewrites this file.
    expect(CONFIG_FILES).toContain(join('node_modules', '.package-lock.json'));
    expect(existsSync(join(ROOT, 'node_modules', '.package-lock.json'))).toBe(true);
  });

  /** A small project laid out as this one: the launcher, tsc from this checkout, two sources. */
  function project(): { dir: string; run: () => { out: string; status: number | null; compiled: boolean }; write: (f: string, text: string) => void } {
    const dir = temp('launch-project-');
    mkdirSync(join(dir, 'scripts'));
    mkdirSync(join(dir, 'core'));
    copyFileSync(LAUNCH, join(dir, 'scripts', 'launch.js'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
    const options = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist', rootDir: '.', strict: true, types: [] };
    writeFileSync(join(dir, 'tsconfig.code.json'), JSON.stringify({ compilerOptions: options, include: ['core/**/*.ts'] }));
    const write = (f: string, text: string) => writeFileSync(join(dir, f), text);
    write('core/main.ts', "import { value } from './value.js';\nconsole.log(`value ${value}`);\n");
    write('core/value.ts', "export const value: string = 'one';\n");
    const stampOf = () => (existsSync(join(dir, 'dist', '.code-stamp')) ? `${statSync(join(dir, 'dist', '.code-stamp')).ino}` : 'none');
    const run = () => {
      const before = stampOf();
      const r = spawnSync(process.execPath, [join(dir, 'scripts', 'launch.js'), 'dist/core/main.js'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
      return { out: r.stdout + r.stderr, status: r.status, compiled: stampOf() !== before };
    };
    return { dir, run, write };
  }

  it('compiles on first use, not again while nothing changed, and again after any change', () => {
    const p = project();
    const first = p.run();
    expect(first.out).toContain('value one');
    expect(first.compiled).toBe(true);
    const second = p.run();
    expect(second.out).toBe('value one\n');
    expect(second.compiled).toBe(false);

    p.write('core/value.ts', "export const value: string = 'two';\n");
    const changed = p.run();
    expect(changed.out).toContain('value two');
    expect(changed.compiled).toBe(true);

    // A file added (its folder changes) or a configuration changed: compiled again.
    p.write('core/other.ts', 'export const other = 1;\n');
    expect(p.run().compiled).toBe(true);
    expect(existsSync(join(p.dir, 'dist', 'core', 'other.js'))).toBe(true);
    p.write('package.json', '{"type": "module", "name": "changed"}\n');
    expect(p.run().compiled).toBe(true);
    expect(p.run().compiled).toBe(false);

    // The target deleted from dist/ (the incremental build info still says it was written): written again.
    rmSync(join(p.dir, 'dist', 'core', 'main.js'));
    const restored = p.run();
    expect(restored.out).toContain('value two');
    expect(restored.compiled).toBe(true);
  }, 600_000); // seven compiles of a small project: seconds each on an idle machine, far more on a loaded one

  it('a failed compile runs nothing, says so, and is tried again next time', () => {
    const p = project();
    expect(p.run().out).toContain('value one');
    p.write('core/value.ts', 'export const value: string = 3;\n');
    const broken = p.run();
    expect(broken.status).not.toBe(0);
    expect(broken.out).toContain("Type 'number' is not assignable to type 'string'");
    expect(broken.out).toContain('launch: compiling the code (tsc -p tsconfig.code.json) failed');
    expect(broken.out).not.toMatch(/^value /m);
    expect(p.run().status).not.toBe(0);
    p.write('core/value.ts', "export const value: string = 'three';\n");
    expect(p.run().out).toContain('value three');
  }, 600_000);
});

// A stand-in for the mock: a child of its own, both stopped on SIGINT, SIGTERM and SIGHUP.
const FAKE = `import { spawn } from 'node:child_process';
const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const stop = () => { g.kill('SIGTERM'); g.once('exit', () => process.exit(0)); };
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, stop);
console.log('fake: ready');
`;

describe('a signal to the npm process stops everything below it', () => {
  const dir = temp('launch-signals-');
  writeFileSync(join(dir, 'fake.js'), FAKE);
  const scripts = { fake: `exec node ${LAUNCH} fake.js`, old: 'true && node fake.js' };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'signals', version: '1.0.0', type: 'module', scripts }));

  async function signalNpm(script: string, signal: NodeJS.Signals): Promise<{ tree: Proc[]; left: Proc[]; ms: number }> {
    const npm = startWatched('npm', ['run', script], { cwd: dir, env: process.env, pattern: /^fake: ready$/m, timeoutMs: 60_000 });
    let tree: Proc[] = [];
    try {
      await npm.ready;
      tree = processTree(npm.child.pid!);
      process.kill(npm.child.pid!, signal);
      return { tree, ...(await waitGone(tree, 2000)) };
    } finally {
      killAll(tree);
    }
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal}: npm, the launcher, the script and its child are gone within 2 s`, async () => {
      const { tree, left } = await signalNpm('fake', signal);
      expect(tree.map((p) => p.cmd).join('\n')).toMatch(/launch\.js fake\.js[\s\S]*fake\.js[\s\S]*setInterval/);
      expect(tree.length).toBe(4); // npm, launch.js (exec: no shell between), fake.js, its child
      expect(left).toEqual([]);
    });
  }

  it('(the harness sees a survivor: a script run behind `sh -c "a && node b"` outlives SIGTERM to npm)', async () => {
    const { left } = await signalNpm('old', 'SIGTERM');
    expect(left.map((p) => p.cmd).join('\n')).toContain('node fake.js');
  });
});

// `npm run sandbox` (scripts/sandbox/up.sh, run with --group): the real up.sh is never run here (it
// provisions the machine); a stand-in runs up.sh's own signal handler (its on_signal function and
// trap lines, taken from the file) around a foreground command, with a temporary file and a partial
// plugin folder as up.sh leaves them mid-way and a server started in a session of its own (setsid).
describe('a signal to `npm run sandbox` stops the provisioning and removes its temporary files', () => {
  const dir = temp('launch-sandbox-');
  const up = readFileSync(join(ROOT, 'scripts', 'sandbox', 'up.sh'), 'utf8');
  const handler = /^on_signal\(\) \{[\s\S]*?^\}\n(?:trap .*\n){3}/m.exec(up)?.[0] ?? '';
  const script = `set -euo pipefail
SB=${dir}/sb
log() { echo "sandbox: $*"; }
${handler}
mkdir -p "$SB/run" "$SB/sites/wp68/wp-content/plugins/.tec-partial"
mktemp "$SB/run/put.XXXXXX" >/dev/null
setsid node -e 'setInterval(() => {}, 1000)' </dev/null >/dev/null 2>&1 &
echo "$!" >"$SB/run/server.pid"
node -e 'console.log("fake: ready"); setInterval(() => {}, 1000)'
`;
  writeFileSync(join(dir, 'up.sh'), script);
  const scripts = { sandbox: `exec node ${LAUNCH} --group bash up.sh` };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'sandbox-signals', version: '1.0.0', scripts }));

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal}: the script and its foreground command gone within 2 s, temporary files removed, the server kept`, async () => {
      expect(handler).toContain('rm -f "$SB"/run/put.*');
      rmSync(join(dir, 'sb'), { recursive: true, force: true });
      const npm = startWatched('npm', ['run', 'sandbox'], { cwd: dir, env: process.env, pattern: /^fake: ready$/m, timeoutMs: 60_000 });
      let tree: Proc[] = [];
      let server: Proc[] = [];
      try {
        await npm.ready;
        server = processTree(Number(readFileSync(join(dir, 'sb', 'run', 'server.pid'), 'utf8')));
        // The server is the shell's child too (setsid gives it a session, not a parent of its own).
        tree = processTree(npm.child.pid!).filter((p) => !server.some((x) => x.pid === p.pid));
        expect(tree.map((p) => p.cmd).join('\n')).toMatch(/launch\.js --group bash up\.sh[\s\S]*bash up\.sh[\s\S]*setInterval/);
        expect(readdirSync(join(dir, 'sb', 'run')).filter((f) => f.startsWith('put.'))).toHaveLength(1);
        process.kill(npm.child.pid!, signal);
        expect((await waitGone(tree, 2000)).left.map((p) => p.cmd)).toEqual([]);
        // The shell's last line may still be on its way through the pipe: waited for, 2 s at most.
        for (const t0 = Date.now(); !npm.output().includes('sandbox: stopped by') && Date.now() - t0 < 2000;) await new Promise((r) => setTimeout(r, 20));
        expect(npm.output()).toContain(`sandbox: stopped by ${signal}`);
        expect(readdirSync(join(dir, 'sb', 'run')).filter((f) => f.startsWith('put.'))).toEqual([]);
        expect(existsSync(join(dir, 'sb', 'sites', 'wp68', 'wp-content', 'plugins', '.tec-partial'))).toBe(false);
        expect(survivors(server)).toHaveLength(1);
      } finally {
        killAll([...tree, ...server]);
      }
    });
  }
});
