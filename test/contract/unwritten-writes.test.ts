// Block templates and template parts have a create and an item delete, but the run never writes them
// (cli/lib/phases/writes.ts UNWRITTEN_COLLECTIONS, DECISIONS D231): a create adds the theme's term,
// which deleting the template leaves behind. The fake site answers as WordPress's templates
// controller does (arguments first, then permissions) and counts every request that would have
// stored something: there must be none. The creates are checked on refusals only; the item writes are
// skipped with the reason, and the reads still run on the percent-encoded id `<theme>//<slug>`.
import type { ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, type CliRun, type FakeSite, noRoute, readReport, send, type Seen, testScope, usersMe } from './support/fake-site.js';
import type { Json } from '../support/spec.js';

const scope = testScope();

const KINDS = { templates: 'wp_template', 'template-parts': 'wp_template_part' } as const;
type Kind = keyof typeof KINDS;
const ID = 'festival//home';
const ID_ROUTE = '(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w%-]+)';
/** The create arguments the sites declare (wp71's `OPTIONS`, trimmed to the ones the probes read). */
const CREATE_ARGS = { slug: { type: 'string', required: true }, title: { type: ['object', 'string'] }, author: { type: 'integer' } };

function index(origin: string) {
  const routes: Record<string, unknown> = { '/wp/v2/users/me': { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] } };
  for (const kind of Object.keys(KINDS)) {
    routes[`/wp/v2/${kind}`] = {
      namespace: 'wp/v2',
      methods: ['GET', 'POST'],
      endpoints: [
        { methods: ['GET'], args: { context: { type: 'string', enum: ['view', 'embed', 'edit'] } } },
        { methods: ['POST'], args: CREATE_ARGS },
      ],
    };
    routes[`/wp/v2/${kind}/${ID_ROUTE}`] = {
      namespace: 'wp/v2',
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      endpoints: [
        { methods: ['GET'], args: {} },
        { methods: ['POST', 'PUT', 'PATCH'], args: {} },
        { methods: ['DELETE'], args: { force: { type: 'boolean' } } },
      ],
    };
  }
  return { name: 'Fake', url: origin, home: origin, namespaces: ['wp/v2'], authentication: {}, routes };
}

/** A theme file's template as wp71 answers it (view context). */
function record(origin: string, kind: Kind): Json {
  const self = `${origin}/wp-json/wp/v2/${kind}/${ID}`;
  return {
    id: ID,
    theme: 'festival',
    content: { raw: '<!-- wp:post-content /-->' },
    slug: 'home',
    source: 'theme',
    origin: null,
    type: KINDS[kind],
    description: '',
    title: { raw: 'Home', rendered: 'Home' },
    status: 'publish',
    wp_id: 0,
    has_theme_file: true,
    ...(kind === 'templates' ? { is_custom: false } : { area: 'header' }),
    author: 0,
    modified: null,
    author_text: 'Festival',
    original_source: 'theme',
    _links: { self: [{ href: self }], collection: [{ href: `${origin}/wp-json/wp/v2/${kind}` }] },
  };
}

/** Requests that passed WordPress's checks and would have stored or changed a template. */
const stored: Seen[] = [];

function templatesRoute(seen: Seen, res: ServerResponse, origin: string): boolean {
  const m = /^\/wp\/v2\/(templates|template-parts)(?:\/([^/]+))?$/.exec(seen.path);
  if (!m) return false;
  const kind = m[1] as Kind;
  if (!seen.auth) {
    send(res, 401, {
      code: 'rest_cannot_manage_templates',
      message: 'Sorry, you are not allowed to access the templates on this site.',
      data: { status: 401 },
    });
    return true;
  }
  if (m[2] !== undefined) {
    if (decodeURIComponent(m[2]) !== ID) {
      send(res, 404, { code: 'rest_template_not_found', message: 'No templates exist with that id.', data: { status: 404 } });
      return true;
    }
    if (seen.method !== 'GET') stored.push(seen);
    send(res, 200, record(origin, kind));
    return true;
  }
  if (seen.method === 'GET') {
    const context = new URL(seen.url, origin).searchParams.get('context');
    if (context !== null && !['view', 'embed', 'edit'].includes(context)) {
      const message = 'context is not one of view, embed, and edit.';
      send(res, 400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): context', data: { status: 400, params: { context: message } } });
      return true;
    }
    send(res, 200, [record(origin, kind)]);
    return true;
  }
  let body: Record<string, unknown> = {};
  try {
    body = seen.body ? JSON.parse(seen.body) : {};
  } catch {
    body = {};
  }
  if (!('slug' in body)) {
    send(res, 400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): slug', data: { status: 400, params: ['slug'] } });
    return true;
  }
  if ('author' in body && !Number.isInteger(body.author)) {
    const message = 'author is not of type integer.';
    send(res, 400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): author', data: { status: 400, params: { author: message } } });
    return true;
  }
  stored.push(seen);
  send(res, 201, record(origin, kind));
  return true;
}

const OPERATIONS = ['Template', 'TemplatePart'].flatMap((n) => [
  `list${n}s`,
  `create${n}`,
  `get${n}`,
  `update${n}`,
  `update${n}Put`,
  `update${n}Patch`,
  `delete${n}`,
]);

let site: FakeSite;
let run: CliRun;
let report: Json;
beforeAll(async () => {
  site = await scope.site((_req, res, seen, s) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, index(s.origin));
    if (seen.path === '/wp/v2/users/me') return usersMe(seen, res);
    if (templatesRoute(seen, res, s.origin)) return undefined;
    return noRoute(res);
  });
  run = await scope.cli(['--base-url', site.base, ...OPERATIONS.flatMap((o) => ['--operation', o]), '--allow-writes', '--strict', '--quiet'], {
    env: ADMIN_ENV,
  });
  report = readReport(run);
}, 120_000);

const result = (method: string, path: string): Json => report.operations.find((o: Json) => o.method === method && o.path === path);

describe('contract --allow-writes on block templates and template parts', () => {
  it('stores and changes nothing: no create passes the checks, no item is written', () => {
    expect(stored.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([]);
    expect(site.seen.filter((s) => s.method === 'POST').length).toBeGreaterThanOrEqual(6);
  });

  it('checks each create on refusals only: a missing slug and a wrong type (400), no credentials with the slug given (401)', () => {
    for (const kind of Object.keys(KINDS)) {
      const create = result('POST', `/core/v2/${kind}`);
      expect(create.verdict, kind).toBe('passed');
      expect(create.checks.map((c: Json) => c.name)).toEqual([
        'probe: missing required slug',
        'probe: wrong type author=not-a-number',
        'probe: unauthenticated',
      ]);
      expect(create.checks.map((c: Json) => c.status)).toEqual([400, 400, 401]);
    }
    expect(run.code, run.stdout).toBe(0);
  });

  it('skips the updates and deletes with the reason, and reads the records by their percent-encoded ids', () => {
    for (const kind of Object.keys(KINDS)) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const r = result(method, `/core/v2/${kind}/{id}`);
        expect([method, kind, r.verdict, r.reason]).toEqual([method, kind, 'skipped', 'no write sequence covers this operation']);
      }
      expect(result('GET', `/core/v2/${kind}/{id}`).verdict, kind).toBe('passed');
      expect(
        site.seen.some((s) => s.method === 'GET' && s.url.startsWith(`/wp-json/wp/v2/${kind}/festival%2F%2Fhome`)),
        kind,
      ).toBe(true);
    }
  });
});
