// Third adversary round (issue 31, point 3): honest reports under hostile ids.
// A site that gives `..` as a revision id: the "delete a revision" check sent
// `DELETE /wp/v2/posts/<id>/?force=true` (a URL resolves the dot segment away), deleted the run's own
// post and reported that a revision was deleted. A site whose create answers an id the run cannot use
// (`1e400`, `"5abc"`): the run's own record stayed on the site labelled as someone else's. Now the
// dot segment is never sent and the check says why; the unusable id is the run's record left behind.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, type CliRun, type FakeSite, type Rec, readReport, send, testScope, wordpressWithPosts } from './support/fake-site.js';
import type { Json } from '../support/spec.js';

const scope = testScope();
const ops = (...ids: string[]) => ids.flatMap((o) => ['--operation', o]);

interface Case {
  site: FakeSite;
  run: CliRun;
  store: Map<number, Rec>;
  report: Json;
}
const cases: Record<string, Case> = {};

/** A site whose revisions list gives `..` as the id; a DELETE of `/posts/<id>/` (the resolved URL) deletes the post, as the platform would. */
async function dotRevision(): Promise<Case> {
  const store = new Map<number, Rec>();
  const site = await scope.site(
    wordpressWithPosts(store, {
      before: (seen, res) => {
        const rev = /^\/wp\/v2\/posts\/(\d+)\/revisions$/.exec(seen.path);
        if (rev && seen.method === 'GET') {
          send(res, 200, [{ id: '..', parent: Number(rev[1]), title: { rendered: 'rev' } }]);
          return true;
        }
        const slash = /^\/wp\/v2\/posts\/(\d+)\/$/.exec(seen.path);
        if (slash && seen.method === 'DELETE' && seen.auth) {
          const rec = store.get(Number(slash[1]));
          store.delete(Number(slash[1]));
          send(res, 200, { deleted: true, previous: rec });
          return true;
        }
        return false;
      },
    }),
  );
  const run = await scope.cli(
    ['--base-url', site.base, ...ops('createPost', 'listPostRevisions', 'getPostRevision', 'deletePostRevision'), '--allow-writes', '--quiet'],
    {
      env: ADMIN_ENV,
    },
  );
  return { site, run, store, report: readReport(run) };
}

/** A site whose create stores the record under a real id but answers `answered` (raw JSON text) as its id. */
async function unusableId(answered: string): Promise<Case> {
  const store = new Map<number, Rec>();
  let next = 7000;
  const site = await scope.site(
    wordpressWithPosts(store, {
      search: () => [], // the sweep finds nothing: the record is out of the run's reach
      before: (seen, res) => {
        if (seen.path !== '/wp/v2/posts' || seen.method !== 'POST' || !seen.auth) return false;
        const title = String(JSON.parse(seen.body || '{}').title ?? '');
        const id = next++;
        store.set(id, { id, title: { raw: title, rendered: title }, status: 'pending' });
        res.writeHead(201, { 'Content-Type': 'application/json; charset=UTF-8' });
        res.end(`{"id":${answered},"title":{"raw":${JSON.stringify(title)},"rendered":${JSON.stringify(title)}},"status":"pending"}`);
        return true;
      },
    }),
  );
  const run = await scope.cli(['--base-url', site.base, ...ops('createPost', 'getPost', 'deletePost'), '--allow-writes', '--quiet'], { env: ADMIN_ENV });
  return { site, run, store, report: readReport(run) };
}

beforeAll(async () => {
  cases.dot = await dotRevision();
  cases.infinite = await unusableId('1e400');
  cases.text = await unusableId('"5abc"');
}, 240_000);

describe('a site that gives `..` as a revision id', () => {
  it("never sends the resolved request: the run's own post is deleted only by its own DELETEs, by its id", () => {
    const { site, run } = cases.dot;
    expect(run.code, run.stderr).toBe(1);
    expect(site.seen.filter((s) => s.method === 'DELETE' && s.path.endsWith('/'))).toEqual([]);
    const posts = site.seen.filter((s) => s.method === 'DELETE' && /^\/wp\/v2\/posts\/\d+$/.test(s.path) && s.auth);
    expect(posts.length).toBeGreaterThan(0);
  });

  it('reports the check as not sent, naming the value, and no revision as deleted', () => {
    const { report } = cases.dot;
    expect(report.notes.join('\n')).not.toMatch(/revision .* was deleted/);
    const del = report.operations.find((o: { id: string }) => o.id === 'deletePostRevision');
    const errors = del.checks.flatMap((c: { errors: string[] }) => c.errors).join('\n');
    expect(errors).toMatch(/not sent: the site gave "\.\." as id, a dot segment/);
  });
});

describe.each(['infinite', 'text'])('a site whose create answers an id the run cannot use (%s)', (name) => {
  it("reports the run's own record as left behind, not as someone else's, and exits 1", () => {
    const { run, report, store } = cases[name];
    expect(run.code, run.stderr).toBe(1);
    expect(store.size).toBe(1); // it is still on the site: the run cannot reach it by id
    expect(report.records.foreignRecords).toEqual([]);
    expect(report.records.leftBehind).toContainEqual({
      record: expect.stringMatching(/^\/core\/v2\/posts\/(Infinity|"5abc")$/),
      title: expect.stringContaining('contract-run'),
    });
    expect(run.stdout).toMatch(/LEFT BEHIND/);
    expect(run.stdout).not.toMatch(/NOT THIS RUN'S RECORD/);
  });

  it('fails the create check, saying why', () => {
    const create = cases[name].report.operations.find((o: { id: string }) => o.id === 'createPost');
    expect(create.checks.flatMap((c: { errors: string[] }) => c.errors).join('\n')).toMatch(/answered id (Infinity|"5abc"), which the run cannot use/);
  });
});
