// `festival-site-api validate-har` offline, on the HAR fixtures the project writes itself
// (test/fixtures/har/; written from the spec's own examples with the site's real names): exact
// verdicts and JSON pointers for conforming, non-conforming, out-of-scope, redacted, base64, HEAD,
// XML/HTML bodies, the rest_route form and empty files; one clear line and exit 2 for files that are
// not HARs; hostile input (huge, deep, malformed, non-string fields) never crashes; credentials a HAR
// carries never reach any output; the streaming reader (stream-json underneath) gives the same
// entries whatever the chunking, builds them as JSON.parse does, and keeps its bounds (D148).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHarJudge, secretsOf } from '../../cli/lib/har-judge.ts';
import { createHarTokenizer, NotAHar } from '../../cli/lib/har-reader.ts';
import * as coreMapping from '../../core/mapping.ts';
import { DEFAULT_SPEC, loadBundle } from '../../core/spec.ts';
import { main } from '../../cli/validate-har.ts';
import { ROOT } from '../support/spec.js';
import { harEntry, harOf } from '../support/har.js';

const FIX = join(ROOT, 'test', 'fixtures', 'har');
const TMP = mkdtempSync(join(tmpdir(), 'validate-har-test-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Finding {
  pointer: string;
  reason: string;
}
interface Entry {
  index: number;
  method: string;
  url: string;
  status: number;
  verdict: string;
  reason?: string;
  operation?: { id: string };
  failures: Finding[];
  request: { verdict: string; accepted?: boolean; problems: Finding[] };
}
interface Report {
  summary: Record<string, number>;
  ok: boolean;
  entries: Entry[];
  operations: { id: string; entries: number; conforming: number; nonConforming: number }[];
  notInSpec: { reason: string; count: number }[];
  failureClasses: { operation: string; pointer: string; reason: string; count: number }[];
}
interface Run {
  code: number;
  stdout: string;
  stderr: string;
  report?: Report;
  out: string;
  files: string;
}

let runs = 0;
async function run(args: string[], opts: { limits?: object } = {}): Promise<Run> {
  const out = join(TMP, `out-${runs++}`);
  let stdout = '';
  let stderr = '';
  const code = await main([...args, '--out', out], {
    stdout: {
      write: (s: string) => {
        stdout += s;
      },
    },
    stderr: {
      write: (s: string) => {
        stderr += s;
      },
    },
    limits: opts.limits,
  });
  let report: Report | undefined;
  let files = '';
  try {
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    files = readdirSync(out)
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .join('\n');
  } catch {
    /* no report written */
  }
  return { code, stdout, stderr, report, out, files };
}
const fx = (name: string) => join(FIX, name);
const ops = (r: Report) => Object.fromEntries(r.operations.map((o) => [o.id, [o.entries, o.conforming, o.nonConforming]]));
const byIndex = (r: Report, i: number) => r.entries.find((e) => e.index === i);

describe('conforming traffic', () => {
  it('judges every entry (path and rest_route forms, HEAD, XML, base64, _fields) as conforming in strict mode', async () => {
    const r = await run([fx('conforming.har'), '--strict']);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.report!.summary).toMatchObject({
      entries: 10,
      inScope: 10,
      conforming: 10,
      nonConforming: 0,
      notInSpec: 0,
      unreadable: 0,
      requestsInvalid: 0,
      bodiesNotRecorded: 1,
    });
    // HEAD and the list (with wpml_language mapped to i18n_language) are listPosts; the rest_route forms and base64 are getPost.
    expect(ops(r.report!)).toEqual({ listPosts: [2, 2, 0], createPost: [1, 1, 0], getPost: [6, 6, 0], getOEmbed: [1, 1, 0] });
    expect(r.report!.entries).toEqual([]);
    expect(r.stdout).toMatch(/core\/v2: 9 entries: 9 conform, 0 do not conform/);
    expect(r.stdout).toMatch(/10 entries in 1 file\(s\): 10 in scope \(10 conform, 0 do not conform\), 0 not in the spec, 0 unreadable/);
  });

  it('a HAR without entries and a HAR whose credentials are redacted both pass', async () => {
    const empty = await run([fx('empty.har'), '--strict']);
    expect([empty.code, empty.report!.summary.entries]).toEqual([0, 0]);
    const red = await run([fx('redacted.har'), '--strict']);
    expect([red.code, red.report!.summary.conforming, red.report!.summary.inScope]).toEqual([0, 2, 2]);
  });
});

describe('non-conforming traffic', () => {
  const expected: [number, Finding[]][] = [
    [0, [{ pointer: 'response.body#/id', reason: 'must be integer' }]],
    [1, [{ pointer: 'response.body#/undocumented_field', reason: 'is not documented (an undocumented field)' }]],
    [2, [{ pointer: 'response.status', reason: 'status 418 is not documented for getPost (documented: 200, 400, 401, 403, 404); site code teapot' }]],
    [
      3,
      [
        { pointer: 'response.headers.X-WP-Total', reason: 'is documented for this response but missing' },
        { pointer: 'response.headers.X-WP-TotalPages', reason: 'is documented for this response but missing' },
      ],
    ],
    [4, [{ pointer: 'response.headers.X-WP-Total', reason: 'is not an integer' }]],
    [
      5,
      [{ pointer: 'response.headers.Content-Type', reason: 'content type text/html; charset=UTF-8 is not documented for 200 (documented: application/json)' }],
    ],
    [6, [{ pointer: 'response.content.text', reason: 'the body is not valid JSON' }]],
    [7, [{ pointer: 'response.content.text', reason: 'the body is empty; 200 documents application/json' }]],
  ];

  it('names each failing entry with the pointer and the reason, and exits 1 (strict)', async () => {
    const r = await run([fx('non-conforming.har'), '--strict']);
    expect(r.code).toBe(1);
    expect(r.report!.summary).toMatchObject({ entries: 9, inScope: 9, conforming: 1, nonConforming: 8 });
    for (const [i, failures] of expected) {
      expect(byIndex(r.report!, i), `entry ${i}`).toMatchObject({ verdict: 'does not conform', failures });
    }
    // The request is judged on its own line: entry 8's response conforms, its query does not.
    expect(byIndex(r.report!, 8)).toMatchObject({
      verdict: 'conforms',
      failures: [],
      request: {
        verdict: 'invalid',
        accepted: true,
        problems: [
          { pointer: 'request.query.per_page', reason: 'must be integer' },
          { pointer: 'request.query.orderby', reason: expect.stringMatching(/^must be equal to one of the allowed values/) },
        ],
      },
    });
    expect(r.stdout).toMatch(
      /x {2}non-conforming\.har#0 GET https:\/\/festival\.example\/wp-json\/wp\/v2\/posts\/5 -> 200 {2}\(0: id is a string\)\n {10}response\.body#\/id must be integer\n {10}request: valid/,
    );
    expect(r.stdout).toMatch(/request: invalid \(yet the site accepted it: the spec may be too narrow\): request\.query\.per_page must be integer/);
    expect(r.files).toContain('response.body#/id');
    expect(r.files).toMatch(/<failure message="1 problem\(s\)">response\.status status 418/);
    expect(r.files).toMatch(/<li><code>response\.headers\.X-WP-Total<\/code> is not an integer/);
  });

  it('an undocumented field fails only in strict mode (the control)', async () => {
    const r = await run([fx('non-conforming.har')]);
    expect(r.code).toBe(1);
    expect(byIndex(r.report!, 1)).toBeUndefined();
    expect(r.report!.summary).toMatchObject({ conforming: 2, nonConforming: 7 });
  });
});

describe('scope', () => {
  it('counts static files, pages, other namespaces, undescribed methods and routes as not in the spec', async () => {
    const r = await run([fx('out-of-scope.har'), '--strict']);
    expect(r.code).toBe(0);
    expect(r.report!.summary).toMatchObject({ entries: 6, inScope: 0, notInSpec: 6 });
    expect(r.report!.notInSpec).toEqual([
      { reason: 'not a REST URL (no /wp-json/ path, no ?rest_route=)', count: 2 },
      { reason: 'method OPTIONS not in the spec for /core/v2/posts (it has GET, POST)', count: 1 },
      { reason: 'namespace not in the spec (yoast/v1)', count: 1 },
      { reason: 'not an HTTP URL (data:)', count: 1 },
      { reason: 'route not in the spec (namespace core/v2)', count: 1 },
    ]);
  });

  it('--namespace judges only the chosen namespace; --map adds a site-specific name', async () => {
    const r = await run([fx('conforming.har'), '--namespace', 'oembed/1.0']);
    expect(r.report!.summary).toMatchObject({ inScope: 1, notSelected: 9 });
    const har = JSON.parse(readFileSync(fx('conforming.har'), 'utf8'));
    har.log.entries = [har.log.entries[0]];
    har.log.entries[0].request.url = har.log.entries[0].request.url.replace('/wp/v2/', '/content/v9/');
    const f = join(TMP, 'renamed.har');
    writeFileSync(f, JSON.stringify(har));
    expect((await run([f])).report!.summary).toMatchObject({ inScope: 0, notInSpec: 1 });
    const mapped = await run([f, '--map', 'core/v2=content/v9', '--strict']);
    expect([mapped.code, mapped.report!.summary.conforming]).toEqual([0, 1]);
  });
});

describe('routes a site does not serve', () => {
  it('a 404 rest_no_route on a spec route is "not served by the site", not a failure; any other undocumented 404 fails', async () => {
    const file = join(TMP, 'no-route.har');
    writeFileSync(
      file,
      JSON.stringify(
        harOf([
          harEntry('http://127.0.0.1:8881/wp-json/tribe/events/v1', 404, {
            code: 'rest_no_route',
            message: 'No route was found matching the URL and request method.',
            data: { status: 404 },
          }),
          harEntry('http://127.0.0.1:8881/wp-json/tribe/events/v1', 404, { code: 'something_else', message: 'x', data: { status: 404 } }),
        ]),
      ),
    );
    const r = await run([file, '--strict']);
    expect(r.code).toBe(1);
    expect(r.report!.summary).toMatchObject({ entries: 2, inScope: 1, nonConforming: 1, notInSpec: 1 });
    expect(r.report!.notInSpec).toEqual([{ reason: 'route not served by the site (404 rest_no_route): /cal/events/v1', count: 1 }]);
    expect(byIndex(r.report!, 1)).toMatchObject({
      verdict: 'does not conform',
      failures: [
        { pointer: 'response.status', reason: expect.stringMatching(/^status 404 is not documented for getCalendarNamespace .*site code something_else$/) },
      ],
    });
  });
});

describe('special cases', () => {
  it('status 0 is "no response"; HEAD is judged on the GET headers; --rest-prefix moves the REST root', async () => {
    const src = JSON.parse(readFileSync(fx('conforming.har'), 'utf8'));
    const [post, , , , head] = src.log.entries;
    const aborted = JSON.parse(JSON.stringify(post));
    aborted.response = { status: 0, statusText: '', headers: [], content: { size: 0, mimeType: 'x-unknown' } };
    const headNoTotals = JSON.parse(JSON.stringify(head));
    headNoTotals.response.headers = headNoTotals.response.headers.filter((h: { name: string }) => !/^X-WP-Total/i.test(h.name));
    const moved = JSON.parse(JSON.stringify(post));
    moved.request.url = moved.request.url.replace('/wp-json/', '/api/');
    const f = join(TMP, 'special.har');
    writeFileSync(f, JSON.stringify({ log: { version: '1.2', entries: [aborted, headNoTotals, moved] } }));
    const r = await run([f, '--strict']);
    expect(r.code).toBe(1);
    expect(r.report!.summary).toMatchObject({ entries: 3, noResponse: 1, inScope: 1, nonConforming: 1, notInSpec: 1 });
    expect(byIndex(r.report!, 1)).toMatchObject({
      method: 'HEAD',
      operation: { id: 'listPosts' },
      failures: [
        { pointer: 'response.headers.X-WP-Total', reason: 'is documented for this response but missing' },
        { pointer: 'response.headers.X-WP-TotalPages', reason: 'is documented for this response but missing' },
      ],
    });
    const only = await run([f, '--strict', '--rest-prefix', '/api']);
    expect(only.report!.summary).toMatchObject({ inScope: 1, conforming: 1, notInSpec: 2 });
    const both = await run([f, '--strict', '--rest-prefix', '/api', '--rest-prefix', '/wp-json']);
    expect(both.report!.summary).toMatchObject({ inScope: 2, conforming: 1, nonConforming: 1, noResponse: 1, notInSpec: 0 });
    expect(ops(both.report!)).toEqual({ getPost: [2, 1, 0], listPosts: [1, 0, 1] });
  });
});

describe('credentials', () => {
  it('never prints or writes an unredacted credential, in any encoding', async () => {
    const r = await run([fx('unredacted.har'), '--strict']);
    expect(r.code).toBe(1);
    const all = r.stdout + r.stderr + r.files;
    const secrets = ['Sup3rSecretAppPass', 'CookieSecretValue123', 'NonceSecret42', 'SetCookieSecret77'];
    for (const s of secrets) {
      for (const form of [s, Buffer.from(s).toString('base64').replace(/=+$/, ''), encodeURIComponent(s)]) expect(all).not.toContain(form);
    }
    expect(all).not.toContain(Buffer.from('admin:Sup3rSecretAppPass').toString('base64'));
    expect(all).toContain('[redacted]');
    expect(r.report!.entries.map((e) => e.url)).toEqual([
      'https://festival.example/wp-json/wp/v2/posts/5?_wpnonce=%5Bredacted%5D',
      'https://[redacted]@festival.example/wp-json/wp/v2/posts/5?password=%5Bredacted%5D',
    ]);
  });
});

describe('files that are not HARs', () => {
  const bin = join(TMP, 'binary.har');
  const empty = join(TMP, 'empty-file.har');
  writeFileSync(bin, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  writeFileSync(empty, '');
  mkdirSync(join(TMP, 'a-folder'), { recursive: true });
  it.each([
    ['not JSON', fx('not-a-har.txt'), /not-a-har\.txt: not a HAR: not JSON \(it starts with "t"\)$/],
    ['JSON without log.entries', fx('no-entries.json'), /no-entries\.json: not a HAR: "log" has no "entries" array$/],
    ['binary', bin, /binary\.har: not a HAR: a binary file/],
    ['empty', empty, /empty-file\.har: is empty, not a HAR file/],
    ['missing', join(TMP, 'no-such.har'), /no-such\.har: no such file$/],
    ['a folder', join(TMP, 'a-folder'), /a-folder: is a directory/],
  ])('%s: one clear line, exit 2', async (_name, file, line) => {
    const r = await run([file]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^validate-har: /);
    expect(lines[0]).toMatch(line);
    expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
  });

  it('with several files, a bad one gets its line and exit 2, the others are still judged (in the summary, no report written)', async () => {
    const r = await run([fx('conforming.har'), fx('no-entries.json'), fx('out-of-scope.har')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/16 entries/);
    expect(r.report).toBeUndefined();
  });

  // Issue 23, point 6: a failed start leaves the reports of the previous run as they were.
  it.each([
    ['not JSON', 'not-a-har.txt'],
    ['JSON without log.entries', 'no-entries.json'],
    ['missing', 'no-such.har'],
  ])('%s: the reports of the previous run are left as they were', async (_name, bad) => {
    const out = join(TMP, `kept-${bad}`);
    const first = await main([fx('conforming.har'), '--out', out, '--quiet'], { stdout: { write: () => true }, stderr: { write: () => true } });
    expect(first).toBe(0);
    const before = readdirSync(out)
      .sort()
      .map((f) => [f, readFileSync(join(out, f), 'utf8')]);
    expect(before.map(([f]) => f)).toEqual(['junit.xml', 'report.html', 'report.json']);
    let stdout = '';
    const second = await main([fx(bad), '--out', out], {
      stdout: {
        write: (s: string) => {
          stdout += s;
        },
      },
      stderr: { write: () => true },
    });
    expect(second).toBe(2);
    expect(stdout).toMatch(/reports: none written/);
    expect(
      readdirSync(out)
        .sort()
        .map((f) => [f, readFileSync(join(out, f), 'utf8')]),
    ).toEqual(before);
  });

  it('bad flags exit 2 with one line', async () => {
    for (const args of [['--nope', fx('empty.har')], [fx('empty.har'), '--namespace', 'no/such'], [fx('empty.har'), '--map', 'a=b=c'], []]) {
      const r = await run(args);
      expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, expect.stringMatching(/^validate-har: /)]);
    }
  });
});

describe('hostile input', () => {
  it('huge, deep, malformed and non-string fields never crash; unreadable entries fail the run', async () => {
    const good = JSON.parse(readFileSync(fx('conforming.har'), 'utf8')).log.entries[0];
    const clone = () => JSON.parse(JSON.stringify(good));
    const entries: unknown[] = [];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const push = (mut: (e: any) => void) => {
      const e = clone();
      mut(e);
      entries.push(e);
    };
    push((e) => {
      e.request.url = `https://festival.example/wp-json/wp/v2/posts/5?q=${'a'.repeat(100_000)}`;
    });
    push((e) => {
      e.request.url = 'https://festival.example/wp-json/wp/v2/posts/%E0%A4%A?x=%ZZ&%=1';
    });
    push((e) => {
      e.response.content.text = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    });
    push((e) => {
      e.request.method = 5;
    });
    push((e) => {
      e.request.url = { href: 'x' };
    });
    push((e) => {
      e.response.headers = 'x';
      e.request.headers = [{ name: 1 }, null, { name: 'A', value: { x: 1 } }];
    });
    push((e) => {
      e.response.status = '200';
    });
    push((e) => {
      e.response.content = { text: 42, encoding: ['base64'] };
    });
    push((e) => {
      e.response.headers.push({ name: 'X-Huge', value: 'h'.repeat(1_000_000) });
    });
    push((e) => {
      e.comment = '\u001b[2J\u001b]0;pwned\u0007 \u202e';
      e.request.url = 'https://festival.example/wp-json/wp/v2/posts/\u001b[31m';
    });
    push((e) => {
      e.response.content.encoding = 'base64';
      e.response.content.text = '!!!not base64!!!';
    });
    // inputs that would make a backtracking pattern scan for minutes
    push((e) => {
      e.request.url = `https://festival.example/wp-json/wp/v2/posts/5?${'a'.repeat(60_000)}&//${':'.repeat(60_000)}`;
      e.comment = `Basic ${'A'.repeat(50_000)}!`;
    });
    push((e) => {
      e.response.content.encoding = 'base64';
      e.response.content.text = `${' '.repeat(200_000)}!`;
    });
    entries.push(null, 7, 'entry', []);
    const text = JSON.stringify({ log: { version: '1.2', entries } }).replace('"entries":[', `"entries":[${'['.repeat(300)}${']'.repeat(300)},`);
    const f = join(TMP, 'hostile.har');
    writeFileSync(f, text);
    const r = await run([f, '--strict']);
    expect(r.code, r.stderr).toBe(1);
    const s = r.report!.summary;
    expect(s.entries).toBe(entries.length + 1);
    // the 300-deep entry, the non-string method and URL, the non-object entries, status "200"
    expect(s.unreadable).toBe(8);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    expect(r.files).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202e]/);
    expect(r.stdout.length).toBeLessThan(200_000);
    const deep = r.report!.entries.find((e) => e.index === 3);
    expect(deep?.failures).toEqual([{ pointer: 'response.content.text', reason: 'the body nests deeper than 128 levels (not judged)' }]);
    expect(byIndex(r.report!, 11)?.failures).toEqual([{ pointer: 'response.content.text', reason: 'content.encoding is base64 but the text is not base64' }]);
    expect(byIndex(r.report!, 13)?.failures).toEqual([{ pointer: 'response.content.text', reason: 'content.encoding is base64 but the text is not base64' }]);
  });

  it('an entry over the size bound is reported as unreadable, the rest is read', async () => {
    const har = JSON.parse(readFileSync(fx('conforming.har'), 'utf8'));
    har.log.entries[1].response.content.text = JSON.stringify({ pad: 'p'.repeat(50_000) });
    const f = join(TMP, 'big-entry.har');
    writeFileSync(f, JSON.stringify(har));
    const r = await run([f], { limits: { maxEntryChars: 20_000 } });
    expect(r.code).toBe(1);
    expect(r.report!.summary).toMatchObject({ entries: 10, unreadable: 1, conforming: 9 });
    expect(r.report!.entries[0]).toMatchObject({ index: 1, verdict: 'unreadable', reason: expect.stringMatching(/^the entry is larger than/) });
  });
});

describe('bounded fuzzing (seeded, 400 cases each)', () => {
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const text = readFileSync(fx('conforming.har'), 'utf8');
  const HOSTILE: unknown[] = [
    '',
    'x'.repeat(70_000),
    '%E0%A4%A',
    '%%%',
    'https://festival.example/wp-json/wp/v2/posts/%ZZ',
    'http://[::1',
    -1,
    0,
    1e308,
    null,
    true,
    [],
    {},
    [[[[[]]]]],
    { $ref: '#/x' },
    '\u0000',
    'base64',
    '?rest_route=%2F',
    '{"code":1}',
  ];

  it('the reader on mutated files: entries or one NotAHar, nothing else', () => {
    for (let i = 0; i < 400; i++) {
      const chars = [...text.slice(0, 6000)];
      const k = 1 + rnd(4);
      for (let j = 0; j < k; j++) {
        const at = rnd(chars.length);
        const op = rnd(3);
        if (op === 0) chars.splice(at, 1);
        else if (op === 1) chars.splice(at, 0, '{}[]",:\\ x0'[rnd(12)]);
        else chars.length = at;
      }
      const t = createHarTokenizer();
      try {
        t.push(chars.join(''));
        t.end();
      } catch (e) {
        expect(e, `case ${i}`).toBeInstanceOf(NotAHar);
      }
    }
  });

  it('the judge on mutated entries: always a verdict, never an exception', async () => {
    const map = coreMapping;
    const judge = createHarJudge({ doc: loadBundle(DEFAULT_SPEC), mapping: map.FESTIVAL_PLATFORM, strict: true }).judge;
    const entries = JSON.parse(text).log.entries;
    const scopes = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const e = JSON.parse(JSON.stringify(entries[rnd(entries.length)]));
      for (let j = 0; j < 1 + rnd(3); j++) {
        let node = e;
        let key: string | number = 'request';
        for (let d = 0; d < 4 && node && typeof node === 'object'; d++) {
          const keys = Object.keys(node);
          if (!keys.length) break;
          key = keys[rnd(keys.length)];
          if (d < 3 && node[key] && typeof node[key] === 'object' && rnd(2)) node = node[key];
          else break;
        }
        if (node && typeof node === 'object') node[key] = HOSTILE[rnd(HOSTILE.length)];
      }
      const v = judge(e);
      expect(secretsOf(e)).toBeInstanceOf(Set);
      expect(['in-spec', 'not-in-spec', 'not-selected', 'no-response', 'unreadable'], `case ${i}`).toContain(v.scope);
      scopes.add(v.scope);
    }
    expect(scopes.size).toBeGreaterThanOrEqual(3);
  });
});

describe("the request's naming (issue 32)", () => {
  it('names the parameters of a real-name request as it sent them (wpml_language, not i18n_language)', () => {
    const judge = createHarJudge({ doc: loadBundle(DEFAULT_SPEC), mapping: coreMapping.FESTIVAL_PLATFORM, strict: true }).judge;
    const posts = JSON.parse(readFileSync(join(FIX, 'conforming.har'), 'utf8')).log.entries.find(
      (e: { request: { url: string } }) => new URL(e.request.url).pathname === '/wp-json/wp/v2/posts',
    );
    expect(posts).toBeDefined();
    const entry = JSON.parse(JSON.stringify(posts));
    entry.request.url = 'https://festival.example/wp-json/wp/v2/posts?wpml_language=xx&bogus=1';
    entry.request.queryString = [
      { name: 'wpml_language', value: 'xx' },
      { name: 'bogus', value: '1' },
    ];
    const v = judge(entry);
    expect(v.scope).toBe('in-spec');
    const pointers = (v as unknown as Entry).request.problems.map((p) => p.pointer);
    expect(pointers).toContain('request.query.wpml_language');
    expect(pointers).toContain('request.query.bogus');
    expect(pointers.join(' ')).not.toContain('i18n_language');
  });
});

describe('the streaming reader', () => {
  it('yields the same entries however the text is split into chunks', () => {
    const text = JSON.stringify({ log: { pages: [{ a: '}]"\\' }], entries: [{ a: 'x\\"}]', b: [1, { c: null }] }, { d: '\u00e9\\\\' }, 3], version: '1.2' } });
    const whole = createHarTokenizer();
    const reference = [...whole.push(text), ...whole.end()];
    expect(reference.map((x: { kind: string }) => x.kind)).toEqual(['entry', 'entry', 'entry', 'end']);
    for (let cut = 1; cut < text.length; cut++) {
      for (const size of [1, 3, 7]) {
        const t = createHarTokenizer();
        const items = [...t.push(text.slice(0, cut))];
        for (let i = cut; i < text.length; i += size) items.push(...t.push(text.slice(i, i + size)));
        items.push(...t.end());
        expect(items).toEqual(reference);
      }
    }
  });
});

describe('the streaming reader on stream-json (D148)', () => {
  /** Every item the tokenizer gives for `text`, or the NotAHar message. */
  const read = (text: string, limits = {}) => {
    const t = createHarTokenizer(limits);
    try {
      return [...t.push(text), ...t.end()];
    } catch (e) {
      expect(e).toBeInstanceOf(NotAHar);
      return (e as Error).message;
    }
  };
  const har = (entries: string) => `{"log":{"version":"1.2","entries":[${entries}]}}`;

  it('builds each entry as JSON.parse does: escapes, surrogate pairs, numbers, duplicate keys, scalars', () => {
    const entries = [
      '{"a":"x\\"y\\\\z\\u00e9\\ud83d\\ude00 \\/ \\b\\f\\n\\r\\t","b":[1,-0,2.5e3,1e400,-1E-7,0.1],"c":{"d":null,"e":true,"f":false}}',
      '{"k":1,"k":2}',
      '"a string entry"',
      '-12.5e-1',
      'null',
      '[]',
      `{"deep":${'['.repeat(150)}${']'.repeat(150)}}`,
    ];
    const items = read(har(entries.join(',')));
    const want = JSON.parse(har(entries.join(','))).log.entries;
    expect(items).toEqual([...want.map((value: unknown, index: number) => ({ kind: 'entry', index, value })), { kind: 'end', entries: 7, version: '1.2' }]);
  });

  it('a __proto__ key is an own property, never the prototype', () => {
    const items = read(har('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}}}')) as { value: Record<string, unknown> }[];
    const value = items[0].value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an entry over the size bound or nested past maxDepth is unreadable, and the rest is read', () => {
    const items = read(har(`{"a":"${'x'.repeat(5000)}"},${'['.repeat(250)}${']'.repeat(250)},{"b":1}`), { maxEntryChars: 1000 });
    expect(items).toEqual([
      { kind: 'unreadable', index: 0, reason: 'the entry is larger than 1000 characters of JSON (not read)' },
      { kind: 'unreadable', index: 1, reason: 'the entry is nested deeper than 200 levels (not read)' },
      { kind: 'entry', index: 2, value: { b: 1 } },
      { kind: 'end', entries: 3, version: '1.2' },
    ]);
  });

  it.each<[string, string, string | RegExp]>([
    ['nesting past maxOuterDepth inside an entry', `{"log":{"entries":[{"a":1},${'['.repeat(2000)}`, 'not a HAR: nested deeper than 1000 levels'],
    ['nesting past maxOuterDepth outside the entries', `{"pages":${'['.repeat(2000)}`, 'not a HAR: nested deeper than 1000 levels'],
    ['only white space', ' \n\t ', 'not a HAR: no JSON value in the file'],
    ['an array', '[{"log":{}}]', 'not a HAR: a JSON array, expected an object {"log": {"entries": [...]}}'],
    ['not JSON', 'hello', 'not a HAR: not JSON (it starts with "h")'],
    ['log is not an object', '{"log":"x"}', 'not a HAR: "log" is not an object'],
    ['entries is not an array', '{"log":{"entries":{}}}', 'not a HAR: "log.entries" is not an array'],
    ['no log', '{"other":{"entries":[]}}', 'not a HAR: no "log" object at the top level (expected {"log": {"entries": [...]}})'],
    ['no entries', '{"log":{"pages":[]}}', 'not a HAR: "log" has no "entries" array'],
    ['a missing comma', har('{"a":1} {"b":2}'), /^not valid JSON \(between characters 0 and \d+\): expected ','$/],
    ['text after the value', `${har('')} x`, /^not valid JSON \(between characters 0 and \d+\): /],
    ['a raw control character in a string', har('{"a":"x\u0001"}'), /^not valid JSON \(between characters 0 and \d+\): /],
    ['the file ends early', har('{"a":1},{"b":').slice(0, -3), 'not valid JSON: the file ends before its value is complete (after 1 entries)'],
  ])('%s: one NotAHar line', (_name, text, message) => {
    const got = read(text);
    expect(typeof got, JSON.stringify(got).slice(0, 200)).toBe('string');
    expect(got).toMatch(message);
  });

  it('a syntax error is placed by the 64 KiB slice it is in', () => {
    const text = har(`{"pad":"${'p'.repeat(70_000)}"},{"a":1 "b":2}`);
    expect(read(text)).toMatch(/^not valid JSON \(between characters 65536 and \d+\): expected ','$/);
  });
});

describe('the package command', () => {
  it('dispatches validate-har from cli/index.ts', () => {
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'dist', 'cli', 'index.js'), 'validate-har', fx('conforming.har'), '--quiet', '--out', join(TMP, 'bin-out')],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^10 entries in 1 file\(s\): 10 in scope/);
    const help = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.stdout).toMatch(/validate-har/);
  });
});
