// Small fake sites for the contract CLI's offline tests: a node:http server on 127.0.0.1 (ephemeral
// port) that logs every request, a WordPress-like index built from the spec's own operations (with
// the site's real names), an in-memory record store, and a runner for the CLI as a child process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type ChildRun, runChild } from '../../support/child.js';
import { type Json, operations, ROOT } from '../../support/spec.js';

/** The administrator's application password of the fake sites, and the environment that gives it to the CLI. */
export const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
export const ADMIN_ENV = { WP_USER: 'admin', WP_APP_PASSWORD: PASSWORD };

export interface Seen {
  method: string;
  url: string;
  path: string;
  auth?: string;
  body: string;
}
export interface FakeSite {
  base: string;
  origin: string;
  seen: Seen[];
  server: Server;
  close(): Promise<void>;
}
export type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen, site: FakeSite) => unknown;

/** Start a fake site; `handler` answers every request after its body was read. */
export async function fakeSite(handler: Handler, rootPath = '/wp-json'): Promise<FakeSite> {
  const site = { seen: [] as Seen[] } as unknown as FakeSite;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (chunks.length < 1000) chunks.push(c);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', site.origin);
      const path = url.pathname.startsWith(rootPath) ? url.pathname.slice(rootPath.length) || '/' : url.pathname;
      const seen: Seen = {
        method: req.method ?? '',
        url: url.pathname + url.search,
        path,
        auth: req.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      site.seen.push(seen);
      Promise.resolve(handler(req, res, seen, site)).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  site.server = server;
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.base = `${site.origin}${rootPath}`;
  site.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections?.();
      server.close(() => r());
    });
  return site;
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

export const noRoute = (res: ServerResponse): void =>
  send(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });

/** The platform's "who am I" (the CLI's credentials check): the administrator with credentials, 401 without. */
export const usersMe = (seen: Seen, res: ServerResponse): void =>
  seen.auth ? send(res, 200, { id: 1, name: 'admin' }) : send(res, 401, { code: 'rest_not_logged_in', message: 'no', data: { status: 401 } });

const NS: Record<string, string> = { 'core/v2': 'wp/v2', 'cal/events/v1': 'tribe/events/v1' };
/** A spec path with the site's names and the platform's regex groups: `/core/v2/posts/{id}` -> `/wp/v2/posts/(?P<id>[\d]+)`. */
export function siteRoute(path: string, names: Record<string, string> = NS): string {
  let p = path;
  for (const [spec, site] of Object.entries(names)) if (p === `/${spec}` || p.startsWith(`/${spec}/`)) p = `/${site}${p.slice(spec.length + 1)}`;
  return p.replace(/\{([^}]+)\}/g, (_m, n) => (n === 'slug' ? `(?P<${n}>[\\w-]+)` : `(?P<${n}>[\\d]+)`));
}

/**
 * A site index listing the spec's routes of `specNamespaces` (site names), with `args` on every
 * endpoint, plus extra raw routes.
 */
export function siteIndex(
  origin: string,
  specNamespaces: string[],
  { extraRoutes = {}, args = {}, namespaces }: { extraRoutes?: Record<string, unknown>; args?: Record<string, unknown>; namespaces?: string[] } = {},
) {
  const routes: Record<string, { namespace: string; methods: string[]; endpoints: { methods: string[]; args: object }[] }> = {};
  for (const o of operations()) {
    const ns = specNamespaces.find((n) => o.path === `/${n}` || o.path.startsWith(`/${n}/`));
    if (!ns && !(o.path === '/' && specNamespaces.includes('(index)'))) continue;
    const r = siteRoute(o.path);
    const entry = (routes[r] ??= { namespace: NS[ns ?? ''] ?? ns ?? '', methods: [], endpoints: [] });
    entry.methods.push(o.method.toUpperCase());
    entry.endpoints.push({ methods: [o.method.toUpperCase()], args });
  }
  // The platform's "who am I" route (not in the spec): the CLI's credentials check.
  if (specNamespaces.includes('core/v2')) routes['/wp/v2/users/me'] = { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] };
  const ns = namespaces ?? specNamespaces.filter((n) => n !== '(index)').map((n) => NS[n] ?? n);
  return { name: 'Fake', url: origin, home: origin, namespaces: ns, authentication: {}, routes: { ...routes, ...extraRoutes } };
}

/** Records of one collection, kept in memory. */
export interface Rec {
  id: number;
  title: { raw: string; rendered: string };
  status: string;
  [k: string]: unknown;
}

/** A minimal store answering list, create, get, update and delete of `<collectionPath>[/<id>]`. */
export function collectionHandler(store: Map<number, Rec>, opts: { search?: (q: string) => Rec[] } = {}) {
  let next = 1000;
  return (seen: Seen, res: ServerResponse, collectionPath: string): boolean => {
    const url = new URL(seen.url, 'http://x');
    const item = new RegExp(`^${collectionPath}/(\\d+)$`).exec(seen.path);
    if (seen.path === collectionPath && seen.method === 'GET') {
      const q = url.searchParams.get('search');
      const list = q !== null ? (opts.search ? opts.search(q) : [...store.values()].filter((r) => r.title.raw.includes(q))) : [...store.values()];
      send(res, 200, list, { 'X-WP-Total': String(list.length), 'X-WP-TotalPages': '1' });
      return true;
    }
    if (seen.path === collectionPath && seen.method === 'POST') {
      if (!seen.auth) {
        send(res, 401, { code: 'rest_cannot_create', message: 'Sorry.', data: { status: 401 } });
        return true;
      }
      let body: { title?: string } = {};
      try {
        body = JSON.parse(seen.body || '{}');
      } catch {
        /* not JSON */
      }
      const id = next++;
      const rec: Rec = { id, title: { raw: String(body.title ?? ''), rendered: String(body.title ?? '') }, status: 'pending' };
      store.set(id, rec);
      send(res, 201, rec, { Location: `${collectionPath}/${id}` });
      return true;
    }
    if (item) {
      const id = Number(item[1]);
      const rec = store.get(id);
      if (!rec) {
        send(res, 404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
        return true;
      }
      if (seen.method === 'GET') {
        send(res, 200, rec);
        return true;
      }
      if (!seen.auth) {
        send(res, 401, { code: 'rest_cannot_edit', message: 'Sorry.', data: { status: 401 } });
        return true;
      }
      if (seen.method === 'DELETE') {
        store.delete(id);
        send(res, 200, { deleted: true, previous: rec });
        return true;
      }
      send(res, 200, rec);
      return true;
    }
    return false;
  };
}

/**
 * A handler for a WordPress with the core namespace and posts kept in `store`: its index (GET /),
 * `users/me` as `usersMe` answers it, then `before` (a site's own behaviour: it returns true when it
 * answered), the posts collection (collectionHandler, with `search`), anything else 404 rest_no_route.
 */
export function wordpressWithPosts(
  store: Map<number, Rec>,
  { search, before }: { search?: (q: string) => Rec[]; before?: (seen: Seen, res: ServerResponse, site: FakeSite) => boolean } = {},
): Handler {
  const posts = collectionHandler(store, { search });
  return (_req, res, seen, site) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(site.origin, ['core/v2']));
    if (seen.path === '/wp/v2/users/me') return usersMe(seen, res);
    if (before?.(seen, res, site) || posts(seen, res, '/wp/v2/posts')) return undefined;
    return noRoute(res);
  };
}

/**
 * The compiled CLI (dist/cli/index.js) is built once per run by test/global-setup.ts; a test file run
 * on its own outside that setup builds it here (parallel test files wait for each other).
 */
export function ensureCompiledMapping(): void {
  const dist = join(ROOT, 'dist', 'cli', 'index.js');
  if (existsSync(dist)) return;
  const lock = join(ROOT, 'dist.build-lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      /* someone else builds */
    }
    if (Date.now() > deadline) throw new Error('waited 120 s for another build of dist/');
    spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 250)']);
    if (existsSync(dist)) return;
  }
  try {
    if (!existsSync(dist))
      spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.code.json'], { cwd: ROOT, encoding: 'utf8' });
    if (!existsSync(dist)) throw new Error('npm run build:code did not write dist/cli/index.js');
  } finally {
    rmdirSync(lock);
  }
}

export interface CliRun extends ChildRun {
  /** The run's --out folder. */
  out: string;
}

/** Run `festival-site-api <command> …` as a child process with its own --out folder. */
export function runCli(
  args: string[],
  {
    env = {},
    command = 'contract',
    onSpawn,
    timeoutMs = 120_000,
  }: { env?: Record<string, string>; command?: string; onSpawn?: (child: ReturnType<typeof spawn>) => void; timeoutMs?: number } = {},
): Promise<CliRun> {
  const out = mkdtempSync(join(tmpdir(), 'contract-test-'));
  return runChild(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), command, ...args, '--out', out], {
    cwd: ROOT,
    env: { ...process.env, WP_USER: '', WP_APP_PASSWORD: '', ...env },
    timeoutMs,
    onSpawn,
  }).then((r) => ({ ...r, out }));
}

export function cleanOut(r: CliRun): void {
  rmSync(r.out, { recursive: true, force: true });
}

/** The run's report.json. */
export const readReport = (r: CliRun): Json => JSON.parse(readFileSync(join(r.out, 'report.json'), 'utf8'));

/**
 * What a test file starts, stopped after it: the compiled CLI is ensured before its tests; its fake
 * sites are closed, its runs' --out folders and its temporary folders removed after them.
 */
export function testScope() {
  const sites: FakeSite[] = [];
  const runs: CliRun[] = [];
  const dirs: string[] = [];
  beforeAll(() => ensureCompiledMapping(), 120_000);
  afterAll(async () => {
    for (const s of sites) await s.close();
    for (const r of runs) cleanOut(r);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return {
    /** A fake site (fakeSite), closed after the file. */
    async site(handler: Handler, rootPath?: string): Promise<FakeSite> {
      const site = await fakeSite(handler, rootPath);
      sites.push(site);
      return site;
    },
    /** A CLI run (runCli), its --out folder removed after the file. */
    async cli(...args: Parameters<typeof runCli>): Promise<CliRun> {
      const run = await runCli(...args);
      runs.push(run);
      return run;
    },
    /** A temporary folder, removed after the file. */
    tmp(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  };
}
