// Work that grows faster than the input (issue 23, point 3): a list answer of 20,000 items that all
// fail validation took minutes in `contract` and in `validate-har` (Ajv gathers the errors of $ref'd
// members by concatenation, quadratic in their number). Both must judge and report it in linear time
// and bounded output: the first errors of the check, then counts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main as validateHar } from '../../cli/validate-har.ts';
import { harEntry, harOf } from '../support/har.js';
import { type CliRun, type FakeSite, noRoute, readReport, send, siteIndex, testScope } from './support/fake-site.js';

const N = 20_000;
const ITEMS = Array.from({ length: N }, (_, i) => ({ id: `not-a-number-${i}`, title: 5 }));
const scope = testScope();
const TMP = scope.tmp('contract-growth-');
let site: FakeSite;
let run: CliRun;

beforeAll(async () => {
  const body = JSON.stringify(ITEMS);
  site = await scope.site((req, res, seen) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(site.origin, ['core/v2']));
    if (seen.path === '/wp/v2/posts' && seen.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'X-WP-Total': String(N), 'X-WP-TotalPages': '1' });
      res.end(body);
      return undefined;
    }
    return noRoute(res);
  });
  run = await scope.cli(['--base-url', site.base, '--operation', 'listPosts', '--quiet'], { timeoutMs: 90_000 });
}, 120_000);

describe('a list of 20,000 items that all fail validation', () => {
  it('contract judges it within seconds and reports the first errors, then counts', () => {
    expect(run.signal, 'killed: the run took longer than 90 s').toBeNull();
    expect(run.code, run.stderr).toBe(1);
    expect(run.ms).toBeLessThan(30_000);
    const report = readReport(run);
    const list = report.operations.find((o: { id: string }) => o.id === 'listPosts');
    const first = list.checks.find((c: { ok: boolean; errors: string[] }) => !c.ok && c.errors.some((e) => /list items invalid/.test(e)));
    expect(first, JSON.stringify(list.checks.map((c: { name: string }) => c.name))).toBeDefined();
    expect(first.errors.length).toBeLessThanOrEqual(21);
    expect(first.errors[0]).toMatch(/^response\.body#\/0[ /]/);
    expect(first.errors.at(-1)).toMatch(new RegExp(`^response\\.body# … \\d+ more problems \\(${N} of ${N} list items invalid\\)$`));
  });

  it('validate-har judges a HAR holding it within seconds, with the first problems, then counts', async () => {
    const har = join(TMP, 'big-list.har');
    const entry = harEntry('https://festival.example/wp-json/wp/v2/posts?per_page=100', 200, ITEMS, {
      statusText: 'OK',
      headers: { 'X-WP-Total': String(N), 'X-WP-TotalPages': '1' },
    });
    writeFileSync(har, JSON.stringify(harOf([entry])));
    const out = join(TMP, 'out');
    const t0 = Date.now();
    const code = await validateHar([har, '--out', out, '--quiet'], { stdout: { write: () => true }, stderr: { write: () => true } });
    const ms = Date.now() - t0;
    expect(code).toBe(1);
    expect(ms).toBeLessThan(20_000);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const failures = report.entries[0].failures as { pointer: string; reason: string }[];
    expect(failures.length).toBeLessThanOrEqual(21);
    expect(failures[0].pointer).toMatch(/^response\.body#\/0\//);
    expect(failures.at(-1)!.reason).toMatch(new RegExp(`more problems \\(${N} of ${N} list items invalid\\)`));
  }, 60_000);
});
