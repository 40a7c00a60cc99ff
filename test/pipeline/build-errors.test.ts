// Bad pipeline input stops `npm run build` at the first stage, with an error that names the file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_TEST_MS, runBuild } from '../support/build.js';
import { ROOT } from '../support/spec.js';

let dir: string;
function copySource(): string {
  dir = mkdtempSync(join(tmpdir(), 'broken-src-'));
  cpSync(join(ROOT, 'openapi'), join(dir, 'openapi'), { recursive: true });
  return join(dir, 'openapi');
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the source with one file changed by `edit`, built: the build's result. */
function buildWith(file: string, edit: (text: string) => string) {
  const src = copySource();
  writeFileSync(join(src, file), edit(readFileSync(join(src, file), 'utf8')));
  return runBuild(['--source', join(src, 'openapi.yaml'), '--out', join(dir, 'out')]);
}

describe('build on bad input', () => {
  it.each([
    ['malformed YAML', 'components/schemas/Error.yaml', (t: string) => `${t}\n  bad: [unclosed\n`, [/Error\.yaml/, /stage lint:source failed/]],
    [
      'a $ref to a missing file',
      'components/responses/BadRequest.yaml',
      (t: string) => t.replace('../schemas/Error.yaml', '../schemas/NoSuchSchema.yaml'),
      [/NoSuchSchema\.yaml/, /BadRequest\.yaml/],
    ],
    [
      'an invalid schema type',
      'components/schemas/ErrorDetail.yaml',
      (t: string) => t.replace('type: object', 'type: objekt'),
      [/ErrorDetail\.yaml/, /objekt/],
    ],
  ])(
    'stops on %s and names the file',
    (_what, file, edit, named) => {
      const res = buildWith(file, edit);
      expect(res.status).not.toBe(0);
      for (const n of named) expect(res.output).toMatch(n);
    },
    CHILD_TEST_MS,
  );
});
