// The mapping is compiled by the build (dist/src/mapping.js from `npm run build:client`), never
// transpiled at run time; a checkout without it gets one line naming the command, exit 2. And the
// spec walker exists once (cli/lib/spec.mjs): the tests' helper, the docs' code samples and the mock
// list the same operations with the same parameters through it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM JavaScript without type declarations
import * as walker from '../../cli/lib/spec.mjs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { operationsOf } from '../../scripts/code-samples.mjs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { routeTable } from '../../scripts/mock/routes.mjs';
import { bundle, operations, ROOT } from '../support/spec.js';

const tmp = mkdtempSync(join(tmpdir(), 'contract-pkg-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the compiled mapping', () => {
  it('a checkout without dist/: one line saying to run npm run build:client, exit 2', () => {
    const root = join(tmp, 'checkout');
    mkdirSync(join(root, 'src'), { recursive: true });
    cpSync(join(ROOT, 'cli'), join(root, 'cli'), { recursive: true });
    cpSync(join(ROOT, 'src', 'mapping.ts'), join(root, 'src', 'mapping.ts'));
    cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    const r = spawnSync(process.execPath, [join(root, 'cli', 'index.mjs'), 'contract', '--base-url', 'http://127.0.0.1:8/wp-json'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^contract: the name mapping is not compiled \(.*dist\/src\/mapping\.js is missing\): run `npm run build:client` first$/);
  });

  it('the CLI imports the compiled file, not the TypeScript source', () => {
    const src = readFileSync(join(ROOT, 'cli', 'lib', 'mapping.mjs'), 'utf8');
    expect(src).toMatch(/dist', 'src', 'mapping\.js'/);
    expect(src).not.toMatch(/transpileModule|import\('typescript'\)/);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.contract).toMatch(/build:client/);
  });
});

describe('one spec walker', () => {
  const doc = bundle();
  it('the tests list the walker\'s operations', () => {
    expect(operations(doc).map((o) => `${o.method} ${o.path} ${o.id}`)).toEqual(walker.operations(doc).map((o: { method: string; path: string; id: string }) => `${o.method} ${o.path} ${o.id}`));
  });
  it('the code samples list the walker\'s operations', () => {
    expect(operationsOf(doc).map((o: { method: string; path: string }) => `${o.method} ${o.path}`)).toEqual(walker.operations(doc).map((o: { method: string; path: string }) => `${o.method} ${o.path}`));
  });
  it('the mock\'s route table has the walker\'s parameters', () => {
    const ops = walker.operations(doc);
    for (const r of routeTable(doc)) {
      for (const [method, { params }] of Object.entries<{ params: unknown[] }>(r.ops)) {
        const o = ops.find((x: { method: string; path: string }) => x.method === method && x.path === r.template);
        expect(params).toEqual(o.params);
      }
    }
  });
  it('no module but cli/lib/spec.mjs walks $refs itself', () => {
    for (const f of ['scripts/code-samples.mjs', 'scripts/mock/routes.mjs', 'test/support/spec.ts']) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      expect(text, f).toMatch(/cli\/lib\/spec\.mjs/);
      expect(text, f).not.toMatch(/\$ref\.slice\(2\)/);
    }
  });
});
