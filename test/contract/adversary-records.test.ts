// Second adversary round against the contract CLI (issue 23, points 1 and 5).
// Point 1: a create whose answer names an existing record (its id, its links) must not lead the run
// to update or delete that record. No write reaches a record unless the run proved it is its own,
// on the record itself, just before the write; such a create is a reported failure, and the run
// goes on without touching the record.
// Point 5: a run that checks nothing does not pass; --require-namespace makes a namespace required.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, type CliRun, type FakeSite, type Rec, readReport, send, testScope, wordpressWithPosts } from './support/fake-site.js';

const scope = testScope();
const WRITE_OPS = ['createPost', 'listPosts', 'getPost', 'updatePost', 'deletePost', 'createPostAutosave', 'listPostRevisions', 'deletePostRevision'].flatMap(
  (o) => ['--operation', o],
);
const OTHERS: Rec = { id: 501, title: { raw: 'Summer festival line-up', rendered: 'Summer festival line-up' }, status: 'publish' };

interface Hostile {
  site: FakeSite;
  run: CliRun;
  store: Map<number, Rec>;
}

/**
 * A site whose create answers record 501, which is not the run's. `lying`: its GET of 501 echoes
 * the title of the last create (so only "it was there before the run" proves it is not the run's).
 */
async function hostile(lying: boolean): Promise<Hostile> {
  const store = new Map<number, Rec>([[501, structuredClone(OTHERS)]]);
  let lastTitle = '';
  const site = await scope.site(
    wordpressWithPosts(store, {
      before: (seen, res, self) => {
        if (seen.path === '/wp/v2/posts' && seen.method === 'POST' && seen.auth) {
          try {
            lastTitle = String(JSON.parse(seen.body).title ?? '');
          } catch {
            /* not JSON */
          }
          const rec = store.get(501)!;
          send(
            res,
            201,
            { ...rec, title: { raw: lastTitle, rendered: lastTitle }, _links: { self: [{ href: `${self.base}/wp/v2/posts/501` }] } },
            { Location: `${self.base}/wp/v2/posts/501` },
          );
          return true;
        }
        if (lying && seen.path === '/wp/v2/posts/501' && seen.method === 'GET') {
          send(res, 200, { ...store.get(501), title: { raw: lastTitle, rendered: lastTitle } });
          return true;
        }
        return false;
      },
    }),
  );
  const run = await scope.cli(['--base-url', site.base, ...WRITE_OPS, '--allow-writes', '--quiet'], { env: ADMIN_ENV });
  return { site, run, store };
}

const cases: Record<string, Hostile> = {};
beforeAll(async () => {
  cases.honest = await hostile(false);
  cases.lying = await hostile(true);
}, 240_000);

describe.each(['honest', 'lying'])("a site whose create answers someone else's record (%s about it)", (name) => {
  const writesTo501 = (c: Hostile) => c.site.seen.filter((s) => s.method !== 'GET' && s.method !== 'HEAD' && /\/posts\/501(\/|$|\?)/.test(s.path));

  it('sends no write (PUT, PATCH, POST, DELETE) to that record, and the record is unchanged', () => {
    const c = cases[name];
    expect(
      c.site.seen.some((s) => s.method === 'POST' && s.path === '/wp/v2/posts'),
      c.run.stderr,
    ).toBe(true);
    expect(writesTo501(c)).toEqual([]);
    expect(c.store.get(501)).toEqual(OTHERS);
  });

  it('reports it as a failure, naming the record, and exits 1', () => {
    const c = cases[name];
    expect(c.run.code, c.run.stderr).toBe(1);
    const report = readReport(c.run);
    expect(report.records.foreignRecords.map((f: { path: string }) => f.path)).toContain('/core/v2/posts/501');
    expect(report.records.created.map((r: { path: string }) => r.path)).not.toContain('/core/v2/posts/501');
    const create = report.operations.find((o: { id: string }) => o.id === 'createPost');
    expect(create.verdict).toBe('failed');
    expect(JSON.stringify(create.checks)).toMatch(/a record this run did not create/);
    expect(c.run.stdout).toMatch(/NOT THIS RUN'S RECORD, NOT TOUCHED: \/core\/v2\/posts\/501/);
  });
});

describe('a run that checks nothing (issue 23, point 5)', () => {
  let site: FakeSite;
  const runs: Record<string, CliRun> = {};
  beforeAll(async () => {
    site = await scope.site(wordpressWithPosts(new Map<number, Rec>([[501, structuredClone(OTHERS)]])));
    runs.calendar = await scope.cli(['--base-url', site.base, '--namespace', 'cal/events/v1', '--quiet']);
    runs.required = await scope.cli(['--base-url', site.base, '--operation', 'listPosts', '--require-namespace', 'cal/events/v1', '--quiet']);
    runs.requiredPresent = await scope.cli(['--base-url', site.base, '--operation', 'listPosts', '--require-namespace', 'core/v2', '--quiet']);
    runs.writesOnly = await scope.cli(['--base-url', site.base, '--operation', 'createPost', '--quiet']);
    runs.unknown = await scope.cli(['--base-url', site.base, '--require-namespace', 'no/such', '--quiet']);
  }, 240_000);

  it('--namespace cal/events/v1 on a site without the calendar exits 1 with one clear line', () => {
    const r = runs.calendar;
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => /FAILED/.test(l));
    expect(lines).toEqual([
      expect.stringMatching(
        /^contract: FAILED: nothing was checked: the site has none of the requested namespaces: cal\/events\/v1 \(GET \/cal\/events\/v1 answered 404 rest_no_route\)$/,
      ),
    ]);
    expect(r.stdout).toMatch(/ 0 of them really checked against the site/);
    // CI sees it too: the JUnit XML has a failed testcase for it.
    expect(readFileSync(join(r.out, 'junit.xml'), 'utf8')).toMatch(
      /<testsuite name="scope" tests="1" failures="1"[\s\S]*<failure message="nothing was checked: /,
    );
  });

  it('--require-namespace fails a run whose site lacks the namespace', () => {
    const r = runs.required;
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.split('\n').filter((l) => /FAILED/.test(l))).toEqual([
      expect.stringMatching(/^contract: FAILED: required namespace cal\/events\/v1 is not on this site: absent from the site index/),
    ]);
    expect(r.stdout).toMatch(/^1 operations: .* 1 of them really checked against the site/m);
  });

  it('--require-namespace is met when the namespace is there and one of its operations was checked', () => {
    expect(runs.requiredPresent.stderr).not.toMatch(/FAILED: (required|nothing)/);
    const report = readReport(runs.requiredPresent);
    expect(report.scopeProblems).toEqual([]);
    expect(report.summary.checked).toBe(1);
  });

  it('a read-only run that selected only writes checks nothing and says why', () => {
    const r = runs.writesOnly;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FAILED: nothing was checked: every selected operation was skipped .*write operations need --allow-writes/);
  });

  it('an unknown --require-namespace is bad input (exit 2, one line)', () => {
    expect(runs.unknown.code).toBe(2);
    expect(runs.unknown.stderr).toMatch(/--require-namespace: unknown namespace no\/such/);
  });
});
