// The local WordPress sandbox (scripts/sandbox/up.sh) is what the live tests assume: the REST root
// answers, both application passwords work, the reader lacks rights, and the seeded content is there.
// Read-only: nothing here writes to the site; checks tolerate content that other live suites add. An unreachable site fails every test (never skips).
// The site is .sandbox/env.json's, or WP_BASE_URL (+ WP_USER, WP_APP_PASSWORD; WP_READER_USER,
// WP_READER_APP_PASSWORD for a user without rights). On a site other than the sandbox the checks of
// the sandbox's own seed are skipped, since only the sandbox records their ids.
import { describe, expect, it } from 'vitest';
import { basicAuth, liveSite, routeUrl } from '../support/site.js';
import type { Json } from '../support/spec.js';

interface Credentials {
  user: string;
  appPassword: string;
}
interface SandboxIds {
  users: { admin: number; reader: number };
  posts: number[];
  stickyPost: number;
  draftPost: number;
  protectedPost: number;
  futurePost: number;
  revisedPost: number;
  revisions: number[];
  autosavedPost: number;
  autosave: number;
  parentPage: number;
  childPage: number;
  media: number;
  menu: number;
  menuItems: number[];
}

const SITE = liveSite();
const ENV = SITE.env;
const BASE_URL = SITE.baseUrl;
const IS_SANDBOX = SITE.isSandbox;
const fromEnv = (user?: string, appPassword?: string): Credentials | undefined => (user && appPassword ? { user, appPassword } : undefined);
const ADMIN = fromEnv(SITE.user, SITE.appPassword);
const READER = fromEnv(process.env.WP_READER_USER, process.env.WP_READER_APP_PASSWORD) ?? (IS_SANDBOX ? ENV.reader : undefined);
const IDS: SandboxIds | undefined = IS_SANDBOX ? ENV.ids : undefined;

interface Answer {
  status: number;
  headers: Headers;
  json: Json;
  text: string;
}

function authHeader(who?: Credentials): Record<string, string> {
  if (!who) return {};
  return { Authorization: basicAuth(who.user, who.appPassword) };
}

async function call(method: string, route: string, { as, body }: { as?: Credentials; body?: Json } = {}): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader(as) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(routeUrl(BASE_URL, route), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
    throw new Error(`the live site ${BASE_URL} is unreachable (${cause}): start it with npm run sandbox, or set WP_BASE_URL`);
  }
  const text = await res.text();
  let json: Json;
  if (/json/.test(res.headers.get('content-type') ?? '')) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, json, text };
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`this test needs ${what}`);
  return value;
}
const admin = () => need(ADMIN, 'admin credentials (.sandbox/env.json, or WP_USER and WP_APP_PASSWORD)');
const reader = () => need(READER, 'a user without rights (.sandbox/env.json, or WP_READER_USER and WP_READER_APP_PASSWORD)');
const ids = () => need(IDS, 'the sandbox seed ids (.sandbox/env.json)');
/** How the sandbox site is set up (D195): env.json `setup`; a standard site when unknown. */
const SETUP: { menu: boolean; permalinks: string; comments: string } | undefined = IS_SANDBOX ? ENV.setup : undefined;
const MENULESS = SETUP?.menu === false;

describe(`live site ${BASE_URL}`, () => {
  it('GET / answers 200 JSON listing the wp/v2 namespace', async () => {
    const a = await call('GET', '/');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^application\/json/);
    expect(a.json.namespaces).toContain('wp/v2');
    expect(a.json.authentication?.['application-passwords']).toBeDefined();
  });

  it('the admin application password authenticates an administrator', async () => {
    const a = await call('GET', '/wp/v2/users/me?context=edit', { as: admin() });
    expect(a.status, a.text).toBe(200);
    expect(a.json.slug ?? a.json.username).toBeTruthy();
    expect(a.json.roles).toContain('administrator');
  });

  it.skipIf(!IS_SANDBOX && !READER)('the reader is authenticated but may not create posts (403, anonymous 401)', async () => {
    const me = await call('GET', '/wp/v2/users/me?context=edit', { as: reader() });
    expect(me.status, me.text).toBe(200);
    expect(me.json.roles).not.toContain('administrator');
    if (IS_SANDBOX) {
      expect(me.json.id).toBe(ids().users.reader);
      expect(me.json.roles).toEqual(['subscriber']);
    }
    const post = await call('POST', '/wp/v2/posts', { as: reader(), body: { title: 'must not be created', status: 'draft' } });
    expect(post.status, post.text).toBe(403);
    expect(post.json.code).toBe('rest_cannot_create');
    const anonymous = await call('POST', '/wp/v2/posts', { body: { title: 'must not be created', status: 'draft' } });
    expect(anonymous.status, anonymous.text).toBe(401);
  });
});

describe.skipIf(!IS_SANDBOX)(`sandbox seed${IS_SANDBOX ? '' : ' (skipped: WP_BASE_URL is not the sandbox)'}`, () => {
  it('has at least 12 published posts: 3 pages of 5, with X-WP-Total, X-WP-TotalPages and Link', async () => {
    const a = await call('GET', '/wp/v2/posts?per_page=5');
    expect(a.status).toBe(200);
    expect(Number(a.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(12);
    expect(Number(a.headers.get('x-wp-totalpages'))).toBeGreaterThanOrEqual(3);
    expect(a.headers.get('link')).toMatch(/rel="next"/);
    expect(a.json).toHaveLength(5);
    for (const id of ids().posts) expect(typeof id).toBe('number');
  });

  it('the seeded published posts have fixed 2025 dates', async () => {
    const a = await call('GET', `/wp/v2/posts?per_page=100&include=${ids().posts.join(',')}&_fields=id,date,date_gmt,modified,modified_gmt`);
    expect(a.status).toBe(200);
    expect(a.json).toHaveLength(ids().posts.length);
    for (const p of a.json) {
      for (const field of ['date', 'date_gmt', 'modified', 'modified_gmt']) expect(p[field], `post ${p.id} ${field}`).toMatch(/^2025-/);
    }
  });

  it('the sticky post is sticky and listed by sticky=true', async () => {
    const one = await call('GET', `/wp/v2/posts/${ids().stickyPost}`);
    expect(one.status).toBe(200);
    expect(one.json.sticky).toBe(true);
    const list = await call('GET', '/wp/v2/posts?sticky=true&_fields=id');
    expect(list.json.map((p: Json) => p.id)).toContain(ids().stickyPost);
  });

  it('the draft is listed for the admin (status=draft) and hidden from anonymous readers', async () => {
    const list = await call('GET', '/wp/v2/posts?status=draft&_fields=id,status', { as: admin() });
    expect(list.status, list.text).toBe(200);
    expect(list.json).toContainEqual({ id: ids().draftPost, status: 'draft' });
    const anonymous = await call('GET', `/wp/v2/posts/${ids().draftPost}`);
    expect(anonymous.status).toBe(401);
  });

  it('the password-protected post hides its content until the password is given', async () => {
    const hidden = await call('GET', `/wp/v2/posts/${ids().protectedPost}`);
    expect(hidden.status).toBe(200);
    expect(hidden.json.content).toEqual({ rendered: '', protected: true });
    const shown = await call('GET', `/wp/v2/posts/${ids().protectedPost}?password=festival`);
    expect(shown.status).toBe(200);
    expect(shown.json.content.protected).toBe(true);
    expect(shown.json.content.rendered).not.toBe('');
  });

  it('the future post is scheduled for 2030', async () => {
    const a = await call('GET', `/wp/v2/posts/${ids().futurePost}?context=edit`, { as: admin() });
    expect(a.status, a.text).toBe(200);
    expect(a.json.status).toBe('future');
    expect(a.json.date).toMatch(/^2030-/);
    expect((await call('GET', `/wp/v2/posts/${ids().futurePost}`)).status).toBe(401);
  });

  it('a page has a parent page', async () => {
    const child = await call('GET', `/wp/v2/pages/${ids().childPage}`);
    expect(child.status).toBe(200);
    expect(child.json.parent).toBe(ids().parentPage);
    const parent = await call('GET', `/wp/v2/pages/${ids().parentPage}`);
    expect(parent.status).toBe(200);
    expect(parent.json.parent).toBe(0);
  });

  it('the media item is a PNG with generated sizes, and its file is served', async () => {
    const a = await call('GET', `/wp/v2/media/${ids().media}`);
    expect(a.status).toBe(200);
    expect(a.json.media_type).toBe('image');
    expect(a.json.mime_type).toBe('image/png');
    expect(Object.keys(a.json.media_details.sizes)).toEqual(expect.arrayContaining(['thumbnail', 'medium', 'full']));
    const file = await fetch(a.json.source_url, { signal: AbortSignal.timeout(15_000) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it(
    MENULESS
      ? 'the site has no menu: no menu for the admin; anonymous readers get 401'
      : 'the menu has at least 3 items for the admin; anonymous readers get 401',
    async () => {
      if (MENULESS) {
        const menus = await call('GET', '/wp/v2/menus', { as: admin() });
        expect(menus.status, menus.text).toBe(200);
        expect(menus.json).toEqual([]);
        expect(ids().menu).toBeNull();
        expect(ids().menuItems).toEqual([]);
        expect((await call('GET', '/wp/v2/menu-items')).json.code).toBe('rest_cannot_view');
        return;
      }
      const a = await call('GET', `/wp/v2/menu-items?menus=${ids().menu}&per_page=100`, { as: admin() });
      expect(a.status, a.text).toBe(200);
      expect(a.json.length).toBeGreaterThanOrEqual(3);
      expect(a.json.map((i: Json) => i.id)).toEqual(expect.arrayContaining(ids().menuItems));
      expect(a.json.some((i: Json) => i.parent !== 0)).toBe(true);
      const anonymous = await call('GET', '/wp/v2/menu-items');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.code).toBe('rest_cannot_view');
    },
  );

  it('the revised post has revisions', async () => {
    const a = await call('GET', `/wp/v2/posts/${ids().revisedPost}/revisions`, { as: admin() });
    expect(a.status, a.text).toBe(200);
    expect(a.json.length).toBeGreaterThanOrEqual(2);
    expect(a.json.every((r: Json) => r.parent === ids().revisedPost)).toBe(true);
    expect(a.json.map((r: Json) => r.id)).toEqual(expect.arrayContaining(ids().revisions));
  });

  it('the autosaved post has an autosave', async () => {
    const a = await call('GET', `/wp/v2/posts/${ids().autosavedPost}/autosaves`, { as: admin() });
    expect(a.status, a.text).toBe(200);
    expect(a.json.map((r: Json) => r.id)).toContain(ids().autosave);
    expect(a.json[0].parent).toBe(ids().autosavedPost);
  });
});

// The site's setup, as env.json records it (D195): what a site without pretty permalinks, or with
// comments closed, answers differently.
if (SETUP)
  describe(`the site's setup: ${SETUP.permalinks} permalinks, comments ${SETUP.comments}, ${SETUP.menu ? 'a menu' : 'no menu'}`, () => {
    it(
      SETUP.permalinks === 'plain'
        ? 'plain permalinks: the REST root is ?rest_route=, links are ?p=<id>, /wp-json/ is not the API'
        : 'pretty permalinks: the REST root is /wp-json, links name the slug',
      async () => {
        const post = await call('GET', `/wp/v2/posts/${ids().stickyPost}`);
        expect(post.status).toBe(200);
        if (SETUP.permalinks === 'plain') {
          expect(BASE_URL).toMatch(/\/\?rest_route=$/);
          expect(post.json.link).toBe(`${ENV.siteUrl}/?p=${ids().stickyPost}`);
          expect(post.json._links.self[0].href).toBe(`${ENV.siteUrl}/index.php?rest_route=/wp/v2/posts/${ids().stickyPost}`);
          const pretty = await fetch(`${ENV.siteUrl}/wp-json/`, { signal: AbortSignal.timeout(15_000) });
          expect(pretty.headers.get('content-type')).toMatch(/^text\/html/);
          await pretty.body?.cancel();
        } else {
          expect(BASE_URL).toMatch(/\/wp-json$/);
          expect(post.json.link).toBe(`${ENV.siteUrl}/${post.json.slug}/`);
        }
      },
    );

    it(`comments ${SETUP.comments}: every seeded post says so${SETUP.comments === 'closed' ? ', and a comment on one is refused (403 rest_comment_closed)' : ''}`, async () => {
      const posts = await call('GET', '/wp/v2/posts?per_page=100&_fields=id,comment_status');
      expect(posts.status).toBe(200);
      const seeded = posts.json.filter((p: Json) => ids().posts.includes(p.id));
      expect(seeded.length).toBeGreaterThanOrEqual(12);
      expect(new Set(seeded.map((p: Json) => p.comment_status))).toEqual(new Set([SETUP.comments]));
      if (SETUP.comments === 'closed') {
        // Refused before anything is stored, so this read-only suite writes nothing.
        const refused = await call('POST', '/wp/v2/comments', { as: admin(), body: { post: ids().stickyPost, content: 'Closed?' } });
        expect([refused.status, refused.json.code]).toEqual([403, 'rest_comment_closed']);
      }
    });
  });
