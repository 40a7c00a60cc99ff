// The core content namespace (core/v2 = WordPress wp/v2) against a real WordPress (the sandbox, or
// WP_BASE_URL with WP_USER and WP_APP_PASSWORD). Every read operation is called in view, edit and embed
// context; every write operation on records this suite creates and removes again. Each answer is mapped
// back to the spec's names and validated against the spec for its status with undocumented fields
// forbidden (strict). An unreachable site fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, liveSite, type Answer, type CallOptions } from '../support/site.js';
import type { Json } from '../support/spec.js';
import { conforms } from '../support/conforms.js';

const SITE = liveSite();

const call = caller(SITE);

/** Call and expect a status; the answer must conform. */
async function expectCall(status: number, method: string, specPath: string, opts: CallOptions = {}, route = specPath): Promise<Answer> {
  const a = await call(method, specPath, opts);
  expect(a.status, `${method} ${specPath}: ${a.text.slice(0, 300)}`).toBe(status);
  expect(conforms(method, route, a, { headers: true })).toEqual([]);
  return a;
}

const ids = SITE.ids;
const POST = ids.revisedPost ?? ids.posts?.[0];
const AUTOSAVED = ids.autosavedPost;
const REVISION = ids.revisions?.[0];
const PAGE = ids.childPage ?? Object.values<number>(ids.pages ?? {})[0];
const MEDIA = ids.media;
/** A seeded menu item; on a site without a menu, one this suite makes (in no menu) and removes. */
let MENU_ITEM: number | undefined = ids.menuItems?.[0];
// A site without a menu (the sandbox's wp71b, D195) has no menu to put items in: they are made in none.
const MENU: number | undefined = ids.menu ?? undefined;
const IN_MENU = MENU === undefined ? {} : { menus: MENU };

// A 4x3 PNG (decodable by the site's image editor).
const PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAFElEQVQImWM8IWfDAANMDEgAhQMAKxIBKNqpRyoAAAAASUVORK5CYII=', 'base64'),
);

beforeAll(async () => {
  let a: Answer;
  try {
    a = await call('GET', '/core/v2');
  } catch (e) {
    throw new Error(`the live site ${SITE.baseUrl} is unreachable: ${(e as Error).message}`);
  }
  expect(a.status, 'GET /core/v2').toBe(200);
  const menuless = SITE.isSandbox && SITE.env.setup?.menu === false;
  for (const [name, v] of Object.entries({ POST, AUTOSAVED, REVISION, PAGE, MEDIA, ...(menuless ? {} : { MENU_ITEM, MENU }) }))
    expect(v, `sandbox id ${name} (env.json ids)`).toBeTypeOf('number');
  if (menuless) {
    const made = await call('POST', '/core/v2/menu-items', {
      auth: true,
      body: { title: 'Menuless item', url: 'https://festival.example/', status: 'publish' },
    });
    expect(made.status, `a menu item for the reads: ${made.text.slice(0, 200)}`).toBe(201);
    MENU_ITEM = made.json.id;
  }
});
afterAll(async () => {
  if (MENU_ITEM !== undefined && MENU_ITEM !== ids.menuItems?.[0])
    expect((await call('DELETE', `/core/v2/menu-items/${MENU_ITEM}`, { auth: true, query: { force: 'true' } })).status).toBe(200);
});

describe(`core/v2 reads on ${SITE.baseUrl}`, () => {
  it('GET /core/v2 conforms and names the namespace', async () => {
    const a = await expectCall(200, 'GET', '/core/v2');
    expect(a.json.namespace).toBe('core/v2');
    expect(Object.keys(a.json.routes)).toContain('/core/v2/posts');
  });

  for (const [path, auth] of [
    ['/core/v2/posts', false],
    ['/core/v2/pages', false],
    ['/core/v2/media', false],
    ['/core/v2/menu-items', true],
  ] as const) {
    for (const context of ['view', 'edit', 'embed']) {
      it(`GET ${path} context=${context} conforms, with pagination headers`, async () => {
        const a = await expectCall(200, 'GET', path, { query: { context }, auth: auth || context === 'edit' });
        expect(Array.isArray(a.json)).toBe(true);
        expect(a.json.length).toBeGreaterThan(0);
        expect(Number(a.headers.get('X-WP-Total'))).toBeGreaterThan(0);
      });
    }
    it(`GET ${path} with _embed conforms`, async () => {
      await expectCall(200, 'GET', path, { query: { _embed: '1', per_page: '5' }, auth });
    });
    it(`GET ${path} with per_page=101 answers 400 rest_invalid_param`, async () => {
      const a = await expectCall(400, 'GET', path, { query: { per_page: '101' }, auth });
      expect(a.json.code).toBe('rest_invalid_param');
    });
    it(`GET ${path} past the last page answers 400 rest_post_invalid_page_number`, async () => {
      const a = await expectCall(400, 'GET', path, { query: { page: '999' }, auth });
      expect(a.json.code).toBe('rest_post_invalid_page_number');
    });
  }

  it('GET /core/v2/posts with filters (term filter list, status, orderby, include) conforms', async () => {
    const a = await expectCall(200, 'GET', '/core/v2/posts', {
      query: { categories: String(ids.categories?.jazz ?? 4), tags_exclude: '999', tax_relation: 'AND', orderby: 'title', order: 'asc', sticky: 'false' },
    });
    expect(a.json.every((p: Json) => p.status === 'publish')).toBe(true);
    await expectCall(200, 'GET', '/core/v2/posts', { query: { status: 'draft,publish', context: 'edit' }, auth: true });
    await expectCall(200, 'GET', '/core/v2/posts', {
      query: { 'categories[terms]': String(ids.categories?.music ?? 3), 'categories[include_children]': '1', 'categories[operator]': 'OR' },
    });
  });

  it('GET /core/v2/posts?status=draft anonymous answers 400 (details rest_forbidden_status); context=edit 401 rest_forbidden_context', async () => {
    const a = await expectCall(400, 'GET', '/core/v2/posts', { query: { status: 'draft' } });
    expect(a.json.code).toBe('rest_invalid_param');
    expect(a.json.data.details.status.code).toBe('rest_forbidden_status');
    expect((await expectCall(401, 'GET', '/core/v2/posts', { query: { context: 'edit' } })).json.code).toBe('rest_forbidden_context');
  });

  it('GET /core/v2/posts?orderby=relevance without search answers 400 rest_no_search_term_defined', async () => {
    expect((await expectCall(400, 'GET', '/core/v2/posts', { query: { orderby: 'relevance' } })).json.code).toBe('rest_no_search_term_defined');
  });

  it('GET /core/v2/menu-items anonymous answers 401 rest_cannot_view', async () => {
    expect((await expectCall(401, 'GET', '/core/v2/menu-items')).json.code).toBe('rest_cannot_view');
    expect((await expectCall(401, 'GET', `/core/v2/menu-items/${MENU_ITEM}`, {}, '/core/v2/menu-items/{id}')).json.code).toBe('rest_cannot_view');
  });

  for (const [route, id, auth] of [
    ['/core/v2/posts/{id}', () => POST, false],
    ['/core/v2/pages/{id}', () => PAGE, false],
    ['/core/v2/media/{id}', () => MEDIA, false],
    ['/core/v2/menu-items/{id}', () => MENU_ITEM, true],
  ] as const) {
    for (const context of ['view', 'edit', 'embed']) {
      it(`GET ${route} context=${context} conforms`, async () => {
        const a = await expectCall(200, 'GET', route.replace('{id}', String(id())), { query: { context }, auth: auth || context === 'edit' }, route);
        expect(a.json.id).toBe(id());
        if (context === 'edit') expect(a.json.title.raw).toBeTypeOf('string');
        else expect(a.json.title.raw).toBeUndefined();
      });
    }
    it(`GET ${route} for an unknown id answers 404 rest_post_invalid_id`, async () => {
      const a = await expectCall(404, 'GET', route.replace('{id}', '999999'), { auth: true }, route);
      expect(a.json.code).toBe('rest_post_invalid_id');
    });
  }

  it('GET /core/v2/posts/{id} with _embed conforms (author, terms, featured media)', async () => {
    await expectCall(200, 'GET', `/core/v2/posts/${ids.stickyPost ?? POST}`, { query: { _embed: '1' } }, '/core/v2/posts/{id}');
  });

  it('GET a password-protected post: content hidden without password, 403 with a wrong one, shown with edit rights', async () => {
    const id = ids.protectedPost;
    expect(id).toBeTypeOf('number');
    const a = await expectCall(200, 'GET', `/core/v2/posts/${id}`, {}, '/core/v2/posts/{id}');
    expect(a.json.content.protected).toBe(true);
    expect(a.json.content.rendered).toBe('');
    expect((await expectCall(403, 'GET', `/core/v2/posts/${id}`, { query: { password: 'wrong' } }, '/core/v2/posts/{id}')).json.code).toBe(
      'rest_post_incorrect_password',
    );
    await expectCall(200, 'GET', `/core/v2/posts/${id}`, { query: { context: 'edit' }, auth: true }, '/core/v2/posts/{id}');
  });

  it('GET a draft anonymously answers 401 rest_forbidden; with credentials 200', async () => {
    const id = ids.draftPost;
    expect((await expectCall(401, 'GET', `/core/v2/posts/${id}`, {}, '/core/v2/posts/{id}')).json.code).toBe('rest_forbidden');
    await expectCall(200, 'GET', `/core/v2/posts/${id}`, { query: { context: 'edit' }, auth: true }, '/core/v2/posts/{id}');
  });

  it('GET a child page with _embed (up) conforms', async () => {
    await expectCall(200, 'GET', `/core/v2/pages/${PAGE}`, { query: { _embed: 'up' } }, '/core/v2/pages/{id}');
  });

  for (const context of ['view', 'edit', 'embed']) {
    it(`GET /core/v2/posts/{parent}/revisions and one revision, context=${context}, conform`, async () => {
      const list = await expectCall(200, 'GET', `/core/v2/posts/${POST}/revisions`, { query: { context }, auth: true }, '/core/v2/posts/{parent}/revisions');
      expect(list.json.length).toBeGreaterThan(0);
      await expectCall(
        200,
        'GET',
        `/core/v2/posts/${POST}/revisions/${REVISION}`,
        { query: { context }, auth: true },
        '/core/v2/posts/{parent}/revisions/{id}',
      );
    });
    it(`GET /core/v2/posts/{id}/autosaves and the autosave, context=${context}, conform`, async () => {
      const list = await expectCall(200, 'GET', `/core/v2/posts/${AUTOSAVED}/autosaves`, { query: { context }, auth: true }, '/core/v2/posts/{id}/autosaves');
      expect(list.json.length).toBeGreaterThan(0);
      await expectCall(
        200,
        'GET',
        `/core/v2/posts/${AUTOSAVED}/autosaves/${ids.autosave ?? list.json[0].id}`,
        { query: { context }, auth: true },
        '/core/v2/posts/{parent}/autosaves/{id}',
      );
    });
  }

  it('revisions: per_page paginates with headers; a page past the end answers 400 rest_revision_invalid_page_number', async () => {
    const a = await expectCall(200, 'GET', `/core/v2/posts/${POST}/revisions`, { query: { per_page: '1' }, auth: true }, '/core/v2/posts/{parent}/revisions');
    expect(a.headers.get('X-WP-TotalPages')).toBeTruthy();
    expect(
      (
        await expectCall(
          400,
          'GET',
          `/core/v2/posts/${POST}/revisions`,
          { query: { per_page: '1', page: '99' }, auth: true },
          '/core/v2/posts/{parent}/revisions',
        )
      ).json.code,
    ).toBe('rest_revision_invalid_page_number');
  });

  it('revisions and autosaves need credentials (401 rest_cannot_read); an unknown parent is 404', async () => {
    expect((await expectCall(401, 'GET', `/core/v2/posts/${POST}/revisions`, {}, '/core/v2/posts/{parent}/revisions')).json.code).toBe('rest_cannot_read');
    expect((await expectCall(401, 'GET', `/core/v2/posts/${AUTOSAVED}/autosaves`, {}, '/core/v2/posts/{id}/autosaves')).json.code).toBe('rest_cannot_read');
    expect((await expectCall(404, 'GET', '/core/v2/posts/999999/revisions', { auth: true }, '/core/v2/posts/{parent}/revisions')).json.code).toBe(
      'rest_post_invalid_parent',
    );
  });

  it('page revisions and autosaves conform (lists may be empty; no autosave is 404 rest_post_no_autosave)', async () => {
    await expectCall(200, 'GET', `/core/v2/pages/${PAGE}/revisions`, { auth: true }, '/core/v2/pages/{parent}/revisions');
    await expectCall(200, 'GET', `/core/v2/pages/${PAGE}/autosaves`, { auth: true }, '/core/v2/pages/{id}/autosaves');
    const a = await call('GET', `/core/v2/pages/${PAGE}/autosaves/1`, { auth: true });
    expect([200, 404]).toContain(a.status);
    expect(conforms('GET', '/core/v2/pages/{parent}/autosaves/{id}', a, { headers: true })).toEqual([]);
  });

  it('DELETE of a revision answers 403 rest_cannot_delete on a stock site, even with force=true', async () => {
    const a = await expectCall(
      403,
      'DELETE',
      `/core/v2/posts/${POST}/revisions/${REVISION}`,
      { query: { force: 'true' }, auth: true },
      '/core/v2/posts/{parent}/revisions/{id}',
    );
    expect(a.json.code).toBe('rest_cannot_delete');
  });
});

describe('core/v2 writes (records created here and removed again)', () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const path of cleanup.reverse()) await call('DELETE', path, { query: { force: 'true' }, auth: true }).catch(() => undefined);
  });

  it('posts: create (201, Location), update by POST, PUT, PATCH and form, autosave, trash (200), trash again (410), delete (force)', async () => {
    const created = await expectCall(201, 'POST', '/core/v2/posts', {
      auth: true,
      body: {
        title: 'Core live test post',
        content: '<!-- wp:paragraph --><p>Live test.</p><!-- /wp:paragraph -->',
        status: 'publish',
        categories: [ids.categories?.news ?? 1],
        meta: { footnotes: '' },
      },
    });
    const id = created.json.id;
    cleanup.push(`/core/v2/posts/${id}`);
    expect(created.headers.get('Location')).toMatch(new RegExp(`/posts/${id}$`));
    expect(created.json.title.raw).toBe('Core live test post');
    const item = `/core/v2/posts/${id}`;
    await expectCall(200, 'POST', item, { auth: true, body: { excerpt: { raw: 'Updated by POST.' } } }, '/core/v2/posts/{id}');
    await expectCall(200, 'PUT', item, { auth: true, body: { tags: [ids.tags?.free ?? 9], sticky: false } }, '/core/v2/posts/{id}');
    await expectCall(200, 'PATCH', item, { auth: true, body: { comment_status: 'closed', format: 'aside' } }, '/core/v2/posts/{id}');
    const form = await expectCall(200, 'POST', item, { auth: true, form: 'title[raw]=Core+live+test+post+(form)&tags[]=7&tags[]=8' }, '/core/v2/posts/{id}');
    expect([...form.json.tags].sort()).toEqual([7, 8]);
    const auto = await expectCall(
      200,
      'POST',
      `${item}/autosaves`,
      { auth: true, body: { title: 'Core live test post (autosaved)', content: 'Autosaved text.' } },
      '/core/v2/posts/{id}/autosaves',
    );
    expect(auto.json.parent).toBe(id);
    expect(auto.json.preview_link).toBeTypeOf('string');
    const trashed = await expectCall(200, 'DELETE', item, { auth: true }, '/core/v2/posts/{id}');
    expect(trashed.json.status).toBe('trash');
    expect((await expectCall(410, 'DELETE', item, { auth: true }, '/core/v2/posts/{id}')).json.code).toBe('rest_already_trashed');
    const deleted = await expectCall(200, 'DELETE', item, { auth: true, query: { force: 'true' } }, '/core/v2/posts/{id}');
    expect(deleted.json.deleted).toBe(true);
    expect(deleted.json.previous.id).toBe(id);
    cleanup.pop();
  });

  it("posts: autosave of the author's own draft updates the draft and answers it", async () => {
    const created = await expectCall(201, 'POST', '/core/v2/posts', { auth: true, body: { title: 'Core live draft', status: 'draft' } });
    const id = created.json.id;
    cleanup.push(`/core/v2/posts/${id}`);
    const auto = await expectCall(
      200,
      'POST',
      `/core/v2/posts/${id}/autosaves`,
      { auth: true, body: { title: 'Core live draft (autosaved)' } },
      '/core/v2/posts/{id}/autosaves',
    );
    expect(auto.json.id).toBe(id);
  });

  it('posts: invalid writes answer 400 (rest_invalid_param, empty_content), anonymous writes 401', async () => {
    expect((await expectCall(400, 'POST', '/core/v2/posts', { auth: true, body: { title: 'x', status: 'nonsense' } })).json.code).toBe('rest_invalid_param');
    expect((await expectCall(400, 'POST', '/core/v2/posts', { auth: true, body: { status: 'draft' } })).json.code).toBe('empty_content');
    expect((await expectCall(401, 'POST', '/core/v2/posts', { body: { title: 'anonymous' } })).json.code).toBe('rest_cannot_create');
    expect((await expectCall(404, 'POST', '/core/v2/posts/999999', { auth: true, body: { title: 'x' } }, '/core/v2/posts/{id}')).json.code).toBe(
      'rest_post_invalid_id',
    );
  });

  it('pages: create, update, autosave, trash and delete', async () => {
    const created = await expectCall(201, 'POST', '/core/v2/pages', {
      auth: true,
      body: { title: 'Eintrittskarten (Test)', status: 'publish', parent: ids.parentPage ?? 0, menu_order: 7 },
    });
    const id = created.json.id;
    cleanup.push(`/core/v2/pages/${id}`);
    await expectCall(200, 'PATCH', `/core/v2/pages/${id}`, { auth: true, body: { menu_order: 8, comment_status: 'closed' } }, '/core/v2/pages/{id}');
    await expectCall(
      200,
      'POST',
      `/core/v2/pages/${id}/autosaves`,
      { auth: true, body: { title: 'Eintrittskarten (Entwurf)', content: 'Neu.' } },
      '/core/v2/pages/{id}/autosaves',
    );
    await expectCall(200, 'GET', `/core/v2/pages/${id}/autosaves/${id}`, { auth: true, query: { context: 'edit' } }, '/core/v2/pages/{parent}/autosaves/{id}');
    await expectCall(200, 'GET', `/core/v2/pages/${id}/revisions`, { auth: true, query: { context: 'edit' } }, '/core/v2/pages/{parent}/revisions');
    expect((await expectCall(200, 'DELETE', `/core/v2/pages/${id}`, { auth: true }, '/core/v2/pages/{id}')).json.status).toBe('trash');
    expect((await expectCall(200, 'DELETE', `/core/v2/pages/${id}`, { auth: true, query: { force: 'true' } }, '/core/v2/pages/{id}')).json.deleted).toBe(true);
    cleanup.pop();
  });

  it('menu items: create (201), update, missing title and url (400), delete without force (501) and with force', async () => {
    const created = await expectCall(201, 'POST', '/core/v2/menu-items', {
      auth: true,
      body: { title: 'Programma', url: 'https://festival.example/nl/programma/', ...IN_MENU },
    });
    const id = created.json.id;
    cleanup.push(`/core/v2/menu-items/${id}`);
    // In a menu, the item names it; in none, the member is absent (D197).
    if (MENU === undefined) expect(created.json).not.toHaveProperty('menus');
    else expect(created.json.menus).toBe(MENU);
    expect(created.json.type).toBe('custom');
    expect(created.json.status).toBe('publish');
    await expectCall(
      200,
      'PUT',
      `/core/v2/menu-items/${id}`,
      { auth: true, body: { target: '_blank', classes: ['highlight'], title: { raw: 'Programme' } } },
      '/core/v2/menu-items/{id}',
    );
    const linked = await expectCall(201, 'POST', '/core/v2/menu-items', {
      auth: true,
      body: { type: 'post_type', object: 'page', object_id: PAGE, parent: id, ...IN_MENU },
    });
    cleanup.push(`/core/v2/menu-items/${linked.json.id}`);
    expect((await expectCall(400, 'POST', '/core/v2/menu-items', { auth: true, body: { ...IN_MENU } })).json.code).toBe('rest_title_required');
    expect((await expectCall(501, 'DELETE', `/core/v2/menu-items/${id}`, { auth: true }, '/core/v2/menu-items/{id}')).json.code).toBe(
      'rest_trash_not_supported',
    );
    for (const item of [linked.json.id, id]) {
      expect(
        (await expectCall(200, 'DELETE', `/core/v2/menu-items/${item}`, { auth: true, query: { force: 'true' } }, '/core/v2/menu-items/{id}')).json.deleted,
      ).toBe(true);
      cleanup.pop();
    }
  });

  it('media: raw and multipart uploads (201, Location, X-WP-Upload-Attachment-ID), update, post-process, image edit, delete', async () => {
    const raw = await expectCall(201, 'POST', '/core/v2/media', {
      auth: true,
      raw: { data: PNG, type: 'image/png', disposition: 'attachment; filename=core-live-test.png' },
    });
    const id = raw.json.id;
    cleanup.push(`/core/v2/media/${id}`);
    expect(raw.headers.get('X-WP-Upload-Attachment-ID')).toBe(String(id));
    const fd = new FormData();
    fd.append('file', new Blob([PNG], { type: 'image/png' }), 'core-live-test-form.png');
    fd.append('alt_text', 'Testbild');
    fd.append('caption', 'Ein Testbild.');
    const multi = await expectCall(201, 'POST', '/core/v2/media', { auth: true, multipart: fd });
    cleanup.push(`/core/v2/media/${multi.json.id}`);
    expect(multi.json.alt_text).toBe('Testbild');
    expect((await expectCall(400, 'POST', '/core/v2/media', { auth: true, raw: { data: PNG, type: 'image/png' } })).json.code).toBe(
      'rest_upload_no_content_disposition',
    );
    await expectCall(
      200,
      'PATCH',
      `/core/v2/media/${id}`,
      { auth: true, body: { alt_text: 'Festival test image', caption: { raw: 'A caption.' }, description: 'A description.' } },
      '/core/v2/media/{id}',
    );
    await expectCall(
      200,
      'POST',
      `/core/v2/media/${id}/post-process`,
      { auth: true, body: { action: 'create-image-subsizes' } },
      '/core/v2/media/{id}/post-process',
    );
    const edited = await expectCall(
      201,
      'POST',
      `/core/v2/media/${id}/edit`,
      { auth: true, body: { src: raw.json.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } },
      '/core/v2/media/{id}/edit',
    );
    cleanup.push(`/core/v2/media/${edited.json.id}`);
    expect(edited.json.id).not.toBe(id);
    expect(
      (await expectCall(400, 'POST', `/core/v2/media/${id}/edit`, { auth: true, body: { src: raw.json.source_url } }, '/core/v2/media/{id}/edit')).json.code,
    ).toBe('rest_image_not_edited');
    expect((await expectCall(501, 'DELETE', `/core/v2/media/${id}`, { auth: true }, '/core/v2/media/{id}')).json.code).toBe('rest_trash_not_supported');
    for (const m of [edited.json.id, multi.json.id, id]) {
      expect((await expectCall(200, 'DELETE', `/core/v2/media/${m}`, { auth: true, query: { force: 'true' } }, '/core/v2/media/{id}')).json.deleted).toBe(true);
      cleanup.pop();
    }
  });
});
