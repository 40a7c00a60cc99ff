// Second adversary round against the contract CLI's outputs (issue 23, points 2 and 4). A hostile
// fake site echoes the password in pieces: inside a long message that the CLI cuts, in its HTTP
// status text, in a header's name, in a cookie, URL-encoded, and inside binary bodies (which the HAR
// stores as base64), and it sends terminal control characters (ESC, BEL, CR, C1, bidi) and
// characters XML does not allow in its codes and messages. No piece of 6 or more characters of the
// password, in any of those encodings, may reach stdout, stderr, a report or the HAR; the terminal
// gets no raw control character; the JUnit XML is well-formed and the HTML escaped.
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { xmlProblems } from '../support/xml.js';
import { type CliRun, type FakeSite, type Seen, testScope, wordpressWithPosts } from './support/fake-site.js';

const SECRET = 'Qz7w Kp2m Xv9r Lt4n Bc8d Hy3f';
const NOSPACE = SECRET.replace(/ /g, '');
const CONTROLS = '\u001b[2J\u001b]0;owned\u0007\r\u0085\u009b31m\u202e\u0000\u0008\ufffe\ud800';

/** Every window of 6 characters of the password in the encodings a site may use (raw, URL, base64 at 3 alignments). */
function pieces(): string[] {
  const out = new Set<string>();
  for (const s of [SECRET, NOSPACE]) {
    for (let i = 0; i + 6 <= s.length; i++) {
      const w = s.slice(i, i + 6);
      out.add(w).add(encodeURIComponent(w)).add(encodeURIComponent(w).replace(/%20/g, '+'));
      for (let pre = 0; pre < 3; pre++) {
        const enc = Buffer.from('\0'.repeat(pre) + w)
          .toString('base64')
          .replace(/=+$/, '');
        // The characters that depend on the window's own bytes only.
        out.add(enc.slice(Math.ceil((pre * 8) / 6), Math.floor(((pre + 6) * 8) / 6)));
      }
    }
  }
  return [...out];
}
const PIECES = pieces();
const leaks = (text: string) => PIECES.filter((p) => text.includes(p));

const scope = testScope();
let site: FakeSite;
let run: CliRun;
const TMP = scope.tmp('contract-adversary-');
const har = join(TMP, 'run.har');

beforeAll(async () => {
  // Every answer about posts echoes the password: in a header name, a cookie, a status text, a binary body, an error.
  const echo = (seen: Seen, res: ServerResponse): boolean => {
    if (!seen.path.startsWith('/wp/v2/posts')) return false;
    const headers = {
      [`x-echo-${NOSPACE}`]: '1',
      'set-cookie': `wp_session=${encodeURIComponent(SECRET)}; Path=/`,
      'x-wp-total': '1',
      'x-wp-totalpages': '1',
    };
    if (seen.url.includes('context=edit')) {
      // A binary body holding the password (the HAR stores it as base64).
      res.writeHead(200, `OK ${NOSPACE}`, { ...headers, 'content-type': 'application/octet-stream' });
      res.end(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), Buffer.from(`z${SECRET}`), Buffer.from([0, 0xff, 0xfe])]));
      return true;
    }
    const message = `${'x'.repeat(150)}${SECRET} and again ${encodeURIComponent(SECRET)} ${CONTROLS}`;
    res.writeHead(400, `Bad ${NOSPACE.slice(0, 12)}`, { ...headers, 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify({ code: `rest_${CONTROLS}`, message, data: { status: 400, echo: Buffer.from(`ab${SECRET}`).toString('base64') } }));
    return true;
  };
  site = await scope.site(wordpressWithPosts(new Map(), { before: echo }));
  run = await scope.cli(['--base-url', site.base, '--operation', 'listPosts', '--quiet', '--record', har], {
    env: { WP_USER: 'admin', WP_APP_PASSWORD: SECRET },
  });
}, 120_000);

describe('a site that echoes the password in pieces (issue 23, point 2)', () => {
  it('gets no piece of 6 or more characters of it onto stdout or stderr', () => {
    expect(run.stdout).toMatch(/listPosts/);
    expect(leaks(run.stdout)).toEqual([]);
    expect(leaks(run.stderr)).toEqual([]);
  });

  it('gets none into any report', () => {
    const files = readdirSync(run.out);
    expect(files).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'report.html']));
    for (const f of files) expect([f, leaks(readFileSync(join(run.out, f), 'utf8'))]).toEqual([f, []]);
  });

  it('gets none into the HAR, in its text, header names, status texts, cookies or decoded binary bodies', () => {
    const text = readFileSync(har, 'utf8');
    expect(leaks(text)).toEqual([]);
    const entries = JSON.parse(text).log.entries as {
      response: { statusText: string; headers: { name: string }[]; content: { text?: string; encoding?: string } };
    }[];
    expect(entries.some((e) => e.response.content.encoding === 'base64')).toBe(true);
    for (const e of entries) {
      const body =
        e.response.content.encoding === 'base64' ? Buffer.from(e.response.content.text ?? '', 'base64').toString('latin1') : (e.response.content.text ?? '');
      expect(leaks(body)).toEqual([]);
      expect(leaks(e.response.statusText)).toEqual([]);
      expect(leaks(e.response.headers.map((h) => h.name).join('\n'))).toEqual([]);
    }
  });
});

describe('a site that sends control characters (issue 23, point 4)', () => {
  it('reaches the terminal with none of them raw', () => {
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    expect(run.stdout).toMatch(/\\x1b/); // shown, as an escape
    expect(raw.test(run.stdout)).toBe(false);
    expect(raw.test(run.stderr)).toBe(false);
  });

  it('leaves the JUnit XML well-formed and the HTML escaped', () => {
    const xml = readFileSync(join(run.out, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<testcase /);
    expect(xmlProblems(xml)).toEqual([]);
    const html = readFileSync(join(run.out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(html).not.toMatch(/<script|<img/i);
  });
});
