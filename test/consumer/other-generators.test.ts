// Users of other stacks generate their own client from the bundle: orval (its `fetch` client) and
// @hey-api/openapi-ts, both exact-pinned devDependencies, run on generated/openapi.json into a
// temporary folder, and their output must compile under `tsc --strict`. A control spec with the
// shape that broke orval (named optional properties beside `additionalProperties` in one object,
// DECISIONS D167) shows the check sees that kind of error. No network: both read local files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { REPO } from './package.js';

const BUNDLE = join(REPO, 'generated', 'openapi.json');
const work = mkdtempSync(join(tmpdir(), 'other-generators-'));
const env = { ...process.env, NO_UPDATE_NOTIFIER: '1', DO_NOT_TRACK: '1', CI: '1' };

afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(bin: string, args: string[]): string {
  const res = spawnSync(join(REPO, 'node_modules', '.bin', bin), args, { cwd: work, env, encoding: 'utf8', timeout: 120_000 });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  if (res.status !== 0) throw new Error(`${bin} exited ${res.status ?? res.signal}:\n${output}`);
  return output;
}

const orval = (spec: string, dir: string): void => {
  run('orval', ['--input', spec, '--output', join(work, dir, 'api.ts'), '--client', 'fetch']);
};
const heyApi = (spec: string, dir: string): void => {
  run('openapi-ts', ['--input', spec, '--output', join(work, dir)]);
};

/** `tsc --strict` over one folder of generated files: the error lines, none when it compiles. */
function compile(dir: string): string[] {
  const config = join(work, `tsconfig.${dir}.json`);
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
  };
  writeFileSync(config, JSON.stringify({ compilerOptions, include: [`${dir}/**/*.ts`] }));
  const res = spawnSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], {
    cwd: work,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return `${res.stdout ?? ''}`.split('\n').filter((l) => l.includes('error TS'));
}

describe('other generators on the bundle', () => {
  it('orval (fetch client): its output compiles under --strict', { timeout: 300_000 }, () => {
    orval(BUNDLE, 'orval');
    expect(compile('orval')).toEqual([]);
  });

  it('@hey-api/openapi-ts: its output compiles under --strict', { timeout: 300_000 }, () => {
    heyApi(BUNDLE, 'hey-api');
    expect(compile('hey-api')).toEqual([]);
  });

  it('the check sees the error the bundle used to cause: optional properties beside additionalProperties', { timeout: 300_000 }, () => {
    const meta = (extra: object) => ({ type: 'object', properties: { footnotes: { type: 'string' } }, ...extra });
    const spec = {
      openapi: '3.1.0',
      info: { title: 'control', version: '1.0.0' },
      paths: {},
      components: {
        schemas: {
          Value: { type: ['string', 'boolean'] },
          Beside: meta({ additionalProperties: { $ref: '#/components/schemas/Value' } }),
          InAllOf: meta({ allOf: [{ additionalProperties: { $ref: '#/components/schemas/Value' } }] }),
        },
      },
    };
    writeFileSync(join(work, 'control.yaml'), stringify(spec));
    orval(join(work, 'control.yaml'), 'control');
    const errors = compile('control');
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(/TS2411: Property 'footnotes' of type 'string \| undefined' is not assignable to 'string' index type 'Value'/);
  });
});
