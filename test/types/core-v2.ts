// A strict consumer of the generated types for the core namespace (core/v2). Type-checked with
// `tsc -p tsconfig.json`; every `@ts-expect-error` line must fail to compile, so a schema that loosens
// (view and edit shapes merged, an enum lost, a required field dropped) breaks the check.
import type { components, paths } from '../../generated/types.ts';

type Schemas = components['schemas'];
type Post = Schemas['Post'];
type PostEdit = Schemas['PostEdit'];
type PostEmbed = Schemas['PostEmbed'];

// --- view, edit and embed shapes are distinct --------------------------------------------------------
export function headline(post: Post): string {
  const rendered: string = post.title.rendered;
  const html: string = post.content.rendered;
  const isProtected: boolean = post.content.protected;
  const cats: number[] = post.categories;
  const status: Post['status'] = post.status;
  return `${rendered} ${html.length} ${isProtected} ${cats.join(',')} ${status}`;
}

export function rawTitle(post: PostEdit): string {
  const blocks: number = post.content.block_version;
  const password: string = post.password;
  return `${post.title.raw} ${post.content.raw} ${post.excerpt.raw} ${blocks} ${password} ${post.permalink_template}`;
}

// @ts-expect-error a view-context post has no raw title
export const viewRawTitle = (post: Post): string => post.title.raw;

// @ts-expect-error a view-context post has no raw content
export const viewRawContent = (post: Post): string => post.content.raw;

// @ts-expect-error the password is sent only in edit context
export const viewPassword = (post: Post): string => post.password;

// @ts-expect-error a view-context post cannot be used where the edit shape is needed
export const viewAsEdit = (post: Post): PostEdit => post;

// @ts-expect-error the embed shape has no content
export const embedContent = (post: PostEmbed): string => post.content.rendered;

export const embedTitle = (post: PostEmbed): string => post.title.rendered;

// Newer fields are optional.
export const classes = (post: Post): string[] | undefined => post.class_list;

// --- operations --------------------------------------------------------------------------------------
type GetPost = paths['/core/v2/posts/{id}']['get'];
type AnyPost = GetPost['responses'][200]['content']['application/json'];

/** The item answer is one of the three shapes; narrow by a field only edit context sends. */
export function titleOf(post: AnyPost): string {
  if ('password' in post) return post.title.raw;
  return post.title.rendered;
}

export const getQuery: NonNullable<GetPost['parameters']['query']> = {
  context: 'edit',
  password: 'secret',
  excerpt_length: 20,
  _fields: ['id', 'title'],
  i18n_language: 'nl',
};
// @ts-expect-error context is view, embed or edit
export const badContext: NonNullable<GetPost['parameters']['query']> = { context: 'help' };

type ListPosts = paths['/core/v2/posts']['get'];
type ListQuery = NonNullable<ListPosts['parameters']['query']>;
export const listQuery: ListQuery = {
  per_page: 20,
  page: 2,
  status: ['publish', 'future'],
  orderby: 'include_slugs',
  order: 'asc',
  slug: ['jazz-on-the-river-stage'],
  categories: [3, 4],
  tags: { terms: [7, 10], operator: 'AND' },
  categories_exclude: { terms: [5], include_children: true },
  tax_relation: 'OR',
  format: ['standard', 'video'],
  sticky: false,
  ignore_sticky: true,
  search: 'jazz',
  search_semantics: 'exact',
  search_columns: ['post_title'],
};
// @ts-expect-error operator is not accepted on an exclusion filter
export const badExclude: ListQuery = { tags_exclude: { terms: [7], operator: 'AND' } };
// @ts-expect-error include_children is for categories only
export const badTagChildren: ListQuery = { tags: { terms: [7], include_children: true } };
// @ts-expect-error pages sort by menu_order, posts do not
export const badOrderby: ListQuery = { orderby: 'menu_order' };
export const pageOrder: NonNullable<paths['/core/v2/pages']['get']['parameters']['query']> = { orderby: 'menu_order', parent: [19], menu_order: 2 };
export const media: NonNullable<paths['/core/v2/media']['get']['parameters']['query']> = { media_type: 'image', mime_type: 'image/png', status: ['inherit'] };
// @ts-expect-error media statuses are inherit, private and trash
export const badMediaStatus: NonNullable<paths['/core/v2/media']['get']['parameters']['query']> = { status: ['publish'] };

type PostBody = NonNullable<paths['/core/v2/posts']['post']['requestBody']>['content']['application/json'];
export const newPost: PostBody = {
  title: 'Brass band parade',
  content: { raw: '<p>At 14:00.</p>' },
  status: 'draft',
  date_gmt: null,
  meta: { footnotes: '' },
  categories: [3],
};
// @ts-expect-error status on write is publish, future, draft, pending or private
export const trashOnWrite: PostBody = { status: 'trash' };
// @ts-expect-error rendered is read-only: the write form is a string or {raw}
export const renderedOnWrite: PostBody = { title: { rendered: 'x' } };

type Created = paths['/core/v2/posts']['post']['responses'][201]['content']['application/json'];
export const createdRaw = (p: Created): string => p.title.raw;

type Deleted = paths['/core/v2/posts/{id}']['delete']['responses'][200]['content']['application/json'];
export const deletedId = (d: Deleted): number => ('deleted' in d ? d.previous.id : d.id);

type RevisionDeleteQuery = paths['/core/v2/posts/{parent}/revisions/{id}']['delete']['parameters']['query'];
export const forceTrue: RevisionDeleteQuery = { force: true };
// @ts-expect-error revisions are deleted only with force=true
export const forceFalse: RevisionDeleteQuery = { force: false };

type MenuItemBody = NonNullable<paths['/core/v2/menu-items']['post']['requestBody']>['content']['application/json'];
export const menuItem: MenuItemBody = { title: 'Programma', url: 'https://festival.example/nl/programma/', type: 'custom', menus: 12 };
// @ts-expect-error menu item types are taxonomy, post_type, post_type_archive and custom
export const badMenuType: MenuItemBody = { type: 'page' };

type ImageEdit = NonNullable<paths['/core/v2/media/{id}/edit']['post']['requestBody']>['content']['application/json'];
export const rotate: ImageEdit = {
  src: 'https://festival.example/poster.png',
  modifiers: [
    { type: 'rotate', args: { angle: 90 } },
    { type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } },
  ],
};
// @ts-expect-error a crop needs left, top, width and height
export const badCrop: ImageEdit = { src: 'https://festival.example/poster.png', modifiers: [{ type: 'crop', args: { left: 0 } }] };

type Autosave = paths['/core/v2/posts/{id}/autosaves']['post']['responses'][200]['content']['application/json'];
export const preview = (a: Autosave): string => a.preview_link;

type Attachment = Schemas['Attachment'];
export const sizes = (a: Attachment): string[] => Object.keys(a.media_details.sizes ?? {});
// @ts-expect-error missing_image_sizes is sent only in edit context
export const missing = (a: Attachment): string[] => a.missing_image_sizes;

// --- beyond the seed: the records keep their contexts apart ------------------------------------------
type Block = Schemas['Block'];
type BlockEdit = Schemas['BlockEdit'];
type PostType = Schemas['PostType'];
type PostTypeEdit = Schemas['PostTypeEdit'];
type Menu = Schemas['Menu'];
type MenuEdit = Schemas['MenuEdit'];

export const blockRaw = (b: BlockEdit): string | undefined => b.title.raw;
export const typeCaps = (t: PostTypeEdit): unknown => t.capabilities;
export const menuLocations = (m: Menu): string[] => m.locations;
export const menuEditName = (m: MenuEdit): string => m.name;
// Newer fields are optional.
export const syncStatus = (b: Block): string | undefined => b.wp_pattern_sync_status;

// @ts-expect-error the capabilities of a post type are sent only in edit context
export const viewCaps = (t: PostType): unknown => t.capabilities;
// @ts-expect-error a view-context post type cannot be used where the edit shape is needed
export const typeViewAsEdit = (t: PostType): PostTypeEdit => t;
// @ts-expect-error a menu's auto_add is a boolean
export const autoAdd: Menu['auto_add'] = 'yes';
