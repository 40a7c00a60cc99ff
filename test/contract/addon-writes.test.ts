// An add-on's writes that name no record (a hub sync, a logout, a plugin install, a survey answer) are
// sent by `contract --allow-writes` only as requests WordPress refuses before the route's own code
// runs (DECISIONS D196): a missing required argument and a wrong type (400), no credentials (401);
// an operation that takes only the login cookie and a nonce (security: cookie-nonce) also gets the
// application password, which it must refuse as documented (D218: the survey library answers 200
// `{success: false}` "Nonce verification failed."). The fake site answers as WordPress does
// (arguments checked first, then permissions, then the library's own nonce check) and counts every
// request that would have reached the add-on's work: there must be none, and every such operation
// must still be checked and pass. A second fake whose survey routes do the work for an application
// password fails the run.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, type CliRun, type FakeSite, noRoute, readReport, send, type Seen, testScope, usersMe } from './support/fake-site.js';
import type { Json } from '../support/spec.js';

const scope = testScope();

/** The site's declared arguments per route (the real products' own, addon-facts.md). */
const ROUTES: Record<string, { methods: string[]; args: Record<string, { type: string; required?: boolean }> }> = {
  '/connector/v1/sync': { methods: ['POST', 'PUT', 'PATCH'], args: { force: { type: 'boolean' } } },
  '/connector/v1/logout': { methods: ['POST', 'PUT', 'PATCH'], args: {} },
  '/crosssell/v1/plugincrosssell/install_plugin': {
    methods: ['POST', 'PUT', 'PATCH'],
    args: { plugin_slug: { type: 'string', required: true }, current_slug: { type: 'string' } },
  },
  '/crosssell/v1/plugincrosssell/activate_plugin': { methods: ['POST', 'PUT', 'PATCH'], args: { plugin_slug: { type: 'string', required: true } } },
  '/survey/v1/rating': { methods: ['POST'], args: {} },
  '/survey/v1/dismiss-nps-survey': { methods: ['POST'], args: {} },
};
const NAMESPACES = ['connector/v1', 'crosssell/v1', 'survey/v1'];

function index(origin: string) {
  const routes: Record<string, unknown> = { '/wp/v2/users/me': { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] } };
  for (const ns of NAMESPACES) routes[`/${ns}`] = { namespace: ns, methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] };
  for (const [path, r] of Object.entries(ROUTES))
    routes[path] = { namespace: NAMESPACES.find((n) => path.startsWith(`/${n}/`)), methods: r.methods, endpoints: [{ methods: r.methods, args: r.args }] };
  return { name: 'Fake', url: origin, home: origin, namespaces: [...NAMESPACES, 'wp/v2'], authentication: {}, routes };
}

/** Requests that passed WordPress's checks and would have run the add-on's code. */
const reached: Seen[] = [];

/** The routes whose callback checks the REST nonce itself (the survey library, addon-facts.md). */
const NONCE_CHECKED = ['/survey/v1/rating', '/survey/v1/dismiss-nps-survey'];

/**
 * WordPress's order: the route, then its arguments, then the permission check, then the callback
 * (the survey library's checks the nonce first, unless `lax`: a broken site that does the work).
 */
function addonRoute(req: IncomingMessage, seen: Seen, res: ServerResponse, into: Seen[], lax = false): boolean {
  const route = ROUTES[seen.path];
  if (!route || !route.methods.includes(seen.method)) return false;
  let body: Record<string, unknown> = {};
  try {
    body = seen.body ? JSON.parse(seen.body) : {};
  } catch {
    body = {};
  }
  const missing = Object.entries(route.args).find(([name, a]) => a.required && !(name in body));
  if (missing) {
    send(res, 400, { code: 'rest_missing_callback_param', message: `Missing parameter(s): ${missing[0]}`, data: { status: 400, params: [missing[0]] } });
    return true;
  }
  const wrong = Object.entries(route.args).find(([name, a]) => name in body && a.type === 'boolean' && typeof body[name] !== 'boolean');
  if (wrong) {
    const message = `${wrong[0]} is not of type boolean.`;
    send(res, 400, { code: 'rest_invalid_param', message: `Invalid parameter(s): ${wrong[0]}`, data: { status: 400, params: { [wrong[0]]: message } } });
    return true;
  }
  if (!seen.auth) {
    send(res, 401, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    return true;
  }
  if (NONCE_CHECKED.includes(seen.path) && !req.headers['x-wp-nonce'] && !lax) {
    send(res, 200, { success: false, data: { data: 'Nonce verification failed.', status: false } });
    return true;
  }
  into.push(seen);
  send(res, 200, NONCE_CHECKED.includes(seen.path) ? { success: true, data: { status: true } } : { success: false, error: 'Not logged in.' });
  return true;
}

/** A fake site with the add-ons' routes; what reached their work goes into `into`. */
const addonSite = (into: Seen[], lax = false) =>
  scope.site((req, res, seen, s) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, index(s.origin));
    if (seen.path === '/wp/v2/users/me') return usersMe(seen, res);
    if (seen.method === 'GET' && NAMESPACES.some((n) => seen.path === `/${n}`)) return send(res, 200, { namespace: seen.path.slice(1), routes: {} });
    if (addonRoute(req, seen, res, into, lax)) return undefined;
    return noRoute(res);
  });

let site: FakeSite;
let run: CliRun;
let report: Json;
beforeAll(async () => {
  site = await addonSite(reached);
  run = await scope.cli(['--base-url', site.base, ...NAMESPACES.flatMap((n) => ['--namespace', n]), '--allow-writes', '--strict', '--quiet'], {
    env: ADMIN_ENV,
  });
  report = readReport(run);
}, 120_000);

describe("contract --allow-writes on an add-on's actions", () => {
  it('sends nothing that would reach the add-on’s own code', () => {
    expect(reached.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([]);
    expect(site.seen.filter((s) => s.method !== 'GET').length).toBeGreaterThanOrEqual(14);
  });

  it('checks every write operation and each passes, on refusals only (400, 401; the survey library’s 200 success:false)', () => {
    const writes = report.operations.filter((o: Json) => o.method !== 'GET');
    expect(writes.length).toBe(14);
    for (const o of writes) {
      expect([o.method, o.path, o.verdict]).toEqual([o.method, o.path, 'passed']);
      expect(o.checks.length).toBeGreaterThan(0);
      const refusals = NONCE_CHECKED.includes(o.path) ? [401, 200] : [400, 401];
      expect(o.checks.every((c: Json) => c.kind === 'probe' && refusals.includes(c.status))).toBe(true);
    }
    expect(run.code, run.stdout).toBe(0);
  });

  it('probes the declared arguments: a missing required one, a wrong type; and no credentials with the required ones given', () => {
    const names = (path: string) => report.operations.find((o: Json) => o.method === 'POST' && o.path === path).checks.map((c: Json) => c.name);
    expect(names('/crosssell/v1/plugincrosssell/install_plugin')).toEqual(['probe: missing required plugin_slug', 'probe: unauthenticated']);
    expect(names('/connector/v1/sync')).toEqual(['probe: wrong type force=not-a-number', 'probe: unauthenticated']);
    expect(names('/survey/v1/rating')).toEqual([
      'probe: unauthenticated',
      'probe: application password (refused: the operation takes the login cookie and a nonce only)',
    ]);
    // Only the cookie-nonce-only operations get the application password with their arguments complete.
    const withPassword = report.operations.filter((o: Json) => o.checks.some((c: Json) => c.name.startsWith('probe: application password')));
    expect(withPassword.map((o: Json) => o.path).sort()).toEqual([...NONCE_CHECKED].sort());
    const anonymousInstall = site.seen.find((s) => s.path === '/crosssell/v1/plugincrosssell/install_plugin' && !s.auth);
    expect(JSON.parse(anonymousInstall!.body).plugin_slug).toMatch(/^contract-run-/);
  });
});

describe('contract --allow-writes on a survey route that does its work for an application password', () => {
  it('fails the run: a cookie-nonce-only operation must refuse the application password', async () => {
    const worked: Seen[] = [];
    const lax = await addonSite(worked, true);
    const r = await scope.cli(['--base-url', lax.base, '--namespace', 'survey/v1', '--allow-writes', '--strict', '--quiet'], { env: ADMIN_ENV });
    const rep = readReport(r);
    const rating = rep.operations.find((o: Json) => o.method === 'POST' && o.path === '/survey/v1/rating');
    expect(rating.verdict).toBe('failed');
    expect(rating.checks.filter((c: Json) => !c.ok).map((c: Json) => c.errors.join(' '))).toEqual([expect.stringContaining('without `success: false`')]);
    expect(r.code).toBe(1);
  }, 120_000);
});

describe('contract on a read that takes only the login cookie and a nonce (security: cookie-nonce)', () => {
  const PATH = '/ml/st/v1/strings/settings';
  /** A site whose route refuses an application password with 403 rest_forbidden (class B), or (`lax`) answers it. */
  const nonceSite = (lax: boolean) =>
    scope.site((_req, res, seen, s) => {
      if (seen.path === '/' && seen.method === 'GET')
        return send(res, 200, {
          name: 'Fake',
          url: s.origin,
          home: s.origin,
          namespaces: ['ml/st/v1', 'wp/v2'],
          authentication: {},
          routes: {
            '/wp/v2/users/me': { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] },
            '/ml/st/v1': { namespace: 'ml/st/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] },
            [PATH]: { namespace: 'ml/st/v1', methods: ['GET', 'POST'], endpoints: [{ methods: ['GET'], args: {} }] },
          },
        });
      if (seen.path === '/wp/v2/users/me') return usersMe(seen, res);
      if (seen.path === '/ml/st/v1') return send(res, 200, { namespace: 'ml/st/v1', routes: {} });
      if (seen.path === PATH && seen.method === 'GET') {
        if (!seen.auth) return send(res, 401, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
        if (!lax) return send(res, 403, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
        return send(res, 200, {});
      }
      return noRoute(res);
    });
  const readOf = async (lax: boolean) => {
    const s = await nonceSite(lax);
    const r = await scope.cli(['--base-url', s.base, '--operation', 'getMlStStringsSettings', '--strict', '--quiet'], { env: ADMIN_ENV });
    return { r, op: readReport(r).operations.find((o: Json) => o.path === PATH && o.method === 'GET') };
  };

  it('expects the documented refusal (403) for the application password, never its answer, and passes', async () => {
    const { r, op } = await readOf(false);
    expect(op.checks.map((c: Json) => [c.status, c.ok])).toEqual([
      [403, true],
      [401, true],
    ]);
    expect(op.verdict).toBe('passed');
    expect(r.code, r.stdout).toBe(0);
  }, 120_000);

  it('fails when the site answers the application password with 200', async () => {
    const { r, op } = await readOf(true);
    expect(op.verdict).toBe('failed');
    expect(op.checks[0].status).toBe(200);
    expect(r.code).toBe(1);
  }, 120_000);
});
