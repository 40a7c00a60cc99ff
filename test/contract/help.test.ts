// Issue 26: every command's --help is true (the CLI's, the mock's, npm start, the build, the release,
// the seed transcription and the bench). For each command, the options its help lists are
// exactly the flags it accepts (each documented option, given with a value where the help shows one,
// parses; each accepted flag is documented), and a default the help states for --out is where the
// reports go when --out is not given.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIFT_FLAGS, FLAGS as CONTRACT_FLAGS, main as contractMain } from '../../cli/contract.ts';
import { FLAGS as BREAKING_FLAGS, main as breakingMain } from '../../cli/breaking.ts';
import { FLAGS as HAR_FLAGS, main as harMain } from '../../cli/validate-har.ts';
import { MOCK_FLAGS } from '../../mock/args.ts';
import { ROOT } from '../support/spec.js';
import { ensureCompiledMapping, fakeSite, type FakeSite, send, siteIndex } from './support/fake-site.js';

type Io = { stdout: { write(s: string): boolean }; stderr: { write(s: string): boolean } };
type Main = (argv: string[], io: Io) => Promise<number>;

function capture() {
  let out = '';
  let err = '';
  return {
    io: {
      stdout: {
        write: (s: string) => {
          out += s;
          return true;
        },
      },
      stderr: {
        write: (s: string) => {
          err += s;
          return true;
        },
      },
    },
    out: () => out,
    err: () => err,
  };
}

/** Options as the help lists them: `--name` and whether it shows a `<value>`. */
function documented(help: string): Map<string, boolean> {
  const found = new Map<string, boolean>();
  for (const line of help.split('\n')) {
    const m = /^ {2}--([a-z][a-z0-9-]*)( <[^>]+>)?(?:\s|$)/.exec(line);
    if (m) found.set(m[1], !!m[2]);
  }
  return found;
}

interface Command {
  name: string;
  flags: Record<string, { type: string }>;
  run: (argv: string[]) => Promise<{ code: number | null; out: string; err: string }>;
}

const inProcess =
  (main: Main, extra: Record<string, unknown> = {}) =>
  async (argv: string[]) => {
    const c = capture();
    const code = await main(argv, { ...c.io, ...extra } as Io);
    return { code, out: c.out(), err: c.err() };
  };
const spawned = (script: string) => async (argv: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, script), ...argv], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, MOCK_PORT: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

const COMMANDS: Command[] = [
  { name: 'contract', flags: CONTRACT_FLAGS, run: inProcess(contractMain as Main, { env: {} }) },
  { name: 'drift', flags: DRIFT_FLAGS, run: inProcess(contractMain as Main, { env: {}, command: 'drift' }) },
  { name: 'validate-har', flags: HAR_FLAGS, run: inProcess(harMain as Main) },
  { name: 'breaking', flags: BREAKING_FLAGS, run: inProcess(breakingMain as Main) },
  { name: 'mock', flags: MOCK_FLAGS, run: spawned('dist/mock/main.js') },
  // These run when imported: their flags are written here (START_FLAGS, BUILD_FLAGS, …).
  { name: 'start', flags: { 'no-build': { type: 'boolean' }, help: { type: 'boolean' } }, run: spawned('dist/mock/start.js') },
  { name: 'build', flags: { source: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } }, run: spawned('dist/scripts/build.js') },
  { name: 'release', flags: { help: { type: 'boolean' } }, run: spawned('dist/scripts/release.js') },
  {
    name: 'seed-transcribe',
    flags: { check: { type: 'boolean' }, seed: { type: 'string' }, help: { type: 'boolean' } },
    run: spawned('dist/scripts/seed-transcribe.js'),
  },
  {
    name: 'bench',
    flags: { runs: { type: 'string' }, duration: { type: 'string' }, skip: { type: 'string' }, help: { type: 'boolean' } },
    run: spawned('dist/bench/main.js'),
  },
];

describe.each(COMMANDS)('$name --help', (cmd) => {
  let help = '';
  beforeAll(async () => {
    const r = await cmd.run(['--help']);
    expect(r.code, r.err).toBe(0);
    help = r.out;
    expect(help).toMatch(/^Usage: /);
  });

  it('lists exactly the flags the command accepts', () => {
    expect([...documented(help).keys()].sort()).toEqual(Object.keys(cmd.flags).sort());
  });

  it('shows a value for exactly the flags that take one', () => {
    for (const [name, takesValue] of documented(help)) expect(takesValue, `--${name}`).toBe(cmd.flags[name]?.type !== 'boolean');
  });

  it('every listed option parses (with a value where the help shows one)', async () => {
    for (const [name, takesValue] of documented(help)) {
      const r = await cmd.run([`--${name}`, ...(takesValue ? ['1'] : []), '--help']);
      expect(r.code, `--${name}: ${r.err}`).toBe(0);
    }
    const unknown = await cmd.run(['--no-such-flag']);
    expect(unknown.code).toBe(2);
  });

  it('-h prints the same help, exit 0', async () => {
    const r = await cmd.run(['-h']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(help);
  });

  it('a value missing, a string flag given twice and an unknown flag are usage errors (exit 2), each named', async () => {
    const valued = [...documented(help)].filter(([, takesValue]) => takesValue).map(([name]) => name);
    for (const name of valued) {
      const missing = await cmd.run([`--${name}`]);
      expect([missing.code, missing.err], `--${name}`).toEqual([2, expect.stringContaining(`--${name} needs a value`)]);
      if (cmd.flags[name].type === 'string') {
        const twice = await cmd.run([`--${name}`, '1', `--${name}=2`]);
        expect([twice.code, twice.err], `--${name} twice`).toEqual([2, expect.stringContaining(`--${name} given twice`)]);
      }
    }
    const unknown = await cmd.run(['--no-such-flag']);
    expect(unknown.err).toContain('unknown option --no-such-flag');
  });
});

describe('the top-level --help', () => {
  it('names every command the bin dispatches, and each one answers --help', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const listed = [...r.stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(['breaking', 'contract', 'drift', 'validate-har']);
  });
});

describe('the --out default the help states is where the reports go', () => {
  let site: FakeSite;
  const cwd = mkdtempSync(join(tmpdir(), 'help-out-'));
  beforeAll(async () => {
    ensureCompiledMapping();
    site = await fakeSite((_req, res, seen, self) =>
      send(
        res,
        seen.path === '/' ? 200 : 404,
        seen.path === '/' ? siteIndex(self.origin, ['core/v2']) : { code: 'rest_no_route', message: 'x', data: { status: 404 } },
      ),
    );
  });
  afterAll(async () => {
    await site?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('drift', async () => {
    const h = await inProcess(contractMain as Main, { env: {}, command: 'drift' })(['--help']);
    const stated = /--out <dir>.*\(default ([^)\s]+)\)/.exec(h.out)?.[1];
    expect(stated).toBeDefined();
    const r = await new Promise<{ code: number | null; err: string }>((done) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), 'drift', '--base-url', site.base, '--quiet'], {
        cwd,
        env: { ...process.env, WP_USER: '', WP_APP_PASSWORD: '' },
      });
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('close', (code) => done({ code, err }));
    });
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(cwd, stated!, 'drift.json')), `drift.json in ${stated}`).toBe(true);
  });
});
