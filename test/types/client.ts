// Compile-time tests of the typed client (checked by `tsc -p tsconfig.json`; never run). Every
// `@ts-expect-error` line must fail to compile: a wrong path, a wrong method, a wrong parameter type,
// a missing required body field or a wrong enum value is caught before anything is sent.
import { batch, createClient, paginate, paginateCalendar, unwrap, type BatchRequest, type FestivalClient } from '../../src/index.ts';
import type { Category, CommentEdit, Event, Post, PostEdit, PostEmbed, SearchResult, Tag, User, UserEdit, Venue } from '../../src/types.ts';

declare const client: FestivalClient;

export async function calendar(): Promise<void> {
  const ok = await client.GET('/cal/events/v1/events', { params: { query: { per_page: 5, start_date: '2026-12-01', categories: [3, 4], featured: true } } });
  if (ok.data) {
    const events: Event[] = ok.data.events;
    const pages: number = ok.data.total_pages;
    void events;
    void pages;
  }
  if (ok.error) {
    const code: string = ok.error.code;
    void code;
  }
  const created = await unwrap(
    client.POST('/cal/events/v1/events', { body: { title: 'x', start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' } }),
  );
  const id: number = created.id;
  void id;

  // @ts-expect-error wrong path
  await client.GET('/cal/events/v1/evnts');
  // @ts-expect-error wrong method: the events collection has no PUT
  await client.PUT('/cal/events/v1/events', { body: {} });
  // @ts-expect-error wrong parameter type: per_page is a number
  await client.GET('/cal/events/v1/events', { params: { query: { per_page: 'five' } } });
  // @ts-expect-error missing required body fields (start_date, end_date)
  await client.POST('/cal/events/v1/events', { body: { title: 'x' } });
  // @ts-expect-error wrong enum value: context is view or edit
  await client.GET('/cal/events/v1/events', { params: { query: { context: 'embed' } } });
  // @ts-expect-error a required path parameter is missing
  await client.GET('/cal/events/v1/events/{id}', { params: { path: {} } });

  for await (const page of paginateCalendar(client, '/cal/events/v1/venues', { params: { query: { per_page: 50 } } })) {
    const venues: Venue[] = page.items;
    void venues;
  }
  // @ts-expect-error not a calendar list
  paginateCalendar(client, '/cal/events/v1/events/{id}', { params: { path: { id: 1 } } });
}

export async function core(): Promise<void> {
  const posts = await unwrap(client.GET('/core/v2/posts', { params: { query: { per_page: 10, include: [1, 2, 3], i18n_language: 'de' } } }));
  // The list answers the shape of the requested context.
  const first: Post | PostEdit | PostEmbed | undefined = posts[0];
  void first;
  const created = await unwrap(client.POST('/core/v2/posts', { body: { title: 'x', status: 'draft', tags: [1, 2] } }));
  void created;

  // @ts-expect-error wrong path
  await client.GET('/core/v2/post');
  // @ts-expect-error wrong method: the posts collection has no DELETE
  await client.DELETE('/core/v2/posts');
  // @ts-expect-error wrong parameter type: include is a list of ids
  await client.GET('/core/v2/posts', { params: { query: { include: 'all' } } });
  // @ts-expect-error wrong enum value: status
  await client.POST('/core/v2/posts', { body: { title: 'x', status: 'published' } });
  // @ts-expect-error wrong enum value: i18n_language is nl, en or de
  await client.GET('/core/v2/posts', { params: { query: { i18n_language: 'fr' } } });

  for await (const page of paginate(client, '/core/v2/posts', { params: { query: { per_page: 100 } } }, { maxPages: 3 })) {
    const items: (Post | PostEdit | PostEmbed)[] = page.items;
    void items;
  }
  // @ts-expect-error not a list route
  paginate(client, '/core/v2/posts/{id}', { params: { path: { id: 1 } } });

  // A view-context post is not the edit shape.
  const view = {} as Post;
  // @ts-expect-error Post (view) lacks the edit-only fields of PostEdit
  const edit: PostEdit = view;
  void edit;
}

export async function batching(): Promise<void> {
  const [a, b] = await batch(client, [
    { method: 'POST', path: '/core/v2/posts', body: { title: 'x' } },
    { method: 'DELETE', path: '/core/v2/posts/{id}', params: { path: { id: 5 }, query: { force: true } } },
  ]);
  if (a.ok) {
    const id: number = a.data.id;
    void id;
  } else {
    const code: string = a.error.code;
    void code;
  }
  void b;
  const many: BatchRequest[] = [{ method: 'PATCH', path: '/core/v2/posts/{id}', params: { path: { id: 1 } }, body: { title: 'y' } }];
  await batch(client, many, { validation: 'require-all-validate' });

  // @ts-expect-error calendar routes are not batchable
  await batch(client, [{ method: 'POST', path: '/cal/events/v1/events', body: { title: 'x', start_date: 'a', end_date: 'b' } }]);
  // @ts-expect-error GET is not batchable
  await batch(client, [{ method: 'GET', path: '/core/v2/posts' }]);
  // @ts-expect-error wrong body type inside a batch item
  await batch(client, [{ method: 'POST', path: '/core/v2/posts', body: { title: 'x', status: 'published' } }]);
  // @ts-expect-error validation mode
  await batch(client, many, { validation: 'all' });
}

export function options(): void {
  createClient({ baseUrl: 'https://festival.example/wp-json', language: 'nl', auth: { user: 'u', password: 'p' } });
  // @ts-expect-error language is nl, en or de
  createClient({ baseUrl: 'https://festival.example/wp-json', language: 'fr' });
  // @ts-expect-error auth needs a password
  createClient({ baseUrl: 'https://festival.example/wp-json', auth: { user: 'u' } });
}

// The core routes beyond the seed (`x-beyond-seed`): the same strictness as the seed's.
export async function beyondSeed(): Promise<void> {
  const categories = await unwrap(client.GET('/core/v2/categories', { params: { query: { parent: 0, hide_empty: true, orderby: 'count', per_page: 100 } } }));
  const firstCategory = categories[0];
  if (firstCategory && 'name' in firstCategory) void (firstCategory.name satisfies string);
  const category = await unwrap(client.POST('/core/v2/categories', { body: { name: 'Workshops', parent: 3 } }));
  const parent: number = category.parent;
  void parent;
  await client.POST('/core/v2/categories/{id}', { params: { path: { id: category.id } }, body: { description: 'x' } });
  await client.DELETE('/core/v2/categories/{id}', { params: { path: { id: category.id }, query: { force: true } } });
  const tag = await unwrap(client.GET('/core/v2/tags/{id}', { params: { path: { id: 7 } } }));
  if ('count' in tag) void (tag.count satisfies number);
  void ({} as Tag);
  await client.PUT('/core/v2/tags/{id}', { params: { path: { id: 7 } }, body: { name: 'Encore' } });
  await client.POST('/core/v2/tags', { body: { name: 'Encore' } });
  const me = await unwrap(client.GET('/core/v2/users/me', { params: { query: { context: 'edit' } } }));
  void me;
  const users = await unwrap(client.GET('/core/v2/users', { params: { query: { who: 'authors', roles: ['editor'], has_published_posts: ['post', 'page'] } } }));
  void users;
  const user: UserEdit = await unwrap(client.POST('/core/v2/users', { body: { username: 'u', email: 'u@festival.example', password: 'p' } }));
  await client.PATCH('/core/v2/users/{id}', { params: { path: { id: user.id } }, body: { name: 'U' } });
  await client.DELETE('/core/v2/users/{id}', { params: { path: { id: user.id }, query: { force: true, reassign: false } } });
  await client.DELETE('/core/v2/users/{id}', { params: { path: { id: user.id }, query: { force: true, reassign: 1 } } });
  const comment: CommentEdit = await unwrap(client.POST('/core/v2/comments', { body: { post: 5, content: 'See you there!' } }));
  await client.GET('/core/v2/comments', { params: { query: { post: [5], orderby: 'date_gmt', order: 'asc' } } });
  await client.POST('/core/v2/comments/{id}', { params: { path: { id: comment.id } }, body: { status: 'hold' } });
  await client.DELETE('/core/v2/comments/{id}', { params: { path: { id: comment.id } } });
  const results: SearchResult[] = await unwrap(client.GET('/core/v2/search', { params: { query: { search: 'jazz', type: 'term', subtype: ['category'] } } }));
  void results;
  // The embedded author and terms of a post have the users' and terms' shapes.
  const post = {} as Post;
  const author = post._embedded?.author?.[0];
  if (author && 'name' in author) void (author.name satisfies string);
  void ({} as Category | User);

  // @ts-expect-error a category needs a name
  await client.POST('/core/v2/categories', { body: { parent: 3 } });
  // @ts-expect-error tags are not hierarchical: no parent filter
  await client.GET('/core/v2/tags', { params: { query: { parent: 0 } } });
  // @ts-expect-error wrong enum value: terms sort by id, include, name, slug, include_slugs, term_group, description or count
  await client.GET('/core/v2/categories', { params: { query: { orderby: 'date' } } });
  // @ts-expect-error a new user needs a username, an email and a password
  await client.POST('/core/v2/users', { body: { username: 'u', email: 'u@festival.example' } });
  // @ts-expect-error deleting a user needs reassign
  await client.DELETE('/core/v2/users/{id}', { params: { path: { id: 2 }, query: { force: true } } });
  // @ts-expect-error reassign is a user id or false
  await client.DELETE('/core/v2/users/{id}', { params: { path: { id: 2 }, query: { force: true, reassign: true } } });
  // @ts-expect-error who is only authors
  await client.GET('/core/v2/users', { params: { query: { who: 'editors' } } });
  // @ts-expect-error search results have no edit context
  await client.GET('/core/v2/search', { params: { query: { context: 'edit' } } });
  // @ts-expect-error wrong enum value: type is post, term or post-format
  await client.GET('/core/v2/search', { params: { query: { type: 'page' } } });
  // @ts-expect-error post is a list of post ids
  await client.GET('/core/v2/comments', { params: { query: { post: 'five' } } });
  // @ts-expect-error the current user route has no id
  await client.GET('/core/v2/users/me', { params: { path: { id: 1 } } });
  // @ts-expect-error the search route has no POST
  await client.POST('/core/v2/search', { body: {} });
}

/** The core routes beyond the seed: the same strictness as the seed's. */
export async function coreBeyondSeed(): Promise<void> {
  const types = await unwrap(client.GET('/core/v2/types', { params: { query: { context: 'edit' } } }));
  // The list of post types is keyed by slug.
  const postType = types['post'];
  void postType;
  const tax = await unwrap(client.GET('/core/v2/taxonomies', { params: { query: { type: 'post' } } }));
  void tax;
  const status = await unwrap(client.GET('/core/v2/statuses/{status}', { params: { path: { status: 'publish' } } }));
  const statusName: string = status.name;
  void statusName;
  const settings = await unwrap(client.GET('/core/v2/settings'));
  const perPage: number = settings.posts_per_page;
  void perPage;
  await unwrap(client.POST('/core/v2/settings', { body: { posts_per_page: 10 } }));
  const menu = await unwrap(client.POST('/core/v2/menus', { body: { name: 'Footer', auto_add: false } }));
  const menuId: number = menu.id;
  await unwrap(client.DELETE('/core/v2/menus/{id}', { params: { path: { id: menuId }, query: { force: true } } }));
  await unwrap(client.GET('/core/v2/menu-locations/{location}', { params: { path: { location: 'primary' } } }));
  const block = await unwrap(client.POST('/core/v2/blocks', { body: { title: 'Ticket button', status: 'publish' } }));
  void block;
  await unwrap(client.GET('/core/v2/navigation', { params: { query: { per_page: 5, orderby: 'title' } } }));
  const event = await unwrap(client.POST('/core/v2/tribe_events', { body: { title: 'x', tribe_events_cat: [13] } }));
  await unwrap(client.DELETE('/core/v2/tribe_events/{id}', { params: { path: { id: event.id }, query: { force: true } } }));
  await unwrap(client.POST('/core/v2/tribe_events_cat', { body: { name: 'Harbour nights', parent: 13 } }));

  // @ts-expect-error the settings have no DELETE
  await client.DELETE('/core/v2/settings');
  // @ts-expect-error wrong parameter type: posts_per_page is a number
  await client.POST('/core/v2/settings', { body: { posts_per_page: 'ten' } });
  // @ts-expect-error wrong enum value: default_comment_status is open or closed
  await client.POST('/core/v2/settings', { body: { default_comment_status: 'maybe' } });
  // @ts-expect-error a menu's create needs its name
  await client.POST('/core/v2/menus', { body: { description: 'x' } });
  // @ts-expect-error wrong parameter type: a menu id is a number
  await client.GET('/core/v2/menus/{id}', { params: { path: { id: 'main' } } });
  // @ts-expect-error wrong enum value: the term order is asc or desc
  await client.GET('/core/v2/menus', { params: { query: { order: 'up' } } });
  // @ts-expect-error a post type is named by its slug, a string
  await client.GET('/core/v2/types/{type}', { params: { path: { type: 1 } } });
  // @ts-expect-error wrong enum value: status of a reusable block
  await client.POST('/core/v2/blocks', { body: { title: 'x', status: 'published' } });
  // @ts-expect-error wrong parameter type: the event categories of an event post are ids
  await client.POST('/core/v2/tribe_events', { body: { title: 'x', tribe_events_cat: 'jazz' } });
  // @ts-expect-error an event category term's create needs its name
  await client.POST('/core/v2/tribe_events_cat', { body: { description: 'x' } });
  // @ts-expect-error the menu locations have no POST
  await client.POST('/core/v2/menu-locations', { body: {} });
}
