// `npm run mock` and `npm start` stopped as an IDE, a process manager or `kill $!` stops them: one
// signal (SIGINT, SIGTERM or SIGHUP) to the npm process only. Every process below npm (the launcher,
// the mock's front, its Prism host, `npm start`'s docs server) is gone within 2 s and the mock's
// temporary files are removed. The processes are the ones this test started, found by a walk of
// /proc's parent PIDs once Prism answered (requests to routes of two of its groups).
//
// SIGINT and SIGTERM reach the front through npm and the launcher (scripts/launch.js). SIGHUP is not
// forwarded by npm: the launcher sees npm die and sends SIGHUP on, which the front must handle by
// stopping its Prism host (mock/main.ts, mock/start.ts: issue 32's mock part).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, processTree, startWatched, waitGone, type Proc } from '../support/procs.js';
import { ROOT } from '../support/spec.js';

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** Routes of two Prism groups (mock/groups.ts), answered by the Prism host (D242). */
const PRISM_ROUTES = ['/oembed/1.0', '/builder/v1'];

const COMMANDS = {
  mock: { args: ['run', 'mock', '--', '--port', '0'], minProcs: 4 }, // npm, launcher, front, the Prism host
  start: { args: ['start', '--', '--no-build'], minProcs: 5 }, // npm, launcher, start, front, the Prism host
};

async function signalNpm(name: keyof typeof COMMANDS, signal: NodeJS.Signals) {
  const tmp = mkdtempSync(join(tmpdir(), 'npm-signals-'));
  temps.push(tmp);
  const env = { ...process.env, TMPDIR: tmp, MOCK_PORT: '0', DOCS_PORT: '0' };
  const npm = startWatched('npm', COMMANDS[name].args, { cwd: ROOT, env, pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)/, timeoutMs: 150_000 });
  let tree: Proc[] = [];
  try {
    const url = (await npm.ready)[1];
    for (const route of PRISM_ROUTES) await (await fetch(`${url}${route}`)).arrayBuffer();
    tree = processTree(npm.child.pid!);
    const before = readdirSync(tmp);
    process.kill(npm.child.pid!, signal);
    const gone = await waitGone(tree, 2000);
    return { tree, before, ...gone, tmpAfter: readdirSync(tmp), output: npm.output() };
  } finally {
    killAll(tree);
  }
}

for (const name of ['mock', 'start'] as const) {
  describe(`a signal to the npm process of \`npm ${name === 'mock' ? 'run mock' : 'start'}\``, () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      it(`${signal}: every process below npm is gone within 2 s, the temporary files removed`, async () => {
        const r = await signalNpm(name, signal);
        expect(r.tree.length, r.tree.map((p) => p.cmd).join('\n')).toBeGreaterThanOrEqual(COMMANDS[name].minProcs);
        expect(r.tree.some((p) => p.cmd.includes('scripts/launch.js'))).toBe(true);
        expect(r.before.length, 'the mock keeps its spec snapshot in TMPDIR while it runs').toBeGreaterThan(0);
        expect(
          r.left.map((p) => `${p.pid} ${p.cmd}`),
          r.output,
        ).toEqual([]);
        expect(r.tmpAfter).toEqual([]);
      }, 180_000);
    }
  });
}
