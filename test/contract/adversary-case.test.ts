// Third adversary round (issue 31, point 2): a site that echoes the password as a header's NAME. Node
// lower-cases header names, so the password reaches the CLI in lower case; the HAR written by
// `--record`, the reports and the terminal must hold no form of it in any case.
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, type CliRun, PASSWORD, type Seen, testScope, wordpressWithPosts } from './support/fake-site.js';

const NOSPACE = PASSWORD.replace(/ /g, '');
/** The password and its pieces of 6 characters, in lower case (as a header name arrives). */
const LOWER = [NOSPACE.toLowerCase(), ...Array.from({ length: NOSPACE.length - 5 }, (_v, i) => NOSPACE.slice(i, i + 6).toLowerCase())];
const leaks = (text: string): string[] => LOWER.filter((p) => text.toLowerCase().includes(p));

const scope = testScope();
const har = join(scope.tmp('contract-case-'), 'run.har');
let run: CliRun;

beforeAll(async () => {
  const echo = (seen: Seen, res: ServerResponse): boolean => {
    if (!seen.path.startsWith('/wp/v2/posts')) return false;
    res.writeHead(200, {
      [`X-${NOSPACE}`]: '1',
      [NOSPACE.toUpperCase()]: PASSWORD.toUpperCase(),
      'content-type': 'application/json; charset=UTF-8',
      'x-wp-total': '0',
      'x-wp-totalpages': '0',
    });
    res.end('[]');
    return true;
  };
  const site = await scope.site(wordpressWithPosts(new Map(), { before: echo }));
  run = await scope.cli(['--base-url', site.base, '--operation', 'listPosts', '--quiet', '--record', har], { env: ADMIN_ENV });
}, 120_000);

describe('a site that sends the password as a header name (issue 31, point 2)', () => {
  it('gets it into the HAR in no case: the header names are redacted', () => {
    const text = readFileSync(har, 'utf8');
    const entries = JSON.parse(text).log.entries as { request: { url: string }; response: { headers: { name: string; value: string }[] } }[];
    const posts = entries.filter((e) => e.request.url.includes('/wp/v2/posts'));
    expect(posts.length).toBeGreaterThan(0);
    for (const e of posts) expect(e.response.headers.filter((h) => h.name.includes('[redacted]')).length).toBe(2);
    expect(leaks(text)).toEqual([]);
  });

  it('gets it onto no output and into no report', () => {
    expect(run.code, run.stderr).not.toBe(2);
    expect(leaks(run.stdout)).toEqual([]);
    expect(leaks(run.stderr)).toEqual([]);
    for (const f of readdirSync(run.out)) expect([f, leaks(readFileSync(join(run.out, f), 'utf8'))]).toEqual([f, []]);
  });
});
