// The seed-derived tests read test/fixtures/seed/ (never ../shared), and `seed-transcribe --check`
// (run by .ci/run) notices when the seed no longer matches that transcription. The seed itself is not
// in the repository, so these tests rebuild a seed text from the transcription's own sections.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECTIONS, type Section as Transcribed } from '../../scripts/seed-transcribe.ts';
import { ROOT } from '../support/spec.js';

const FIX = join(ROOT, 'test', 'fixtures', 'seed');
type Section = Transcribed & { source: string };
const sections = (): Section[] =>
  readdirSync(FIX)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(FIX, f), 'utf8')));
/** A seed text with exactly the transcribed sections: heading, the section's lines, each table's rows after its header line. */
function seedText(list: Section[]): string {
  return list
    .map((s) => {
      let t = 0;
      const lines = s.text.split('\n').flatMap((line) => {
        const table = s.tables[t];
        if (!table || !line.trim().startsWith('|')) return [line];
        t++;
        return [line, `|${table.headers.map(() => '---').join('|')}|`, ...table.rows.map((r) => `| ${table.headers.map((h) => r[h]).join(' | ')} |`)];
      });
      return `${'#'.repeat(s.level)} ${s.title}\n${lines.join('\n')}`;
    })
    .join('')
    .replace(/\n$/, ''); // the seed's last section (9) holds the file's final newline once
}
const dir = mkdtempSync(join(tmpdir(), 'seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const check = (text: string) => {
  const file = join(dir, sections()[0].source);
  writeFileSync(file, text);
  return spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'seed-transcribe.js'), '--check', '--seed', file], { cwd: ROOT, encoding: 'utf8' });
};

describe('the seed transcription', () => {
  it('holds the 25 sections the tests read, from one seed', () => {
    const list = sections();
    expect(SECTIONS).toHaveLength(25);
    expect(list.map((s) => s.number).sort()).toEqual([...SECTIONS].sort());
    expect(new Set(list.map((s) => s.source)).size).toBe(1);
  });

  it('--check passes on a seed with the same sections', () => {
    const r = check(seedText(sections()));
    expect(r.status, r.stderr).toBe(0);
  });

  it('--check fails, naming the section, when the seed changed', () => {
    const list = sections();
    const table = list.find((s) => s.number === '4.4.1')!.tables[0];
    const first = table.headers[0];
    table.rows[0][first] = `${table.rows[0][first]} (changed)`;
    const r = check(seedText(list));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/4\.4\.1\.json differs/);
  });

  it('--check without the seed is bad input (exit 2)', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'seed-transcribe.js'), '--check', '--seed', join(dir, 'nothing-here')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
  });

  // One exception (D189): test/har/festival-recording.test.ts validates the festival's recording from
  // ../shared, required by `npm test` (FESTIVAL_SHARED_REQUIRED) and not by `test:offline`.
  it('no test reads ../shared (but the festival recording test, D189)', () => {
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((n) => {
        const p = join(d, n);
        return statSync(p).isDirectory() ? (n === 'fixtures' ? [] : files(p)) : /\.(ts|mjs|js)$/.test(n) ? [p] : [];
      });
    const readers = files(join(ROOT, 'test')).filter(
      (f) =>
        !f.endsWith('seed-transcription.test.ts') &&
        !f.endsWith('festival-recording.test.ts') &&
        /['"`]\.\.\/shared|['"`]\.\.['"`],\s*['"`]shared['"`]/.test(readFileSync(f, 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});
