// The contract CLI against a local recording server on 127.0.0.1 that imitates a site (its index
// lists every route of the spec, its lists return a record): without --allow-writes no request other
// than GET or HEAD reaches the site; with it, writes do (the control). Also: bad input exits 2 without
// a stack trace, and the credentials never appear in any output or report.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildRun, runChild } from '../support/child.js';
import { bundle, operations, ROOT } from '../support/spec.js';
import { PASSWORD } from './support/fake-site.js';

interface Seen {
  method: string;
  url: string;
  auth: boolean;
}
let server: Server;
let base: string;
const seen: Seen[] = [];

function siteRoute(path: string): string {
  return path.replace(/^\/core\/v2/, '/wp/v2').replace(/\{([^}]+)\}/g, (_m, n) => `(?P<${n}>[\\d]+)`);
}

function handler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', base);
  seen.push({ method: req.method ?? '', url: url.pathname + url.search, auth: Boolean(req.headers.authorization) });
  req.resume();
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const path = url.pathname.replace(/^\/wp-json/, '') || '/';
  if (path === '/' && req.method === 'GET') {
    const routes: Record<string, unknown> = {};
    for (const o of operations()) {
      const r = siteRoute(o.path);
      const entry = (routes[r] ??= { namespace: '', methods: [], endpoints: [] }) as { methods: string[]; endpoints: { methods: string[]; args: object }[] };
      entry.methods.push(o.method.toUpperCase());
      entry.endpoints.push({ methods: [o.method.toUpperCase()], args: {} });
    }
    return send(200, { name: 'Recorder', url: base, home: base, namespaces: ['wp/v2', 'oembed/1.0'], authentication: {}, routes });
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(201, { id: 2, title: { raw: 'x' } }, { Location: `${base}/wp-json/wp/v2/posts/2` });
  if (/\/\d+$/.test(path)) return send(200, { id: 1, slug: 'one', link: `${base}/one` });
  return send(200, [{ id: 1, slug: 'one', link: `${base}/one`, source_url: `${base}/one.png` }], { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' });
}

function run(args: string[], env: Record<string, string> = {}): Promise<ChildRun> {
  return runChild(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), 'contract', ...args], {
    cwd: ROOT,
    env: { ...process.env, WP_USER: '', WP_APP_PASSWORD: '', ...env },
  });
}

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('read-only by default', () => {
  it('sends only GET and HEAD without --allow-writes, even with credentials', async () => {
    seen.length = 0;
    const out = mkdtempSync(join(tmpdir(), 'contract-ro-'));
    try {
      const r = await run(['--base-url', `${base}/wp-json`, '--map', 'core/v2=wp/v2', '--strict', '--out', out, '--quiet'], {
        WP_USER: 'admin',
        WP_APP_PASSWORD: PASSWORD,
      });
      expect([0, 1], r.stderr).toContain(r.code);
      const getOps = operations().filter((o) => o.method === 'get').length;
      expect(seen.length).toBeGreaterThan(getOps);
      expect(seen.filter((s) => s.method !== 'GET' && s.method !== 'HEAD')).toEqual([]);
      // Every write operation of the spec is reported as not run.
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      const writes = report.operations.filter((o: { method: string }) => o.method !== 'GET');
      expect(writes.length).toBe(operations().filter((o) => o.method !== 'get').length);
      for (const w of writes) expect([w.verdict, w.reason]).toEqual(['skipped', expect.stringMatching(/without --allow-writes/)]);
      // The secret never shows: not in the output, not in any report.
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      for (const f of readdirSync(out)) expect(readFileSync(join(out, f), 'utf8')).not.toContain(PASSWORD);
      expect(seen.some((s) => s.auth)).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('sends writes with --allow-writes (the control: the recorder sees them)', async () => {
    seen.length = 0;
    const out = mkdtempSync(join(tmpdir(), 'contract-rw-'));
    try {
      const r = await run(['--base-url', `${base}/wp-json`, '--map', 'core/v2=wp/v2', '--namespace', 'batch/v1', '--allow-writes', '--out', out, '--quiet'], {
        WP_USER: 'admin',
        WP_APP_PASSWORD: PASSWORD,
      });
      expect([0, 1], r.stderr).toContain(r.code);
      expect(seen.some((s) => s.method === 'POST')).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('even with --allow-writes, never revokes every application password of a user nor writes to the plugins; reads both (D238, D239)', async () => {
    seen.length = 0;
    const out = mkdtempSync(join(tmpdir(), 'contract-never-'));
    const ops = [
      'listApplicationPasswords',
      'createApplicationPassword',
      'deleteApplicationPasswords',
      'listPlugins',
      'createPlugin',
      'updatePlugin',
      'deletePlugin',
    ];
    try {
      const r = await run(
        ['--base-url', `${base}/wp-json`, '--map', 'core/v2=wp/v2', '--allow-writes', '--out', out, '--quiet', ...ops.flatMap((o) => ['--operation', o])],
        { WP_USER: 'admin', WP_APP_PASSWORD: PASSWORD },
      );
      expect([0, 1], r.stderr).toContain(r.code);
      const writes = seen.filter((s) => s.method !== 'GET' && s.method !== 'HEAD');
      expect(writes.filter((s) => s.method === 'DELETE' && /\/application-passwords(?:\?|$)/.test(s.url))).toEqual([]);
      expect(writes.filter((s) => /^\/wp-json\/wp\/v2\/plugins(?:[/?]|$)/.test(s.url))).toEqual([]);
      expect(seen.some((s) => s.method === 'GET' && /^\/wp-json\/wp\/v2\/plugins(?:[/?]|$)/.test(s.url))).toBe(true);
      expect(seen.some((s) => s.method === 'GET' && s.url.startsWith('/wp-json/wp/v2/users/me/application-passwords'))).toBe(true);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      const never = report.operations.filter((o: { reason?: string }) => /^never sent/.test(o.reason ?? ''));
      expect(never.map((o: { method: string; path: string }) => `${o.method} ${o.path}`).sort()).toEqual([
        'DELETE /core/v2/plugins/{plugin}',
        'DELETE /core/v2/users/{user_id}/application-passwords',
        'POST /core/v2/plugins',
        'POST /core/v2/plugins/{plugin}',
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('the bundle it checks is the package bundle by default', () => {
    expect(bundle().openapi).toMatch(/^3\.1/);
  });
});

describe('bad input exits 2 with a clear message and no stack trace', () => {
  it.each([
    [['--bogus'], /unknown option --bogus/],
    [['--base-url'], /--base-url needs a value/],
    [[], /--base-url is required/],
    [['--base-url', 'not a url'], /is not a URL/],
    [['--base-url', 'http://user:pw@127.0.0.1:1/wp-json'], /must not hold credentials/],
    [['--base-url', 'http://127.0.0.1:9/wp-json', '--map', 'core/v2'], /expected spec-name=site-name/],
    [['--base-url', 'http://127.0.0.1:9/wp-json', '--config', '/nonexistent/contract.config.json'], /cannot read it/],
    [['--base-url', 'http://127.0.0.1:9/wp-json', '--operation', 'noSuchOperation'], /unreachable|unknown operation/],
    [['--base-url', 'http://127.0.0.1:9/wp-json'], /unreachable/],
  ])('%j', async (args, message) => {
    const r = await run(args as string[]);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a site that is not a REST root exits 2', async () => {
    const r = await run(['--base-url', `${base}/not-json`]);
    expect(r.code).toBe(2);
  });

  it('--help exits 0 and names the credential variables', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/WP_USER and WP_APP_PASSWORD/);
  });
});
