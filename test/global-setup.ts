// Once per Vitest run: compile the project's code into dist/ (tsconfig.code.json) when a source
// changed, since many tests run the compiled products as child processes (the mock, the CLI, the
// pipeline's scripts): `node scripts/launch.js --build-only`, the npm scripts' own check (a warm
// checkout compiles nothing). Skipped when `npm test` has just compiled it (FESTIVAL_DIST_FRESH=1).
// Type errors do not stop the run (tsc still writes the JavaScript): `npm run typecheck` and
// test/pipeline/typecheck.test.ts report them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  if (process.env.FESTIVAL_DIST_FRESH === '1') return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'launch.js'), '--build-only'], { cwd: root, encoding: 'utf8' });
  if (r.error) throw r.error;
  process.env.FESTIVAL_DIST_FRESH = '1';
}
