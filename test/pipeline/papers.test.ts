// The house's papers are true to the repository, both ways:
//  - every path a paper names exists: the Markdown files (every README.md, DECISIONS.md,
//    openapi/EXTENSIONS.md, bench/MEASUREMENTS.md, ...; not CHANGELOG.md, which records what was)
//    and the headers of the generated TypeScript files (their generator writes them: fix the
//    generator, then `npm run build`). A path is a backticked name with a slash, a trailing `/` or a
//    file extension, or a name with a slash and a file extension in the text; it is read from the
//    paper's folder or the repository's root. Not checked: URLs, routes (`/core/v2/posts`),
//    placeholders and globs (`<version>`, `*`), packages (`festival-site-api/types`), what lies
//    outside the checkout (the shared folder beside it) and what a run writes (`test-output/`, `.sandbox/`).
//    `dist/<x>.js` must have its source `<x>.ts`. A former name is named only after "was" or
//    "formerly" (`(was \`scripts/bench.mjs\`)`), a file yet to be made only after "e.g.";
//  - every folder is described: by its own README, or by the README of a folder above it that names
//    it (`lib/`, or files in it: `lib/runner.ts`); under `openapi/paths/` the file is the path
//    (layout.test.ts);
//  - in the code and test folders every file is named by the README that describes its folder (in a
//    table or in the text; by its name, its path from that README or from the root); the data folders (`openapi/`, `generated/`, `releases/`,
//    `test/fixtures/`) follow their README's naming rule instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spec.js';

const SKIP = new Set(['node_modules', 'dist', '.git', '.sandbox', 'test-output']);
/** Papers that record the past on purpose: the names they cite were true when written. */
const HISTORY = new Set(['CHANGELOG.md', join('bench', 'results.md')]); // the changelog; a bench run's record
/** Folders whose files follow a naming rule of their README instead of being named one by one. */
const DATA = ['openapi', 'generated', 'releases', join('test', 'fixtures')];
/** What a run writes, and the outside of the checkout: named, never committed. */
const RUNTIME = ['test-output/', '.sandbox/', 'node_modules/', '~/'];
const EXT = /\.(?:ts|mts|js|mjs|cjs|json|ya?ml|md|sh|html|har)$/;
const CODE_EXT = /\.(?:ts|mts|js|mjs|cjs|sh)$/;

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; dependencies?: object; devDependencies?: object };
const PACKAGES = new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);

/** Every folder (relative to ROOT, '' for the root) and every file of the checkout. */
function walk(dir = ROOT, out = { dirs: [''], files: [] as string[] }) {
  for (const n of readdirSync(dir)) {
    if (SKIP.has(n) || n.endsWith('.tgz')) continue;
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      out.dirs.push(relative(ROOT, p));
      walk(p, out);
    } else out.files.push(relative(ROOT, p));
  }
  return out;
}

export interface Named {
  name: string;
  line: number;
}

/** The paths a text names (see the header), each with its line; fenced code blocks are examples, not read. */
export function pathsNamed(text: string): Named[] {
  const out: Named[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    const former = (at: number) => /(?:\b(?:was|formerly)|\be\.g\.)\s*\(?$/.test(line.slice(0, at));
    for (const m of line.matchAll(/`([^`\n]+)`/g)) {
      const span = m[1].replace(/#[\w-]*$/, '');
      if (!/^[\w@{~+-][\w.@{}/~+-]*$/.test(span) || former(m.index)) continue;
      if (span.includes('/') ? EXT.test(span) || span.endsWith('/') : CODE_EXT.test(span)) out.push({ name: span, line: i + 1 });
    }
    const prose = line.replace(/`[^`\n]*`/g, (s) => ' '.repeat(s.length));
    for (const m of prose.matchAll(
      /(?<![\w.\\/@~-])((?:\.{1,2}\/)*[\w@][\w.@{}-]*(?:\/[\w.@{}-]+)+\.(?:ts|mts|js|mjs|cjs|json|ya?ml|md|sh|html|har))(?![\w/-])/g,
    ))
      if (!former(m.index)) out.push({ name: m[1], line: i + 1 });
  });
  return out;
}

/** Whether a named path is one this test checks (not a URL, route, placeholder, package, run output or outside path). */
function checkable(name: string, from: string): boolean {
  if (name.includes('://') || name.startsWith('/') || /[*<>…]|\.\.\./.test(name)) return false;
  if (RUNTIME.some((r) => name.startsWith(r))) return false;
  const first = name.split('/')[0];
  if (PACKAGES.has(first) || (first.startsWith('@') && PACKAGES.has(name.split('/').slice(0, 2).join('/')))) return false;
  if (name.startsWith('..') && !resolve(from, name).startsWith(ROOT + sep)) return false; // outside the checkout
  return true;
}

/** Does a named path exist, read from `from` (a folder) or the root? `basenames` answers for a bare file name. */
function exists(name: string, from: string, basenames: Set<string>): boolean {
  if (!name.includes('/')) return basenames.has(name) || basenames.has(name.replace(/(\.d)?\.[jt]s$/, '.ts')); // or its compiled name
  const candidates = [name];
  if (name.startsWith('dist/')) {
    const src = name.slice('dist/'.length);
    candidates.splice(0, 1, src, src.replace(/(\.d)?\.js$/, '.ts'), src.replace(/\.d\.ts$/, '.ts'));
  }
  return candidates.some((c) => [join(from, c), join(ROOT, c)].some((p) => existsSync(p) && (!c.endsWith('/') || statSync(p).isDirectory())));
}

/** The comment lines that head a generated TypeScript file. */
export function header(text: string): string {
  const lines: string[] = [];
  for (const l of text.split('\n')) {
    if (!/^\s*(\/\/|\/\*|\*)/.test(l)) break;
    lines.push(l);
  }
  return lines.join('\n');
}

/** Problems of the papers: each `file:line: name` that names a path that does not exist. */
export function missingPaths(papers: { file: string; text: string }[], basenames: Set<string>): string[] {
  return papers.flatMap(({ file, text }) => {
    const from = dirname(join(ROOT, file));
    return pathsNamed(text)
      .filter(({ name }) => checkable(name, from) && !exists(name, from, basenames))
      .map(({ name, line }) => `${file}:${line}: ${name}`);
  });
}

/** The README that describes a folder: its own, else the nearest one above that names it. */
function describer(dir: string, readmes: Map<string, Set<string>>): string | undefined {
  if (readmes.has(dir)) return dir;
  for (let up = dirname(dir); ; up = dirname(up)) {
    const top = up === '.' ? '' : up;
    const names = readmes.get(top);
    if (names) {
      const rel = relative(join(ROOT, top), join(ROOT, dir)).split(sep).join('/');
      if ([...names].some((n) => n === `${rel}/` || n === rel || n.startsWith(`${rel}/`))) return top;
      if (top.split(sep).slice(0, 2).join('/') === 'openapi/paths') return top; // the file is the path
      return undefined;
    }
    if (!top) return undefined;
  }
}

/** Every path-like token of a README (backticked or not), for "is this file named". */
function tokensOf(text: string): Set<string> {
  return new Set([...text.matchAll(/[\w.@{}/-]+/g)].map((m) => m[0].replace(/[.,:;]+$/, '')));
}

describe('the papers', () => {
  const { dirs, files } = walk();
  const basenames = new Set(files.map((f) => basename(f)));
  const papers = files
    .filter((f) => f.endsWith('.md') && !HISTORY.has(f))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
    .concat(
      files.filter((f) => f.startsWith(`generated${sep}`) && f.endsWith('.ts')).map((file) => ({ file, text: header(readFileSync(join(ROOT, file), 'utf8')) })),
    );
  const readmes = new Map(
    files.filter((f) => basename(f) === 'README.md').map((f) => [dirname(f) === '.' ? '' : dirname(f), tokensOf(readFileSync(join(ROOT, f), 'utf8'))]),
  );

  it('finds the papers and the generated headers', () => {
    expect(papers.length).toBeGreaterThan(50);
    expect(papers.filter((p) => p.file.startsWith('generated')).map((p) => p.file)).toContain(join('generated', 'routes.ts'));
  });

  it('every path a paper or a generated header names exists', () => {
    expect(missingPaths(papers, basenames)).toEqual([]);
  });

  it('every folder is described by its README or by one above it that names it', () => {
    expect(dirs.filter((d) => describer(d, readmes) === undefined)).toEqual([]);
  });

  it('every file of a code or test folder is named by the README that describes its folder', () => {
    const unnamed = files.filter((f) => {
      const dir = dirname(f) === '.' ? '' : dirname(f);
      if (!dir || basename(f) === 'README.md' || DATA.some((d) => dir === d || dir.startsWith(d + sep))) return false;
      const top = describer(dir, readmes);
      if (top === undefined) return false; // reported above
      const rel = relative(join(ROOT, top), join(ROOT, f)).split(sep).join('/');
      const names = readmes.get(top)!;
      return ![rel, basename(f), f.split(sep).join('/')].some((n) => names.has(n));
    });
    expect(unnamed).toEqual([]);
  });
});

describe('the papers test itself', () => {
  it('reads backticked names, paths in the text, and leaves examples, routes, URLs and former names alone', () => {
    const text = [
      'See `core/spec.ts`, `lib/` and `store.ts`; also scripts/build.mjs and (was `scripts/bench.mjs`).',
      'Not `core/v2`, `/core/v2/posts`, https://x.example/a/b.json or `npm test`.',
      '```sh',
      'node dist/scripts/missing.js',
      '```',
    ].join('\n');
    expect(pathsNamed(text)).toEqual([
      { name: 'core/spec.ts', line: 1 },
      { name: 'lib/', line: 1 },
      { name: 'store.ts', line: 1 },
      { name: 'scripts/build.mjs', line: 1 },
    ]);
  });

  it('finds a stale path and a missing file, and accepts a compiled name whose source exists', () => {
    const basenames = new Set(['spec.ts', 'build.ts']);
    const paper = {
      file: 'README.md',
      text: '`core/spec.ts`, `dist/core/spec.js`, `core/gone.ts`, scripts/build.mjs, `build.ts`, `gone.mjs`, `/core/v2/posts`, `../shared/seeds/x.md`, `test-output/report.html`, `festival-site-api/types`',
    };
    expect(missingPaths([paper], basenames)).toEqual(['README.md:1: core/gone.ts', 'README.md:1: gone.mjs', 'README.md:1: scripts/build.mjs']);
  });

  it("reads a generated file's header only", () => {
    expect(header('// Generated by scripts/x.ts\n/**\n * more\n */\nexport const a = "scripts/y.ts";\n')).toBe(
      '// Generated by scripts/x.ts\n/**\n * more\n */',
    );
  });
});
