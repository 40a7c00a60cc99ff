// The dependency rules of the code, as a test (issue 24), in the spirit of layout.test.ts:
// - core/ (the shared ideas) imports only Node (`node:`) and libraries (packages), and itself;
// - src/ (the published client) imports the core, generated/ and libraries;
// - the products around the core (cli/, mock/, scripts/, bench/) import the core, generated/ and
//   libraries, but not each other and not the client; the benchmarks (bench/, part of the scripts
//   tier) measure the client and the pipeline, so they may import src/ and scripts/ too;
// - no import cycles anywhere;
// - the package root (src/index.ts) and the `./types` entry never reach generated/types.ts: `paths`
//   and `operations` are most of the generated types; only the `./openapi-fetch` entry loads them
//   (D258, D259).
// Every import is read with TypeScript's own pre-processor (static, `export … from`, dynamic
// `import('…')`), so a rule cannot be dodged by the form of an import.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spec.js';

/** The folders whose code the rules govern, each a layer. */
const LAYERS = ['core', 'src', 'cli', 'mock', 'scripts', 'bench'] as const;
type Layer = (typeof LAYERS)[number] | 'generated' | 'other';

/** What each layer may import (besides itself, `node:` and packages). */
const ALLOWED: Record<(typeof LAYERS)[number], readonly Layer[]> = {
  core: [],
  src: ['core', 'generated'],
  cli: ['core', 'generated'],
  mock: ['core', 'generated'],
  scripts: ['core', 'generated'],
  bench: ['core', 'generated', 'src', 'scripts'],
};

const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    if (n === 'node_modules' || n.startsWith('.')) return [];
    const p = join(dir, n);
    return statSync(p).isDirectory() ? codeFiles(p) : CODE.test(n) && !n.endsWith('.d.ts') ? [p] : [];
  });
}

/** The layer of a file (by its first folder under the root). */
function layerOf(file: string): Layer {
  const top = relative(ROOT, file).split(/[\\/]/)[0];
  if (top === 'generated') return 'generated';
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : 'other';
}

/** A relative specifier's file: `./x.js` may be `./x.ts` (NodeNext style), a folder its index. */
function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts'), `${base}.js`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

interface Edge {
  from: string;
  to: string;
  spec: string;
}

/** Every import of a file: `{ spec, to }` where `to` is a file for a relative import, else undefined. */
function importsOf(file: string): { spec: string; to?: string }[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map(({ fileName: spec }) => ({ spec, to: spec.startsWith('.') ? resolveRelative(file, spec) : undefined }));
}

const files = LAYERS.flatMap((l) => codeFiles(join(ROOT, l)));
const edges: Edge[] = files.flatMap((from) =>
  importsOf(from)
    .filter((i) => i.to)
    .map((i) => ({ from, to: i.to as string, spec: i.spec })),
);
const rel = (f: string): string => relative(ROOT, f).split('\\').join('/');

/** Every import of the code: where from, the specifier, and the file for a relative one. */
const allImports = files.flatMap((from) => importsOf(from).map((i) => ({ from, ...i })));

/** The rule problems of a list of imports. */
function ruleProblems(imports: { from: string; spec: string; to?: string }[]): string[] {
  const problems: string[] = [];
  for (const { from, spec, to } of imports) {
    const layer = layerOf(from) as (typeof LAYERS)[number];
    if (!to) {
      // A bare specifier: Node's own modules or a package; never an absolute path.
      if (spec.startsWith('/')) problems.push(`${rel(from)}: imports an absolute path ${spec}`);
      continue;
    }
    const target = layerOf(to);
    if (target === layer || ALLOWED[layer].includes(target)) continue;
    problems.push(`${rel(from)} (${layer}) imports ${rel(to)} (${target}): ${layer} may import ${['itself', ...ALLOWED[layer]].join(', ')}`);
  }
  return problems;
}

/** Every import cycle of a graph (as a path that returns to its start). */
function cycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of next.get(f) ?? []) {
      if (state.get(t) === 'open') found.push([...stack.slice(stack.indexOf(t)), t].map(rel));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of next.keys()) if (!state.has(f)) visit(f);
  return found;
}

/** The files `start` reaches through the edges (itself included). */
function reached(edges: Edge[], start: string): Set<string> {
  const seen = new Set<string>([start]);
  const todo = [start];
  while (todo.length) {
    const f = todo.pop() as string;
    for (const e of edges) {
      if (e.from !== f || seen.has(e.to)) continue;
      seen.add(e.to);
      todo.push(e.to);
    }
  }
  return seen;
}

describe('the dependency rules', () => {
  it('reads the code of every layer', () => {
    for (const l of ['core', 'src', 'cli'] as const)
      expect(
        files.some((f) => layerOf(f) === l),
        l,
      ).toBe(true);
    expect(edges.length).toBeGreaterThan(50);
  });

  it('the core imports only Node and libraries; the client the core and generated/; the products the core, not each other', () => {
    expect(ruleProblems(allImports)).toEqual([]);
  });

  it('the package root and ./types never load generated/types.ts (paths, operations); ./openapi-fetch does (D258, D259)', () => {
    // generated/ files are not in `files`: add their own imports.
    const gen = ['types.ts', 'components.ts', 'routes.ts', 'batchable.ts'].map((f) => join(ROOT, 'generated', f));
    const all = [...edges, ...gen.flatMap((from) => importsOf(from).flatMap((i) => (i.to ? [{ from, to: i.to, spec: i.spec }] : [])))];
    const types = join(ROOT, 'generated', 'types.ts');
    expect([...reached(all, join(ROOT, 'src', 'index.ts'))].map(rel)).not.toContain(rel(types));
    expect(reached(all, join(ROOT, 'src', 'index.ts')).has(join(ROOT, 'generated', 'components.ts'))).toBe(true);
    expect(reached(all, join(ROOT, 'src', 'types.ts')).has(types)).toBe(false);
    expect(reached(all, join(ROOT, 'src', 'openapi-fetch.ts')).has(types)).toBe(true);
  });

  it('no import cycles', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('the checks find what they look for (made-up imports)', () => {
    const at = (f: string): string => join(ROOT, f);
    expect(
      ruleProblems([
        { from: at('core/a.ts'), spec: '../cli/x.js', to: at('cli/x.ts') },
        { from: at('cli/a.ts'), spec: '../mock/x.js', to: at('mock/x.ts') },
        { from: at('mock/a.ts'), spec: '../src/x.js', to: at('src/x.ts') },
        { from: at('core/b.ts'), spec: 'node:fs' },
        { from: at('cli/b.ts'), spec: '../core/x.js', to: at('core/x.ts') },
      ]).map((p) => p.split(' ')[0]),
    ).toEqual(['core/a.ts', 'cli/a.ts', 'mock/a.ts']);
    expect(
      cycles([
        { from: at('cli/a.ts'), to: at('cli/b.ts'), spec: './b.js' },
        { from: at('cli/b.ts'), to: at('cli/c.ts'), spec: './c.js' },
        { from: at('cli/c.ts'), to: at('cli/a.ts'), spec: './a.js' },
        { from: at('cli/c.ts'), to: at('core/x.ts'), spec: '../core/x.js' },
      ]),
    ).toEqual([['cli/a.ts', 'cli/b.ts', 'cli/c.ts', 'cli/a.ts']]);
  });
});
