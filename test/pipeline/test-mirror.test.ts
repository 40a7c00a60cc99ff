// test/ mirrors the code (test/README.md):
//  - every module of core/ has its tests in test/core/<module>.test.ts, and every file there tests a
//    module of core/ (so "core" means the code folder, never the spec's core/v2 namespace);
//  - every folder of test/ has a row in test/README.md's folder table that names the code folder it
//    tests (a folder of the repository, in backticks) or says it is cross-cutting; no row names a
//    folder that is not there; no test file lies loose in test/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUICK_LEAVES_OUT } from '../../vitest.quick.config.ts';
import { ROOT } from '../support/spec.js';

const TEST = join(ROOT, 'test');
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** The rows of the README's `folder` table: folder name -> its description. */
export function folderRows(readme: string): Map<string, string> {
  const rows = new Map<string, string>();
  const lines = readme.split('\n');
  const head = lines.findIndex((l) => /^\|\s*folder\s*\|/.test(l));
  if (head < 0) return rows;
  for (let i = head + 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
    const [name, what = ''] = cells(lines[i]);
    const m = /^`([^`]+)\/`$/.exec(name);
    if (m) rows.set(m[1], what);
  }
  return rows;
}

/** Problems of the mirror, given the code modules, the test folders and files, and the README. */
export function mirrorProblems(o: {
  coreModules: string[];
  coreTests: string[];
  testDirs: string[];
  looseTests: string[];
  readme: string;
  isCodeFolder: (f: string) => boolean;
}): string[] {
  const problems: string[] = [];
  for (const m of o.coreModules) if (!o.coreTests.includes(`${m}.test.ts`)) problems.push(`core/${m}.ts has no test/core/${m}.test.ts`);
  for (const t of o.coreTests) if (!o.coreModules.includes(t.replace(/\.test\.ts$/, ''))) problems.push(`test/core/${t} tests no module of core/`);
  const rows = folderRows(o.readme);
  for (const d of o.testDirs) {
    const what = rows.get(d);
    if (what === undefined) problems.push(`test/${d}/ is not in test/README.md's folder table`);
    else if (!/^cross-cutting\b/.test(what) && !/`([^`]+\/)`/.test(what)) problems.push(`test/${d}/: its row names no code folder and is not cross-cutting`);
    else if (!/^cross-cutting\b/.test(what)) {
      const code = /`([^`]+\/)`/.exec(what)![1];
      if (!o.isCodeFolder(code)) problems.push(`test/${d}/: its row names \`${code}\`, which is no code folder`);
    }
  }
  for (const d of rows.keys()) if (!o.testDirs.includes(d)) problems.push(`test/README.md lists ${d}/, which is not in test/`);
  for (const f of o.looseTests) problems.push(`test/${f} lies loose in test/: put it in the folder of what it tests`);
  return problems;
}

describe('test/ mirrors the code', () => {
  const entries = readdirSync(TEST);
  const facts = {
    coreModules: readdirSync(join(ROOT, 'core'))
      .filter((f) => /\.(ts|js)$/.test(f))
      .map((f) => f.replace(/\.(ts|js)$/, '')),
    coreTests: readdirSync(join(TEST, 'core')).filter((f) => f.endsWith('.ts')),
    testDirs: entries.filter((n) => statSync(join(TEST, n)).isDirectory()),
    looseTests: entries.filter((n) => n.endsWith('.test.ts')),
    readme: readFileSync(join(TEST, 'README.md'), 'utf8'),
    isCodeFolder: (f: string) => !f.startsWith('test/') && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isDirectory(),
  };

  it('finds the core modules and the test folders', () => {
    expect(facts.coreModules.length).toBeGreaterThan(10);
    expect(facts.testDirs).toContain('core');
  });

  it('every core module has test/core/<module>.test.ts; every test folder maps to a code folder or is cross-cutting', () => {
    expect(mirrorProblems(facts)).toEqual([]);
  });

  it('finds a module without tests, a test of no module, an unlisted folder, a wrong code folder and a loose test', () => {
    const readme = [
      '| folder | what |',
      '|---|---|',
      '| `core/` | the core (`core/`) |',
      '| `docs/` | the docs (`nowhere/`) |',
      '| `gone/` | cross-cutting: x |',
    ].join('\n');
    expect(
      mirrorProblems({
        coreModules: ['json', 'spec'],
        coreTests: ['json.test.ts', 'old.test.ts'],
        testDirs: ['core', 'docs', 'extra'],
        looseTests: ['core.test.ts'],
        readme,
        isCodeFolder: (f) => f === 'core/',
      }),
    ).toEqual([
      'core/spec.ts has no test/core/spec.test.ts',
      'test/core/old.test.ts tests no module of core/',
      'test/docs/: its row names `nowhere/`, which is no code folder',
      "test/extra/ is not in test/README.md's folder table",
      'test/README.md lists gone/, which is not in test/',
      'test/core.test.ts lies loose in test/: put it in the folder of what it tests',
    ]);
  });
});

describe('the quick tier (vitest.quick.config.ts)', () => {
  /** Test files (relative to ROOT) whose text says they need a browser. */
  const testFiles = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((n) => {
      const rel = `${dir}/${n}`;
      return statSync(join(ROOT, rel)).isDirectory() ? testFiles(rel) : n.endsWith('.test.ts') ? [rel] : [];
    });
  const left = Object.values(QUICK_LEAVES_OUT).flat();
  const leftOut = (f: string) => left.some((p) => (p.endsWith('/**') ? f.startsWith(p.slice(0, -2)) : f === p));

  it('leaves out every test that launches a browser', () => {
    const browser = testFiles('test').filter((f) => /launchChromium\(/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(browser.length).toBeGreaterThan(0);
    expect(browser.filter((f) => !leftOut(f))).toEqual([]);
  });

  it('leaves out only files and folders that are there', () => {
    expect(left.filter((p) => !existsSync(join(ROOT, p.replace(/\/\*\*$/, ''))))).toEqual([]);
  });
});
