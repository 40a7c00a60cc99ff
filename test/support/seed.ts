// The seed's sections as the project transcribed them (test/fixtures/seed/<number>.json, written by
// scripts/seed-transcribe.ts from ../shared/seeds/ and checked against it by .ci/run), so tests derive
// their expectations mechanically from committed files and a clone without ../shared runs them.
// A section that is not transcribed is a failure, never a skip.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SeedTable {
  headers: string[];
  rows: Record<string, string>[];
}
export interface SeedSection {
  level: number;
  title: string;
  number: string;
  text: string;
  tables: SeedTable[];
  items: string[];
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SEED_FIXTURES = join(root, 'test', 'fixtures', 'seed');

const cache = new Map<string, SeedSection>();

/** The section whose number is `num` (e.g. "4.1.1"); throws when it is not transcribed. */
export function section(num: string): SeedSection {
  const hit = cache.get(num);
  if (hit) return hit;
  const file = join(SEED_FIXTURES, `${num}.json`);
  if (!existsSync(file))
    throw new Error(`seed section ${num} is not transcribed (${file}); add it to SECTIONS in scripts/seed-transcribe.ts and run that script`);
  const s = JSON.parse(readFileSync(file, 'utf8')) as SeedSection & { source: string };
  const out: SeedSection = { level: s.level, title: s.title, number: s.number, text: s.text, tables: s.tables, items: s.items };
  cache.set(num, out);
  return out;
}

/** Backticked names in a string, e.g. "`id` (integer)" -> ["id"]. */
export const ticks = (s: string): string[] => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** Split a seed cell at commas (or another separator) outside parentheses: "a (x, y), b" -> ["a (x, y)", "b"]. */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter(Boolean);
}
