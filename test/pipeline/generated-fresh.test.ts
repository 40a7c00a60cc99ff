// generated/ is never edited by hand: a fresh build from openapi/ must reproduce it byte for byte.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_TEST_MS, runBuild } from '../support/build.js';
import { ROOT } from '../support/spec.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('generated/', () => {
  const out = mkdtempSync(join(tmpdir(), 'gen-fresh-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it(
    'equals a fresh build of openapi/ (run `npm run build` and commit generated/ when this fails)',
    () => {
      const res = runBuild(['--out', out]);
      expect(res.status, res.output).toBe(0);
      const committed = files(join(ROOT, 'generated'))
        .map((f) => relative(join(ROOT, 'generated'), f))
        .sort();
      const fresh = files(out)
        .map((f) => relative(out, f))
        .sort();
      expect(committed).toEqual(fresh);
      const stale = fresh.filter((f) => !readFileSync(join(out, f)).equals(readFileSync(join(ROOT, 'generated', f))));
      expect(stale, `stale files in generated/: ${stale.join(', ')}`).toEqual([]);
    },
    CHILD_TEST_MS,
  );
});
