// Run the pipeline (scripts/build.ts, compiled: dist/scripts/build.js) in a child process, for tests of the build itself;
// bundle a small source with the project's Redocly and configuration, for tests of its plugins.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './spec.js';

export interface BuildResult {
  status: number | null;
  output: string;
}

export function runBuild(args: string[] = [], timeoutMs = 180_000): BuildResult {
  const res = spawnSync(process.execPath, ['dist/scripts/build.js', ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

/** Bundle `<dir>/openapi.yaml` into `<dir>/out.yaml` with the project's Redocly and redocly.yaml (its plugins and decorators). */
export function bundleWithRedocly(dir: string): BuildResult {
  const res = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'redocly'),
    ['bundle', join(dir, 'openapi.yaml'), '-o', join(dir, 'out.yaml'), '--config', join(ROOT, 'redocly.yaml')],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}
