// Output a person can read: a namespace the site lacks is one line, not one per operation; progress
// on a terminal, phase lines otherwise, nothing with --quiet; `--drift` adds the full drift report to
// a normal run (and the banner says what the run does); the `drift` command is only that; messages
// about a bad base URL say what to do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/contract.ts';
import { fakeSite, type FakeSite, noRoute, readReport, send, siteIndex, testScope } from './support/fake-site.js';

const scope = testScope();
const cli = scope.cli;
let site: FakeSite;
const tmp = scope.tmp('contract-output-');
beforeAll(async () => {
  site = await scope.site((_req, res, seen, self) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(self.origin, ['core/v2', 'oembed/1.0']));
    if (seen.path === '/wp/v2/posts') return send(res, 200, [], { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
    return noRoute(res);
  });
}, 120_000);

describe('namespaces the site does not have', () => {
  it('are one line each, naming the evidence', async () => {
    const r = await cli(['--base-url', site.base, '--quiet']);
    const calendar = r.stdout.split('\n').filter((l) => l.includes('/cal/events/v1'));
    expect(calendar).toEqual(['  not reachable on this site 52 operations: GET /cal/events/v1 answered 404 rest_no_route']);
    expect(r.stdout.split('\n').filter((l) => /not reachable on this site \d+ operations/.test(l)).length).toBeGreaterThan(5);
    // Each namespace the site lacks is a block of two lines (its figures, the one line), whatever its size.
    const blocks = r.stdout.split(/\n(?=[\w/().-]+: \d+ passed)/).map((b) => b.trim().split('\n\n')[0].split('\n'));
    const absent = blocks.filter((b) => /^[\w/().-]+: 0 passed, 0 failed, \d+ not reachable on this site, 0 skipped$/.test(b[0]));
    expect(absent.length).toBeGreaterThan(5);
    for (const b of absent) expect(b, b[0]).toHaveLength(2);
  });
});

describe('progress', () => {
  function capture(isTTY: boolean) {
    let text = '';
    return {
      stream: {
        isTTY,
        columns: 80,
        write: (s: string) => {
          text += s;
          return true;
        },
      },
      text: () => text,
    };
  }
  const out = capture(false);

  it('on a terminal: one line rewritten in place, and phase lines', async () => {
    const err = capture(true);
    const code = await main(['--base-url', site.base, '--operation', 'listPosts', '--out', join(tmp, 'tty')], {
      env: {},
      stdout: out.stream,
      stderr: err.stream,
    });
    expect([0, 1]).toContain(code);
    expect(err.text()).toMatch(/\r\x1b\[K\[\d+\] GET \/core\/v2\/posts/);
    expect(err.text()).toMatch(/contract: reads: 1 operations/);
  });

  it('not on a terminal: phase lines only; --quiet: neither', async () => {
    const err = capture(false);
    await main(['--base-url', site.base, '--operation', 'listPosts', '--out', join(tmp, 'pipe')], { env: {}, stdout: out.stream, stderr: err.stream });
    expect(err.text()).not.toMatch(/\x1b\[K/);
    expect(err.text()).toMatch(/contract: reads: 1 operations/);
    const quiet = capture(true);
    await main(['--base-url', site.base, '--operation', 'listPosts', '--quiet', '--out', join(tmp, 'quiet')], {
      env: {},
      stdout: out.stream,
      stderr: quiet.stream,
    });
    expect(quiet.text()).not.toMatch(/\x1b\[K|reads:/);
    expect(quiet.text()).toMatch(/^contract: http/);
  });
});

describe('--drift and the drift command', () => {
  it('--drift adds the full drift report to a normal run; the banner says read-only', async () => {
    const r = await cli(['--base-url', site.base, '--namespace', 'core/v2', '--drift', '--quiet']);
    expect(r.stderr).toMatch(/· read-only · drift report ·/);
    expect(r.stderr).not.toMatch(/WITH WRITES/);
    expect(r.stdout).toMatch(/drift report \(the site index against the spec\):/);
    const report = readReport(r);
    expect(report.operations.length).toBeGreaterThan(10);
    expect(report.operations.some((o: { checks: unknown[] }) => o.checks.length > 0)).toBe(true);
    expect(report.drift.summary).toBeDefined();
    expect(r.stdout).toMatch(/\d+ operations: \d+ passed/);
  });

  it('--allow-writes --drift says both', async () => {
    const r = await cli(['--base-url', site.base, '--operation', 'listPosts', '--allow-writes', '--drift', '--quiet']);
    expect(r.stderr).toMatch(/WITH WRITES \(records this run creates\) · drift report/);
  });

  it('`drift` only reads the index and writes the drift report', async () => {
    const before = site.seen.length;
    const r = await cli(['--base-url', site.base, '--quiet'], { command: 'drift' });
    expect(r.code, r.stderr).toBe(0);
    expect(site.seen.slice(before).map((s) => `${s.method} ${s.path}`)).toEqual(['GET /']);
    expect(r.stderr).toMatch(/drift: .* drift report only/);
    expect(r.stdout).toMatch(/drift report \(the site index against the spec\):/);
    expect(r.stdout).not.toMatch(/operations: \d+ passed/);
    expect(JSON.parse(readFileSync(join(r.out, 'drift.json'), 'utf8')).summary.specNamespacesAbsent).toBeGreaterThan(0);
  });

  it('`drift --allow-writes` is a usage error', async () => {
    const r = await cli(['--base-url', site.base, '--allow-writes'], { command: 'drift' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option --allow-writes/);
  });
});

describe('messages about the base URL say what to do', () => {
  it.each([
    ['http://127.0.0.1:1/wp-json', /port 1 is one that fetch refuses to use \("bad port".*\): serve the site on another port/],
    ['http://127.0.0.1:99999/wp-json', /port 99999 is out of range \(1-65535\): give the port the site listens on/],
    ['http://127.0.0.1:8/wp-json?x=1', /without a query \(https:\/\/site\/wp-json\), or the form https:\/\/site\/\?rest_route=/],
  ])('%s', async (url, message) => {
    const r = await cli(['--base-url', url, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('contract: http')).length,
    ).toBeLessThanOrEqual(2);
  });

  it('an unwritable --record file', async () => {
    const r = await cli(['--base-url', site.base, '--record', '/nonexistent/dir/run.har', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--record \/nonexistent\/dir\/run\.har: cannot write it \(ENOENT\)/);
  });

  it('a closed port: nothing listens there', async () => {
    const s = await fakeSite(() => undefined);
    const port = new URL(s.origin).port;
    await s.close();
    const r = await cli(['--base-url', `http://127.0.0.1:${port}/wp-json`, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/connection refused by 127\.0\.0\.1:\d+: nothing listens there; is the site running, and is --base-url right\?/);
  });
});
