// A frontend's scenario written twice, with the block editor's client `@wordpress/api-fetch` and with
// `wpapi`, each used as a frontend uses it (api-fetch: the root URL middleware, its default
// middlewares: the method override of `httpV1Middleware`, `fetchAllMiddleware` for `per_page=-1`;
// wpapi: route discovery from the front page's `Link` header, bootstrapped with the index's routes it
// can compile (see `discover`), `registerRoute` for the calendar, `_method`).
// It runs against any site root: the mock in the real names, or a real site of the sandbox. Each step
// records what came over the wire (every HTTP exchange of the step, seen through `fetch` for api-fetch
// and through Node's `http.client.response.finish` channel for wpapi's superagent): the last answer's
// status, its error code, the body's member names (and its `_links` relations), the names of the
// headers that matter (`X-WP-Total`, `X-WP-TotalPages`, `X-TEC-Total`, `Location`, `Allow`) and the
// `Link` relations, plus facts computed from values that must agree (the calendar's clamp). Values
// themselves (ids, dates, URLs) are never compared.
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Json } from '../support/spec.js';

const require = createRequire(import.meta.url);

/** A site the scenario runs against. */
export interface ClientTarget {
  label: string;
  /** The site's front page (`http://127.0.0.1:8883`); its REST root is `<origin>/wp-json/`. */
  origin: string;
  user: string;
  password: string;
  /** Remove for good what a step made on a real site (the calendar only trashes); the mock resets instead. */
  purge?: (kind: 'event' | 'venue' | 'organizer' | 'post' | 'media', id: number) => Promise<void>;
}

/** One step's record. */
export interface ClientStep {
  step: string;
  status: number;
  code?: string;
  /** The body's member names (an object's, a list's first item's), sorted. */
  shape?: string[];
  /** The relations of the body's `_links` (or its first item's), sorted. */
  links?: string[];
  /** The names of the headers that matter, sorted (lower case). */
  headers: string[];
  /** The relations of the `Link` header, sorted. */
  rels: string[];
  /** Facts from values that must agree (e.g. `rest_url per_page=50`). */
  facts?: string[];
}

const HEADERS = ['x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages', 'location', 'allow', 'link'];

interface Exchange {
  status: number;
  headers: Record<string, string>;
}

/** Every HTTP exchange, as the client saw it: `fetch` (api-fetch) and Node's http client (wpapi's superagent). */
class Wire {
  exchanges: Exchange[] = [];
  private readonly onResponse = (msg: unknown): void => {
    const { response } = msg as { request: ClientRequest; response: IncomingMessage };
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(response.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
    this.exchanges.push({ status: response.statusCode ?? 0, headers });
  };
  private original: typeof fetch | undefined;

  start(): void {
    diagnostics.subscribe('http.client.response.finish', this.onResponse);
    this.original = globalThis.fetch;
    const original = this.original;
    globalThis.fetch = async (input, init) => {
      const res = await original(input, init);
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
      this.exchanges.push({ status: res.status, headers });
      return res;
    };
  }

  stop(): void {
    diagnostics.unsubscribe('http.client.response.finish', this.onResponse);
    if (this.original) globalThis.fetch = this.original;
  }
}

const relsOf = (link: string | undefined): string[] => [...new Set([...(link ?? '').matchAll(/rel="([^"]+)"/g)].map((m) => m[1]))].sort();

const first = (json: unknown): Record<string, unknown> | undefined => {
  const one = Array.isArray(json) ? json[0] : json;
  return one && typeof one === 'object' && !Array.isArray(one) ? (one as Record<string, unknown>) : undefined;
};

/** A transcript being written. */
export class ClientTranscript {
  readonly steps: ClientStep[] = [];
  private readonly wire = new Wire();
  constructor(readonly target: ClientTarget) {}

  /**
   * Run one step: `fn` calls the client and returns its result (a body) or throws its error (a
   * platform error body, or api-fetch's Response). `facts` turns the result into facts.
   */
  async step(step: string, fn: () => Promise<unknown>, facts?: (result: unknown, last: Exchange | undefined) => string[]): Promise<unknown> {
    this.wire.exchanges = [];
    this.wire.start();
    let result: unknown;
    let failed = false;
    try {
      result = await fn();
    } catch (err) {
      failed = true;
      result = err instanceof Response ? await err.json().catch(() => undefined) : err;
    } finally {
      this.wire.stop();
    }
    const last = this.wire.exchanges[this.wire.exchanges.length - 1];
    const body =
      result instanceof Response
        ? await result
            .clone()
            .json()
            .catch(() => undefined)
        : result;
    const one = first(body);
    const code = failed && one && typeof one.code === 'string' ? one.code : undefined;
    const record: ClientStep = {
      step,
      status: last?.status ?? 0,
      ...(code ? { code } : {}),
      // The calendar's page links depend on how many records each side holds (values, not shape).
      ...(!failed && one
        ? {
            shape: Object.keys(one)
              .filter((k) => k !== '_paging' && k !== 'next_rest_url' && k !== 'previous_rest_url')
              .sort(),
          }
        : {}),
      ...(!failed && one && one._links && typeof one._links === 'object' ? { links: Object.keys(one._links).sort() } : {}),
      headers: HEADERS.filter((h) => last?.headers[h] !== undefined),
      rels: relsOf(last?.headers.link),
    };
    if (failed && one && one.data && typeof one.data === 'object')
      record.shape = Object.keys(one.data)
        .sort()
        .map((k) => `data.${k}`);
    if (facts) record.facts = facts(body, last);
    this.steps.push(record);
    return failed ? undefined : body;
  }
}

// --- @wordpress/api-fetch ---------------------------------------------------------------------

interface ApiFetchOptions {
  path?: string;
  url?: string;
  method?: string;
  data?: unknown;
  /** A body sent as it is (a file input's form). */
  body?: FormData;
  parse?: boolean;
  headers?: Record<string, string>;
}
type Middleware = (options: ApiFetchOptions, next: (o: ApiFetchOptions) => Promise<unknown>) => Promise<unknown>;
interface ApiFetch {
  (options: ApiFetchOptions): Promise<unknown>;
  use(m: Middleware): void;
  createRootURLMiddleware(root: string): Middleware;
}

const apiFetchModule = require('@wordpress/api-fetch') as { default: ApiFetch };
const apiFetch = apiFetchModule.default;

/** The target the api-fetch middlewares serve now (api-fetch keeps its middlewares globally, as in a page). */
let current: { root: Middleware; authorization: string } | undefined;
let installed = false;
function useTarget(t: ClientTarget): void {
  current = {
    root: apiFetch.createRootURLMiddleware(`${t.origin}/wp-json/`),
    authorization: `Basic ${Buffer.from(`${t.user}:${t.password}`).toString('base64')}`,
  };
  if (installed) return;
  installed = true;
  // Registered last, so it runs first: credentials (an application password), then the root URL.
  apiFetch.use((options, next) => current!.root(options, next));
  apiFetch.use((options, next) => next({ ...options, headers: { ...options.headers, Authorization: current!.authorization } }));
}

const idOf = (v: unknown): number => Number((first(v) ?? {}).id);

/** A one-pixel PNG: the file a scenario uploads. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A file input's form: the pixel, named for the run, attached to a post (`post`). */
function uploadForm(name: string, post: number): FormData {
  const form = new FormData();
  form.append('file', new Blob([PIXEL], { type: 'image/png' }), name);
  form.append('post', String(post));
  return form;
}

/** The api-fetch scenario on the seed's routes. */
export async function apiFetchScenario(t: ClientTarget, run: string): Promise<ClientTranscript> {
  useTarget(t);
  const tr = new ClientTranscript(t);
  await tr.step(
    'index',
    () => apiFetch({ path: '/' }),
    (b) => {
      const ns = (first(b)?.namespaces ?? []) as string[];
      return ['wp/v2', 'tribe/events/v1'].map((n) => `namespace ${n}: ${ns.includes(n)}`);
    },
  );
  await tr.step('posts, one page', () => apiFetch({ path: '/wp/v2/posts?per_page=1', parse: false }));
  await tr.step(
    'posts, fetch-all (per_page=-1)',
    () => apiFetch({ path: '/wp/v2/posts?per_page=-1' }),
    (b) => [`a list: ${Array.isArray(b)}`],
  );
  const made = await tr.step('post create (draft)', () =>
    apiFetch({ path: '/wp/v2/posts', method: 'POST', data: { title: `api-fetch ${run}`, status: 'draft' }, parse: false }),
  );
  const id = idOf(made);
  await tr.step('post update (PUT, sent as POST with X-HTTP-Method-Override)', () =>
    apiFetch({ path: `/wp/v2/posts/${id}`, method: 'PUT', data: { title: `api-fetch ${run} 2` }, parse: false }),
  );
  await tr.step('post, edit context', () => apiFetch({ path: `/wp/v2/posts/${id}?context=edit`, parse: false }));
  await tr.step('post publish', () => apiFetch({ path: `/wp/v2/posts/${id}`, method: 'POST', data: { status: 'publish' }, parse: false }));
  await tr.step('post, single (view)', () => apiFetch({ path: `/wp/v2/posts/${id}`, parse: false }));
  await tr.step(
    'post revisions after publishing',
    () => apiFetch({ path: `/wp/v2/posts/${id}/revisions`, parse: false }),
    (b) => [`revisions: ${Array.isArray(b) && b.length > 0}`],
  );
  // The media list starts with the newest file: the scenario's own upload, attached to its post on
  // both sides (like with like: which file a site holds is its data, D248).
  const file = await tr.step('media upload attached to the post (multipart)', () =>
    apiFetch({ path: '/wp/v2/media', method: 'POST', body: uploadForm(`api-fetch-${run}.png`, id), parse: false }),
  );
  await tr.step('media, one page of 100', () => apiFetch({ path: '/wp/v2/media?per_page=100', parse: false }));
  if (t.purge && idOf(file)) await t.purge('media', idOf(file));
  await tr.step(
    'post force delete (DELETE, sent as POST)',
    () => apiFetch({ path: `/wp/v2/posts/${id}?force=true`, method: 'DELETE', parse: false }),
    (b) => {
      const prev = first(b)?.previous;
      return [`previous has _links: ${Boolean(prev && typeof prev === 'object' && '_links' in prev)}`];
    },
  );
  await tr.step(
    'events, per_page=100 (clamped)',
    () => apiFetch({ path: '/tribe/events/v1/events?per_page=100', parse: false }),
    (b) => {
      const url = String(first(b)?.rest_url ?? '');
      return [`rest_url per_page: ${/[?&]per_page=(\d+)/.exec(url)?.[1] ?? 'none'}`, `rest_url status: ${/[?&]status=(\w+)/.exec(url)?.[1] ?? 'none'}`];
    },
  );
  await tr.step(
    'venues, per_page=100 (clamped)',
    () => apiFetch({ path: '/tribe/events/v1/venues?per_page=100', parse: false }),
    (b) => [`rest_url per_page: ${/[?&]per_page=(\d+)/.exec(String(first(b)?.rest_url ?? ''))?.[1] ?? 'none'}`],
  );
  await tr.step('events, per_page=0 (rest_invalid_param)', () => apiFetch({ path: '/tribe/events/v1/events?per_page=0', parse: false }));
  await tr.step('event, unknown id', () => apiFetch({ path: '/tribe/events/v1/events/987654321', parse: false }));
  const ev = await tr.step(
    'event create with a new venue and organizer (inline data)',
    () =>
      apiFetch({
        path: '/tribe/events/v1/events',
        method: 'POST',
        data: {
          title: `api-fetch event ${run}`,
          start_date: '2031-07-01 20:00:00',
          end_date: '2031-07-01 22:00:00',
          venue: { venue: `api-fetch venue ${run}` },
          organizer: [{ organizer: `api-fetch organizer ${run}` }],
        },
        parse: false,
      }),
    (b) => {
      const e = first(b);
      const venue = e?.venue && typeof e.venue === 'object' && !Array.isArray(e.venue) ? (e.venue as Record<string, unknown>) : undefined;
      return [
        `venue json_ld: ${Boolean(venue && 'json_ld' in venue)}`,
        `event json_ld: ${JSON.stringify(e?.json_ld ?? null) !== '{}' ? 'absent or filled' : 'empty'}`,
      ];
    },
  );
  const e = first(ev);
  if (e && t.purge) {
    await t.purge('event', Number(e.id));
    const venue = e.venue as { id?: number } | undefined;
    if (venue?.id) await t.purge('venue', venue.id);
    for (const o of (e.organizer ?? []) as { id?: number }[]) if (o.id) await t.purge('organizer', o.id);
  }
  return tr;
}

/** The api-fetch steps on routes beyond the seed (categories, users, comments, `_embed`): they pass once the spec has those routes. */
export async function apiFetchBeyondSeed(t: ClientTarget): Promise<ClientTranscript> {
  useTarget(t);
  const tr = new ClientTranscript(t);
  await tr.step('categories', () => apiFetch({ path: '/wp/v2/categories', parse: false }));
  await tr.step('tags', () => apiFetch({ path: '/wp/v2/tags', parse: false }));
  await tr.step('users/me', () => apiFetch({ path: '/wp/v2/users/me', parse: false }));
  await tr.step('comments', () => apiFetch({ path: '/wp/v2/comments', parse: false }));
  await tr.step('search', () => apiFetch({ path: '/wp/v2/search?search=a', parse: false }));
  await tr.step(
    'posts with _embed (author, terms, replies)',
    () => apiFetch({ path: '/wp/v2/posts?per_page=1&_embed', parse: false }),
    (b) => {
      const emb = (first(b)?._embedded ?? {}) as Record<string, unknown>;
      const terms = emb['wp:term'];
      return [
        `embedded: ${Object.keys(emb).sort().join(',')}`,
        `wp:term an array of arrays: ${Array.isArray(terms) && terms.every((x) => Array.isArray(x))}`,
        `author an error: ${JSON.stringify(emb.author ?? null).includes('"code"')}`,
      ];
    },
  );
  return tr;
}

// --- wpapi -------------------------------------------------------------------------------------

interface WpRequest {
  perPage(n: number): WpRequest;
  id(n: number): WpRequest;
  param(k: string, v: unknown): WpRequest;
  file(content: Buffer, name: string): WpRequest;
  get(): Promise<Json>;
  create(data: unknown): Promise<Json>;
  update(data: unknown): Promise<Json>;
  delete(): Promise<Json>;
}
interface WpSite {
  posts(): WpRequest;
  media(): WpRequest;
  auth(creds: { username: string; password: string }): WpSite;
  namespace(ns: string): Record<string, () => WpRequest>;
  registerRoute(ns: string, route: string): () => WpRequest;
  root(path?: string): WpRequest & { headers(): Promise<unknown> };
}
interface WpApiStatic {
  new (options: { endpoint: string; routes?: Record<string, unknown> }): WpSite;
  site(endpoint: string): WpSite;
}
const WPAPI = require('wpapi') as WpApiStatic;
const { locateAPIRootHeader } = require('wpapi/lib/autodiscovery') as { locateAPIRootHeader(res: unknown): string };

/**
 * wpapi's discovery as its users run it on WordPress 5.9 and later. `WPAPI.discover` (a HEAD of the
 * front page, the `rel="https://api.w.org/"` link, then the index) builds one route tree of every
 * route, and wpapi 1.2.2's route parser splits a route at each `/`, also inside a pattern: the
 * templates' `(?P<id>([^\/:<>...]+(?:\/[^\/:<>...]+)?)[\/\w%-]+)` (WordPress 5.9+), and on 7.1 the
 * icons' and a global-styles route, do not compile (node-wpapi issue 503), so `discover` drops the
 * whole index and binds the default routes of WordPress 4.7 (no calendar, no menus). Its users
 * bootstrap the client with the index's routes themselves (the README's "Bootstrapping":
 * `new WPAPI({endpoint, routes})`), leaving out the routes the parser cannot read: so does this.
 */
async function discover(origin: string): Promise<{ site: WpSite; unreadable: string[] }> {
  const endpoint = locateAPIRootHeader(await WPAPI.site(origin).root().headers());
  const index = (await WPAPI.site(endpoint).root().get()) as { routes?: Record<string, unknown> };
  const routes: Record<string, unknown> = {};
  const unreadable: string[] = [];
  for (const [route, spec] of Object.entries(index.routes ?? {}))
    try {
      new WPAPI({ endpoint, routes: { [route]: spec } });
      routes[route] = spec;
    } catch {
      unreadable.push(route);
    }
  return { site: new WPAPI({ endpoint, routes }), unreadable };
}

/** The wpapi scenario on the seed's routes. */
export async function wpapiScenario(t: ClientTarget, run: string): Promise<ClientTranscript> {
  const tr = new ClientTranscript(t);
  let site: WpSite | undefined;
  await tr.step('discovery (HEAD /, then the index)', async () => {
    site = (await discover(t.origin)).site;
    return { discovered: true };
  });
  if (!site) return tr;
  const wp = site.auth({ username: t.user, password: t.password });
  await tr.step(
    'posts().perPage(2)',
    () => wp.posts().perPage(2).get(),
    (b) => {
      const paging = (b as { _paging?: { total?: unknown; totalPages?: unknown; links?: Record<string, unknown> } })._paging;
      return [
        `_paging: ${
          paging
            ? `total ${typeof paging.total}, links ${Object.keys(paging.links ?? {})
                .sort()
                .join(',')}`
            : 'none'
        }`,
      ];
    },
  );
  const made = await tr.step('posts().create (draft)', () => wp.posts().create({ title: `wpapi ${run}`, status: 'draft' }));
  const id = idOf(made);
  await tr.step('posts().id().update (publish)', () => wp.posts().id(id).update({ status: 'publish' }));
  // The scenario's own file first in the media list, attached to its post on both sides (D248).
  const file = await tr.step('media().file().create attached to the post', () => wp.media().file(PIXEL, `wpapi-${run}.png`).create({ post: id }));
  await tr.step('media().perPage(100)', () => wp.media().perPage(100).get());
  if (t.purge && idOf(file)) await t.purge('media', idOf(file));
  await tr.step('posts().id() with _method=DELETE (method override) and force', () =>
    wp.posts().id(id).param('_method', 'DELETE').param('force', true).create({}),
  );
  await tr.step(
    'discovered calendar route: events().perPage(100)',
    async () => {
      // Not there when discovery did not read the calendar's namespace.
      const discovered = wp.namespace('tribe/events/v1') as Record<string, (() => WpRequest) | undefined>;
      if (typeof discovered.events !== 'function') throw { code: 'not_discovered', data: null };
      return discovered.events().perPage(100).get();
    },
    (b) => [`rest_url per_page: ${/[?&]per_page=(\d+)/.exec(String(first(b)?.rest_url ?? ''))?.[1] ?? 'none'}`],
  );
  const events = wp.registerRoute('tribe/events/v1', '/events/(?P<id>\\d+)');
  await tr.step('registerRoute events, unknown id', () => events().id(987654321).get());
  await tr.step('registerRoute venues, list', () => wp.registerRoute('tribe/events/v1', '/venues/(?P<id>\\d+)')().perPage(100).get());
  return tr;
}

/** The wpapi steps on routes beyond the seed: they pass once the spec has those routes. */
export async function wpapiBeyondSeed(t: ClientTarget): Promise<ClientTranscript> {
  const tr = new ClientTranscript(t);
  const { site } = await discover(t.origin);
  const wp = site.auth({ username: t.user, password: t.password });
  const routes = wp as unknown as Record<string, (() => WpRequest) | undefined>;
  for (const name of ['categories', 'tags', 'users', 'comments', 'search', 'menus', 'types'])
    await tr.step(`${name}()`, async () => {
      if (typeof routes[name] !== 'function') throw { code: 'not_discovered', data: null };
      return routes[name]!().get();
    });
  return tr;
}

/** The differences of two transcripts, step by step (none allowed). */
export function compareClients(site: ClientTranscript, mock: ClientTranscript): string[] {
  const out: string[] = [];
  const byStep = new Map(mock.steps.map((s) => [s.step, s]));
  for (const s of site.steps) {
    const m = byStep.get(s.step);
    if (!m) {
      out.push(`${s.step}: not run on the mock`);
      continue;
    }
    for (const k of ['status', 'code', 'shape', 'links', 'headers', 'rels', 'facts'] as const) {
      const a = JSON.stringify(s[k] ?? null);
      const b = JSON.stringify(m[k] ?? null);
      if (a !== b) out.push(`${s.step}: ${k} site ${a} / mock ${b}`);
    }
  }
  return out;
}
