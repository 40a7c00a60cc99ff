// `contract --record run.har`: every exchange of the run as HAR 1.2, faithful to the wire (the site's
// URLs and names, real status, status text, headers and body text) and redacted (Authorization is
// `Basic [redacted]`). A binary upload is kept as base64.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from '../../cli/lib/record.ts';
import { createRedactor } from '../../core/redact.ts';
import { ADMIN_ENV, collectionHandler, type CliRun, type FakeSite, noRoute, PASSWORD, type Rec, send, siteIndex, testScope } from './support/fake-site.js';

const scope = testScope();
const tmp = scope.tmp('contract-har-');
const file = join(tmp, 'run.har');
let site: FakeSite;
let run: CliRun;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let har: any;

beforeAll(async () => {
  const posts = collectionHandler(new Map<number, Rec>());
  site = await scope.site((_req, res, seen, self) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(self.origin, ['core/v2']), { 'X-Site': 'fake' });
    if (seen.path === '/wp/v2/users/me') return send(res, 200, { id: 1 });
    if (posts(seen, res, '/wp/v2/posts')) return undefined;
    return noRoute(res);
  });
  run = await scope.cli(['--base-url', site.base, '--operation', 'createPost', '--operation', 'listPosts', '--allow-writes', '--record', file, '--quiet'], {
    env: ADMIN_ENV,
  });
  har = JSON.parse(readFileSync(file, 'utf8'));
}, 120_000);

describe('the recorded HAR', () => {
  it('is HAR 1.2 with a creator and one entry per request the site saw', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'festival-site-api contract', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(har.log.entries).toHaveLength(site.seen.length);
    expect(run.stdout).toContain(file);
  });

  it('every entry has the fields of HAR 1.2', () => {
    for (const e of har.log.entries) {
      expect(Object.keys(e)).toEqual(expect.arrayContaining(['startedDateTime', 'time', 'request', 'response', 'cache', 'timings']));
      expect(new Date(e.startedDateTime).toISOString()).toBe(e.startedDateTime);
      expect(e.time).toBeGreaterThanOrEqual(0);
      expect(Object.keys(e.request)).toEqual(
        expect.arrayContaining(['method', 'url', 'httpVersion', 'headers', 'queryString', 'cookies', 'headersSize', 'bodySize']),
      );
      expect(Object.keys(e.response)).toEqual(
        expect.arrayContaining(['status', 'statusText', 'httpVersion', 'headers', 'content', 'cookies', 'redirectURL', 'headersSize', 'bodySize']),
      );
      expect(Object.keys(e.response.content)).toEqual(expect.arrayContaining(['size', 'mimeType', 'text']));
      expect(e.timings.wait).toBeGreaterThanOrEqual(0);
    }
  });

  it('is faithful to the wire: site URLs, status, status text, headers, bodies, query strings', () => {
    for (const [i, e] of har.log.entries.entries()) {
      const seen = site.seen[i];
      expect(e.request.method).toBe(seen.method);
      expect(e.request.url).toBe(`${site.origin}${seen.url}`);
      expect(e.request.queryString).toEqual([...new URL(e.request.url).searchParams].map(([name, value]) => ({ name, value })));
      if (seen.body) expect(e.request.postData.text).toBe(seen.body);
    }
    const index = har.log.entries[0];
    expect(index.response.status).toBe(200);
    expect(index.response.statusText).toBe('OK');
    expect(index.response.headers).toContainEqual({ name: 'x-site', value: 'fake' });
    expect(JSON.parse(index.response.content.text).routes['/wp/v2/posts']).toBeDefined();
    expect(index.response.content.size).toBe(Buffer.byteLength(index.response.content.text));
    const create = har.log.entries.find(
      (e: { request: { method: string; url: string }; response: { status: number } }) => e.request.method === 'POST' && e.response.status === 201,
    );
    expect(create.request.url).toBe(`${site.base}/wp/v2/posts`);
    expect(create.request.postData.mimeType).toBe('application/json');
    expect(create.response.statusText).toBe('Created');
    expect(JSON.parse(create.response.content.text).title.raw).toMatch(/^contract-run /);
    const missing = har.log.entries.find((e: { response: { status: number } }) => e.response.status === 404);
    expect(missing.response.statusText).toBe('Not Found');
  });

  it('redacts the credentials: Basic [redacted], the secret nowhere; anonymous requests say so', () => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(Buffer.from(`admin:${PASSWORD}`).toString('base64'));
    const auth = har.log.entries.flatMap((e: { request: { headers: { name: string; value: string }[] } }) =>
      e.request.headers.filter((h) => h.name === 'Authorization'),
    );
    expect(auth.length).toBeGreaterThan(3);
    for (const h of auth) expect(h.value).toBe('Basic [redacted]');
    expect(har.log.entries.some((e: { comment?: string }) => /credentials: anonymous/.test(e.comment ?? ''))).toBe(true);
    expect(har.log.entries.some((e: { comment?: string }) => /credentials: admin/.test(e.comment ?? ''))).toBe(true);
  });
});

describe('createRecorder', () => {
  it('keeps a binary body as base64 and an unanswered request with its reason', () => {
    const f = join(tmp, 'unit.har');
    const rec = createRecorder(f, { redact: createRedactor(undefined).redact });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    rec.add({
      startedAt: new Date(0),
      ms: 5,
      method: 'POST',
      url: 'http://s/wp-json/wp/v2/media',
      requestHeaders: { 'Content-Type': 'image/png' },
      requestBody: png,
      status: 201,
      statusText: 'Created',
      responseHeaders: [['content-type', 'image/png']],
      responseBody: png,
    });
    rec.add({ startedAt: new Date(0), ms: 1000, method: 'GET', url: 'http://s/wp-json/', requestHeaders: {}, error: 'no answer within 1 s' });
    rec.close();
    const h = JSON.parse(readFileSync(f, 'utf8'));
    expect(h.log.entries[0].request.postData).toEqual({ mimeType: 'image/png', text: png.toString('base64'), _encoding: 'base64' });
    expect(h.log.entries[0].response.content).toEqual({ size: 7, mimeType: 'image/png', text: png.toString('base64'), encoding: 'base64' });
    expect(h.log.entries[1].response.status).toBe(0);
    expect(h.log.entries[1].comment).toMatch(/no complete answer: no answer within 1 s/);
  });
});
