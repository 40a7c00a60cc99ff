// Run the pipeline (scripts/build.ts, compiled: dist/scripts/build.js) in a child process, for tests of the build itself;
// bundle a small source with the project's Redocly and configuration, for tests of its plugins.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ROOT } from './spec.js';

/**
 * How long a child process of the pipeline (the build, Redocly, Spectral) may take. On a loaded
 * machine a build takes well over Vitest's 60 s default, so a test that waits for one gives itself
 * CHILD_TEST_MS: it waits for the child to exit (bounded by CHILD_MS), never for a guess of the clock.
 */
export const CHILD_MS = 180_000;
export const CHILD_TEST_MS = CHILD_MS + 30_000;

export interface BuildResult {
  status: number | null;
  output: string;
}

export function runBuild(args: string[] = [], timeoutMs = CHILD_MS): BuildResult {
  const res = spawnSync(process.execPath, ['dist/scripts/build.js', ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

/**
 * Bundle a small source with the project's Redocly and redocly.yaml (its plugins and decorators):
 * `files` (name -> content, written as YAML into a temporary folder; `openapi.yaml` is the root).
 */
export function bundleSource(files: Record<string, unknown>): BuildResult {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-source-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), stringify(content));
    const res = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'redocly'),
      ['bundle', join(dir, 'openapi.yaml'), '-o', join(dir, 'out.yaml'), '--config', join(ROOT, 'redocly.yaml')],
      { cwd: ROOT, encoding: 'utf8', timeout: CHILD_MS },
    );
    return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
