// The package runs from dist/: its `bin` is the compiled CLI, which imports the compiled core (the
// name mapping included) and nothing from src/ or the TypeScript sources. And the spec walker exists
// once (core/spec.ts): the tests' helper, the docs' code samples and the matcher the mock uses list
// the same operations with the same parameters through it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as walker from '../../core/spec.ts';
import { routeTable } from '../../core/match.ts';
import { operationsOf } from '../../scripts/code-samples.ts';
import { bundle, operations, ROOT } from '../support/spec.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('the compiled CLI', () => {
  it('the bin runs dist/cli/index.js, shipped with the compiled core', () => {
    expect(pkg.bin['festival-site-api']).toBe('dist/cli/index.js');
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/cli/', 'dist/core/']));
    expect(pkg.files.some((f: string) => /^cli\/?$/.test(f))).toBe(false);
  });

  it('the CLI imports the core directly: no mapping loaded from dist/src at run time', () => {
    const text = readFileSync(join(ROOT, 'cli', 'lib', 'mapping.ts'), 'utf8');
    expect(text).not.toMatch(/dist', 'src'|pathToFileURL|transpileModule/);
  });
});

describe('one spec walker', () => {
  const doc = bundle();
  const line = (o: { method: string; path: string; id?: string }): string => `${o.method} ${o.path}`;
  it("the tests list the walker's operations", () => {
    expect(operations(doc).map(line)).toEqual(walker.operations(doc).map(line));
  });
  it("the code samples list the walker's operations", () => {
    expect(operationsOf(doc).map(line)).toEqual(walker.operations(doc).map(line));
  });
  it("the matcher's route table has the walker's parameters", () => {
    const ops = walker.operations(doc);
    for (const r of routeTable(doc)) {
      for (const [method, entry] of Object.entries(r.ops)) {
        const o = ops.find((x) => x.method === method && x.path === r.template);
        expect(entry?.params).toEqual(o?.params);
      }
    }
  });
  it('no module but core/spec.ts walks $refs itself', () => {
    for (const f of ['scripts/code-samples.ts', 'core/match.ts', 'core/judge.ts', 'test/support/spec.ts']) {
      expect(readFileSync(join(ROOT, f), 'utf8'), f).not.toMatch(/\$ref\.slice\(2\)/);
    }
  });
});
