#!/usr/bin/env node
// Transcribe the seed document into test/fixtures/seed/, the project's own committed copy of what the
// seed-derived tests (test/spec/) read: for each section they use, its
// title, text, tables (rows keyed by header) and list items. The tests read only the transcription,
// so a clone without ../shared runs them; CI checks that the transcription still matches the seed.
//
//   node dist/scripts/seed-transcribe.js            write test/fixtures/seed/<section>.json from the seed
//   node dist/scripts/seed-transcribe.js --check    compare them with the seed; exit 1 on a difference
//   --seed <dir|file>                            the seed (default ../shared/seeds/, first *.txt)
// Exit codes: 0 written / matches, 1 differs, 2 bad input (no seed, unknown option). --help (-h) says so.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isMain, parseArgs, type Flags } from '../core/args.ts';
import { PACKAGE_ROOT as ROOT } from '../core/spec.ts';
export const OUT = join(ROOT, 'test', 'fixtures', 'seed');

/** The seed sections the tests read (test/support/seed.ts refuses any other). */
export const SECTIONS = [
  '2.1',
  '2.2',
  '2.3',
  '2.4',
  '2.5',
  '2.6',
  '3',
  '4.1',
  '4.1.1',
  '4.1.2',
  '4.1.3',
  '4.2',
  '4.3',
  '4.4',
  '4.4.1',
  '4.4.2',
  '4.5',
  '4.6',
  '4.7',
  '4.8',
  '4.9',
  '4.10',
  '5',
  '8',
  '9',
];

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c: string) => c.trim());

/** Split a Markdown seed into sections (by heading) with their text, tables and list items. */
/** One section of the seed: its heading, text, tables and list items. */
export interface Section {
  level: number;
  title: string;
  number: string;
  text: string;
  tables: { headers: string[]; rows: Record<string, string>[] }[];
  items: string[];
}

export function parseSeed(text: string): Section[] {
  const sections: Section[] = [];
  let cur: Section = { level: 0, title: '', number: '', text: '', tables: [], items: [] };
  sections.push(cur);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      const title = h[2].trim();
      const num = /^(\d+(?:\.\d+)*)\.?\s/.exec(title)?.[1] ?? '';
      cur = { level: h[1].length, title, number: num, text: '', tables: [], items: [] };
      sections.push(cur);
      continue;
    }
    cur.text += `${line}\n`;
    if (line.trim().startsWith('|') && lines[i + 1]?.trim().match(/^\|[-\s|:]+\|$/)) {
      const headers = cells(line);
      const rows = [];
      i += 2;
      while (i < lines.length && lines[i].trim().startsWith('|')) {
        const c = cells(lines[i]);
        rows.push(Object.fromEntries(headers.map((hd: string, k: number) => [hd, c[k] ?? ''])));
        i++;
      }
      i--;
      cur.tables.push({ headers, rows });
      continue;
    }
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) cur.items.push(item[1]);
  }
  return sections;
}

/** The seed file: a .txt file, or the first *.txt of a folder. */
export function seedFile(where = join(ROOT, '..', 'shared', 'seeds')) {
  if (!existsSync(where)) throw new Error(`seed not found: ${where}`);
  if (statSync(where).isFile()) return where;
  const files = readdirSync(where)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  if (!files.length) throw new Error(`no seed document (*.txt) in ${where}`);
  return join(where, files[0]);
}

/** The transcription of a seed text: file name -> JSON text. */
export function transcribe(text: string, source: string): Map<string, string> {
  const sections = parseSeed(text);
  const out = new Map();
  for (const num of SECTIONS) {
    const found = sections.filter((s) => s.number === num);
    if (found.length !== 1) throw new Error(`the seed has ${found.length} sections numbered ${num} (expected 1)`);
    const { number, level, title, text: body, tables, items } = found[0];
    out.set(`${num}.json`, `${JSON.stringify({ source, number, level, title, text: body, tables, items }, null, 2)}\n`);
  }
  return out;
}

const FLAGS = { check: { type: 'boolean' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } } satisfies Flags;
const HELP = `Usage: node dist/scripts/seed-transcribe.js [options]

Writes test/fixtures/seed/<section>.json from the seed document (the sections the tests read), or
with --check compares them with it.

Options:
  --check                 compare instead of writing; exit 1 on a difference
  --seed <dir|file>       the seed (default ../shared/seeds/, its first *.txt)
  --help                  this text (also -h)`;

function main(argv: string[]): number {
  let values;
  try {
    values = parseArgs(argv, FLAGS, { allowPositionals: false }).values;
  } catch (e) {
    console.error(`seed-transcribe: ${e instanceof Error ? e.message : String(e)} (see --help)`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const check = values.check ?? false;
  const where = values.seed;
  const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
  let file: string;
  let text: string;
  try {
    file = seedFile(where);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`seed-transcribe: ${message(e)}`);
    return 2;
  }
  let wanted: Map<string, string>;
  try {
    wanted = transcribe(text, basename(file));
  } catch (e) {
    console.error(`seed-transcribe: ${message(e)}`);
    return 2;
  }
  if (!check) {
    mkdirSync(OUT, { recursive: true });
    for (const [name, json] of wanted) writeFileSync(join(OUT, name), json);
    console.log(`seed-transcribe: wrote ${wanted.size} sections of ${basename(file)} to test/fixtures/seed/`);
    return 0;
  }
  const stale = [];
  for (const [name, json] of wanted) {
    const path = join(OUT, name);
    if (!existsSync(path)) stale.push(`${name} missing`);
    else if (readFileSync(path, 'utf8') !== json) stale.push(`${name} differs`);
  }
  const extra = existsSync(OUT) ? readdirSync(OUT).filter((f) => f.endsWith('.json') && !wanted.has(f)) : [];
  for (const f of extra) stale.push(`${f} is no section the tests read`);
  if (stale.length) {
    console.error(
      `seed-transcribe: test/fixtures/seed/ no longer matches ${basename(file)}: ${stale.join('; ')}.\nRun \`node dist/scripts/seed-transcribe.js\`, review the diff, and adapt the tests to the seed's change.`,
    );
    return 1;
  }
  console.log(`seed-transcribe: test/fixtures/seed/ matches ${basename(file)} (${wanted.size} sections)`);
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = main(process.argv.slice(2));
