// Run the pipeline (scripts/build.ts, compiled: dist/scripts/build.js) in a child process, for tests of the build itself.
import { spawnSync } from 'node:child_process';
import { ROOT } from './spec.js';

export interface BuildResult {
  status: number | null;
  output: string;
}

export function runBuild(args: string[] = [], timeoutMs = 180_000): BuildResult {
  const res = spawnSync(process.execPath, ['dist/scripts/build.js', ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}
