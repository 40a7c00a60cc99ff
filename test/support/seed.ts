// Read the seed document (../shared/seeds/) into sections with their tables and list items, so tests
// can derive their expectations from it mechanically. A missing seed is a failure, never a skip.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SeedTable { headers: string[]; rows: Record<string, string>[] }
export interface SeedSection { level: number; title: string; number: string; text: string; tables: SeedTable[]; items: string[] }

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function seedPath(): string {
  const dir = process.env.SEED_DIR ?? join(root, '..', 'shared', 'seeds');
  if (!existsSync(dir)) throw new Error(`seed folder not found: ${dir} (the tests derive their expectations from it; set SEED_DIR)`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  if (files.length === 0) throw new Error(`no seed document in ${dir}`);
  return join(dir, files[0]);
}

const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

export function parseSeed(text: string): SeedSection[] {
  const sections: SeedSection[] = [];
  let cur: SeedSection = { level: 0, title: '', number: '', text: '', tables: [], items: [] };
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
      const rows: Record<string, string>[] = [];
      i += 2;
      while (i < lines.length && lines[i].trim().startsWith('|')) {
        const c = cells(lines[i]);
        rows.push(Object.fromEntries(headers.map((hd, k) => [hd, c[k] ?? ''])));
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

let cache: SeedSection[] | undefined;
export function seed(): SeedSection[] {
  cache ??= parseSeed(readFileSync(seedPath(), 'utf8'));
  return cache;
}

/** The section whose number is `num` (e.g. "4.1.1"); throws when the seed has none. */
export function section(num: string): SeedSection {
  const s = seed().find((x) => x.number === num);
  if (!s) throw new Error(`seed has no section ${num}`);
  return s;
}

/** Backticked names in a string, e.g. "`id` (integer)" -> ["id"]. */
export const ticks = (s: string): string[] => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
