// Third adversary round (issue 31, point 1): a list answer of 64 MB made of `{}` items (under
// --max-body). Parsed whole it is about 22 million objects: the judge's memory grew without a bound
// (heap out of memory, exit 134, no report). Now a list of more than MAX_PARSED_VALUES values is
// parsed and judged one item at a time, the first MAX_JUDGED_ITEMS items: the run ends with a report
// and exit 1 under a heap of 128 MB, the check saying what was judged and what was not.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JUDGED_ITEMS } from '../../core/judge.ts';
import { type CliRun, type FakeSite, noRoute, readReport, siteIndex, testScope } from './support/fake-site.js';

const MB64 = 64 * 1024 * 1024;
const ITEMS = Math.floor((MB64 - 2) / 3);
const scope = testScope();
let site: FakeSite;
let run: CliRun;

beforeAll(async () => {
  const body = Buffer.from(`[${'{},'.repeat(ITEMS).slice(0, -1)}]`);
  site = await scope.site((_req, res, seen) => {
    if (seen.path === '/' && seen.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
      return res.end(JSON.stringify(siteIndex(site.origin, ['core/v2'])));
    }
    if (seen.path === '/wp/v2/posts' && seen.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'X-WP-Total': String(ITEMS), 'X-WP-TotalPages': '1' });
      return res.end(body);
    }
    return noRoute(res);
  });
  run = await scope.cli(['--base-url', site.base, '--operation', 'listPosts', '--operation', 'getPost', '--quiet'], {
    env: { NODE_OPTIONS: '--max-old-space-size=128' },
    timeoutMs: 110_000,
  });
}, 120_000);

describe('a list answer of 64 MB of `{}` items, judged under a heap of 128 MB', () => {
  it('ends with a report and exit 1 (a failed check), not a crash', () => {
    expect(run.signal, run.stderr).toBeNull();
    expect(run.stderr).not.toMatch(/heap out of memory/i);
    expect(run.code, run.stderr).toBe(1);
  });

  it('judges the first items, lists the first problems, counts the rest and says how many items were not judged', () => {
    const list = readReport(run).operations.find((o: { id: string }) => o.id === 'listPosts');
    const errors: string[] = list.checks.flatMap((c: { errors: string[] }) => c.errors);
    expect(errors[0]).toBe('response.body#/0/id is required but missing');
    expect(errors.length).toBeLessThanOrEqual(22);
    expect(errors).toContainEqual(
      expect.stringMatching(new RegExp(`^response\\.body# … \\d+ more problems \\(${MAX_JUDGED_ITEMS} of ${MAX_JUDGED_ITEMS} list items invalid\\)$`)),
    );
    expect(errors).toContainEqual(
      `response.body ${ITEMS - MAX_JUDGED_ITEMS} list items after the first ${MAX_JUDGED_ITEMS} not judged (a list of more than 1000000 values is judged in part)`,
    );
  });

  it('finds no record in it to read (no item has an id) and says so', () => {
    const get = readReport(run).operations.find((o: { id: string }) => o.id === 'getPost');
    expect(get.reason ?? '').toMatch(/empty/);
  });
});
