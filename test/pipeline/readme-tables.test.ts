// Maintainer docs stay true to the repository:
//  - DECISIONS.md opens with an index (`- [D<n>. <title>](#<anchor>)`, one line per entry) that lists
//    exactly its entries (`## D<n>. <title>`), with the same titles and working anchors, and the
//    entries are in number order;
//  - a decision replaced (wholly or in part) by a later one says so: its entry's first line is
//    `**Superseded by D<m>**` (then what changed), its index line ends ` — Superseded by D<m>`, and
//    D<m> is an entry with a greater number;
//  - every README.md (outside node_modules/, generated/, dist/) names only files that exist: in a
//    table whose first header cell is `file`, `folder` or `path`, every backticked name in the first
//    column is a path relative to the README's folder (a trailing `/` marks a folder);
//  - the tarball the README names is the one `npm pack` writes for package.json's version.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spec.js';

/** GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, spaces to `-`. */
export function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

interface Entry {
  id: string;
  title: string;
  anchor?: string;
  /** The entry that replaced this one (`**Superseded by D<m>**`, or the index line's ` — Superseded by D<m>`). */
  supersededBy?: string;
}

/** The entries with their marker, read from each entry's first line. */
function entriesOf(text: string): Entry[] {
  return [...text.matchAll(/^## (D\d+)\. (.+)\n(.*)$/gm)].map((m) => ({
    id: m[1],
    title: m[2].trim(),
    supersededBy: /^\*\*Superseded by (D\d+)\*\*/.exec(m[3])?.[1],
  }));
}

function supersededProblems(entries: Entry[], index: Entry[], text: string): string[] {
  const problems: string[] = [];
  const num = (id: string) => Number(id.slice(1));
  const ids = new Set(entries.map((e) => e.id));
  const listed = new Map(index.map((e) => [e.id, e]));
  for (const e of entries) {
    const line = listed.get(e.id);
    if (line && line.supersededBy !== e.supersededBy)
      problems.push(
        `${e.id}: the entry says ${e.supersededBy ? `superseded by ${e.supersededBy}` : 'nothing of a successor'}, its index line ${line.supersededBy ? `superseded by ${line.supersededBy}` : 'nothing'}`,
      );
    if (!e.supersededBy) continue;
    if (!ids.has(e.supersededBy)) problems.push(`${e.id} is superseded by ${e.supersededBy}, which has no entry`);
    else if (num(e.supersededBy) <= num(e.id)) problems.push(`${e.id} is superseded by ${e.supersededBy}, which is not later`);
  }
  for (const m of text.matchAll(/^(?!## D\d+\. ).*\n(.*Superseded by D\d+.*)$/gm))
    if (!/^\*\*Superseded by D\d+\*\*/.test(m[1]) && !/^- \[D\d+\. /.test(m[1]))
      problems.push(`a "Superseded by" marker outside an entry's first line: ${m[1].slice(0, 80)}`);
  return problems;
}

export function decisionsProblems(text: string): string[] {
  const entries = entriesOf(text);
  const index: Entry[] = [...text.matchAll(/^- \[(D\d+)\. (.+)\]\(#([^)\s]+)\)(?: — Superseded by (D\d+))?$/gm)].map((m) => ({
    id: m[1],
    title: m[2].trim(),
    anchor: m[3],
    supersededBy: m[4],
  }));
  const problems: string[] = [];
  if (!entries.length) problems.push('no entries (`## D<n>. <title>`)');
  const firstEntry = text.search(/^## D\d+\. /m);
  const lastIndex = [...text.matchAll(/^- \[D\d+\. /gm)].pop()?.index ?? -1;
  if (lastIndex > firstEntry) problems.push('the index is not at the top (an index line follows the first entry)');
  const num = (e: Entry) => Number(e.id.slice(1));
  entries.forEach((e, i) => {
    if (i && num(e) <= num(entries[i - 1])) problems.push(`${e.id} follows ${entries[i - 1].id}: entries are in number order, each number once`);
  });
  const listed = new Map(index.map((e) => [e.id, e]));
  for (const e of entries) {
    const line = listed.get(e.id);
    if (!line) {
      problems.push(`${e.id} is not in the index`);
      continue;
    }
    if (line.title !== e.title) problems.push(`${e.id}: the index says "${line.title}", the entry "${e.title}"`);
    if (line.anchor !== anchor(`${e.id}. ${e.title}`))
      problems.push(`${e.id}: the index links #${line.anchor}, the heading's anchor is #${anchor(`${e.id}. ${e.title}`)}`);
  }
  const ids = new Set(entries.map((e) => e.id));
  for (const l of index) if (!ids.has(l.id)) problems.push(`the index lists ${l.id}, which has no entry`);
  if (
    index
      .map((l) => l.id)
      .filter((id) => ids.has(id))
      .join() !==
    entries
      .map((e) => e.id)
      .filter((id) => listed.has(id))
      .join()
  )
    problems.push("the index is not in the entries' order");
  return [...problems, ...supersededProblems(entries, index, text)];
}

const SKIP = new Set(['node_modules', 'generated', 'dist', '.git', '.sandbox', 'test-output']);
function readmes(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    if (SKIP.has(n)) return [];
    const p = join(dir, n);
    return statSync(p).isDirectory() ? readmes(p) : n === 'README.md' ? [p] : [];
  });
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** The names in the first column of the README's file tables, each with its line number. */
export function tableNames(text: string): { name: string; line: number }[] {
  const lines = text.split('\n');
  const out: { name: string; line: number }[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].trim().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1])) continue;
    const head = cells(lines[i])[0].toLowerCase();
    let j = i + 2;
    for (; j < lines.length && lines[j].trim().startsWith('|'); j++) {
      if (!['file', 'folder', 'path'].includes(head)) continue;
      for (const m of cells(lines[j])[0].matchAll(/`([^`]+)`/g)) out.push({ name: m[1], line: j + 1 });
    }
    i = j - 1;
  }
  return out;
}

describe('DECISIONS.md', () => {
  it('opens with an index of its entries, and the entries are in number order', () => {
    expect(decisionsProblems(readFileSync(join(ROOT, 'DECISIONS.md'), 'utf8'))).toEqual([]);
  });

  it('finds an entry out of order, one missing from the index, a wrong title and a dead anchor', () => {
    const text = [
      '# Decisions',
      '',
      '- [D1. One](#d1-one)',
      '- [D3. Three](#d3-three)',
      '- [D2. Too](#d2-two)',
      '- [D9. Nine](#d9-nine)',
      '',
      '## D1. One',
      'x',
      '## D3. Three',
      'x',
      '## D2. Two',
      'x',
      '## D4. Four',
      'x',
    ].join('\n');
    expect(decisionsProblems(text)).toEqual([
      'D2 follows D3: entries are in number order, each number once',
      'D2: the index says "Too", the entry "Two"',
      'D4 is not in the index',
      'the index lists D9, which has no entry',
    ]);
  });

  it('finds a superseded entry without its index mark, a mark without the entry, a successor that is not later or not there', () => {
    const text = [
      '- [D1. One](#d1-one) — Superseded by D3',
      '- [D2. Two](#d2-two)',
      '- [D3. Three](#d3-three) — Superseded by D2',
      '- [D4. Four](#d4-four) — Superseded by D9',
      '',
      '## D1. One',
      '**Superseded by D3**: three does it.',
      '## D2. Two',
      '**Superseded by D4** in part: x.',
      '## D3. Three',
      '**Superseded by D2**: backwards.',
      '## D4. Four',
      '**Superseded by D9**: a number nobody wrote.',
      'Superseded by D1 in the middle of a text.',
    ].join('\n');
    expect(decisionsProblems(text)).toEqual([
      'D2: the entry says superseded by D4, its index line nothing',
      'D3 is superseded by D2, which is not later',
      'D4 is superseded by D9, which has no entry',
      'a "Superseded by" marker outside an entry\'s first line: Superseded by D1 in the middle of a text.',
    ]);
  });

  it("makes GitHub's anchors", () => {
    expect(anchor('D13. Calendar: `json_ld` is an optional property, not a separate single-item schema')).toBe(
      'd13-calendar-json_ld-is-an-optional-property-not-a-separate-single-item-schema',
    );
  });
});

describe('README tables', () => {
  const files = readmes(ROOT);

  it('finds the READMEs', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('every file a README table names exists', () => {
    const missing = files.flatMap((readme) =>
      tableNames(readFileSync(readme, 'utf8'))
        .filter(({ name }) => !existsSync(join(dirname(readme), name)) || (name.endsWith('/') && !statSync(join(dirname(readme), name)).isDirectory()))
        .map(({ name, line }) => `${relative(ROOT, readme)}:${line}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads the first column of file tables only', () => {
    const text = ['| file | what |', '|---|---|', '| `a.ts`, `b/` | `not-a-file` |', '', '| command | what |', '|---|---|', '| `npm test` | x |'].join('\n');
    expect(tableNames(text)).toEqual([
      { name: 'a.ts', line: 3 },
      { name: 'b/', line: 3 },
    ]);
  });
});

// The README's benchmark figures are bench/results.md's (written only by `npm run bench`): every row
// of its targets table is a row of the results' targets table, the build figure included (issue 32:
// the README said 14.03 s for a build that took 45 s).
describe("the README's benchmark figures", () => {
  const rows = (text: string, from: string) => {
    const at = text.indexOf(from);
    const table = text.slice(at).split('\n\n')[1] ?? '';
    return table
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| target') && !l.startsWith('|---'))
      .map((l) => l.replace(/\s+/g, ' ').trim());
  };
  const readme = rows(readFileSync(join(ROOT, 'README.md'), 'utf8'), 'Latest figures (');
  const results = rows(readFileSync(join(ROOT, 'bench', 'results.md'), 'utf8'), '## Targets');

  it("are bench/results.md's, the build figure among them", () => {
    expect(readme.length).toBeGreaterThan(10);
    expect(readme.some((r) => r.startsWith('| whole build (npm run build) |'))).toBe(true);
    expect(readme.some((r) => r.startsWith('| mock process: start to first store answer |'))).toBe(true);
    expect(readme.filter((r) => !results.includes(r))).toEqual([]);
  });
});

describe("the README's package file names", () => {
  it("name the tarball `npm pack` writes for package.json's version", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
    const named = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/\b[\w-]+-\d+\.\d+\.\d+\.tgz\b/g)].map((m) => m[0]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([`${pkg.name}-${pkg.version}.tgz`]));
  });
});
