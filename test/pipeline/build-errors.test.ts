// Bad pipeline input stops `npm run build` at the first stage, with an error that names the file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBuild } from '../support/build.js';
import { ROOT } from '../support/spec.js';

let dir: string;
function copySource(): string {
  dir = mkdtempSync(join(tmpdir(), 'broken-src-'));
  cpSync(join(ROOT, 'openapi'), join(dir, 'openapi'), { recursive: true });
  return join(dir, 'openapi');
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const build = (src: string) => runBuild(['--source', join(src, 'openapi.yaml'), '--out', join(dir, 'out')]);

describe('build on bad input', () => {
  it('stops on malformed YAML and names the file', () => {
    const src = copySource();
    const file = join(src, 'components', 'schemas', 'Error.yaml');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n  bad: [unclosed\n`);
    const res = build(src);
    expect(res.status).not.toBe(0);
    expect(res.output).toMatch(/Error\.yaml/);
    expect(res.output).toMatch(/stage lint:source failed/);
  });

  it('stops on a $ref to a missing file and names it', () => {
    const src = copySource();
    const file = join(src, 'components', 'responses', 'BadRequest.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('../schemas/Error.yaml', '../schemas/NoSuchSchema.yaml'));
    const res = build(src);
    expect(res.status).not.toBe(0);
    expect(res.output).toMatch(/NoSuchSchema\.yaml/);
    expect(res.output).toMatch(/BadRequest\.yaml/);
  });

  it('stops on an invalid schema type and names the file', () => {
    const src = copySource();
    const file = join(src, 'components', 'schemas', 'ErrorDetail.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('type: object', 'type: objekt'));
    const res = build(src);
    expect(res.status).not.toBe(0);
    expect(res.output).toMatch(/ErrorDetail\.yaml/);
    expect(res.output).toMatch(/objekt/);
  });
});
