// Work that grows faster than the input (issue 23, point 3): a list answer of 20,000 items that all
// fail validation took minutes in `contract` and in `validate-har` (Ajv gathers the errors of $ref'd
// members by concatenation, quadratic in their number). Both must judge and report it in linear time
// and bounded output: the first errors of the check, then counts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as validateHar } from '../../cli/validate-har.ts';
import { cleanOut, type CliRun, ensureCompiledMapping, fakeSite, type FakeSite, noRoute, runCli, send, siteIndex } from './support/fake-site.js';

const N = 20_000;
const ITEMS = Array.from({ length: N }, (_, i) => ({ id: `not-a-number-${i}`, title: 5 }));
const TMP = mkdtempSync(join(tmpdir(), 'contract-growth-'));
let site: FakeSite;
let run: CliRun;

beforeAll(async () => {
  ensureCompiledMapping();
  const body = JSON.stringify(ITEMS);
  site = await fakeSite((req, res, seen) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(site.origin, ['core/v2']));
    if (seen.path === '/wp/v2/posts' && seen.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'X-WP-Total': String(N), 'X-WP-TotalPages': '1' });
      res.end(body);
      return undefined;
    }
    return noRoute(res);
  });
  run = await runCli(['--base-url', site.base, '--operation', 'listPosts', '--quiet'], { timeoutMs: 90_000 });
}, 120_000);
afterAll(async () => {
  await site?.close();
  if (run) cleanOut(run);
  rmSync(TMP, { recursive: true, force: true });
});

describe('a list of 20,000 items that all fail validation', () => {
  it('contract judges it within seconds and reports the first errors, then counts', () => {
    expect(run.signal, 'killed: the run took longer than 90 s').toBeNull();
    expect(run.code, run.stderr).toBe(1);
    expect(run.ms).toBeLessThan(30_000);
    const report = JSON.parse(readFileSync(join(run.out, 'report.json'), 'utf8'));
    const list = report.operations.find((o: { id: string }) => o.id === 'listPosts');
    const first = list.checks.find((c: { ok: boolean; errors: string[] }) => !c.ok && c.errors.some((e) => /list items invalid/.test(e)));
    expect(first, JSON.stringify(list.checks.map((c: { name: string }) => c.name))).toBeDefined();
    expect(first.errors.length).toBeLessThanOrEqual(21);
    expect(first.errors[0]).toMatch(/^response\.body#\/0[ /]/);
    expect(first.errors.at(-1)).toMatch(new RegExp(`^response\\.body# … \\d+ more problems \\(${N} of ${N} list items invalid\\)$`));
  });

  it('validate-har judges a HAR holding it within seconds, with the first problems, then counts', async () => {
    const har = join(TMP, 'big-list.har');
    const entry = {
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 1,
      request: {
        method: 'GET',
        url: 'https://festival.example/wp-json/wp/v2/posts?per_page=100',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        queryString: [{ name: 'per_page', value: '100' }],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'Content-Type', value: 'application/json; charset=UTF-8' },
          { name: 'X-WP-Total', value: String(N) },
          { name: 'X-WP-TotalPages', value: '1' },
        ],
        content: { size: 0, mimeType: 'application/json; charset=UTF-8', text: JSON.stringify(ITEMS) },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    };
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, pages: [], entries: [entry] } }));
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
