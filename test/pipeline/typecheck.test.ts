// The generated types, the hand-written sources and the type-level tests (test/types/*.ts, whose
// `@ts-expect-error` lines must fail to compile) pass `tsc --noEmit` under strict.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spec.js';

describe('type-check', () => {
  it('the project compiles under strict, every @ts-expect-error line included', () => {
    const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(ROOT, 'tsconfig.json')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(`${res.stdout}${res.stderr}`.trim()).toBe('');
    expect(res.status).toBe(0);
  }, 240_000);

  it('tsconfig is strict and the type tests expect errors', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.strict).toBe(true);
    const expected = readdirSync(join(ROOT, 'test/types'))
      .filter((f) => f.endsWith('.ts'))
      .reduce((n, f) => n + (readFileSync(join(ROOT, 'test/types', f), 'utf8').match(/@ts-expect-error/g) ?? []).length, 0);
    expect(expected).toBeGreaterThan(0);
  });
});
