// Phase: write sequences (--allow-writes). For every collection of a namespace the site has, whose
// create and delete routes the site's own index lists: an unauthenticated create (401), a create,
// create probes (wrong type, bad enum, missing required field), read-back, three updates, children
// (children.ts), deletes. Every record the run creates is registered for cleanup by the id its
// create returned; the cleanup runs even when a step fails or the run is stopped.
import { exercise, quietly, resultOf } from '../exercise.js';
import { RunStopped } from '../http.js';
import { list, listQuery, resolvePath, siteArgs, siteHas } from '../lookup.js';
import { bodySchema, deref, schemaEnum, schemaTypes } from '../../../core/spec.js';
import { batchSequence } from './batch.js';
import { childSequences } from './children.js';
import { ownCreated, registerCleanup, usableId } from './cleanup.js';
import { deleteQuery, NEVER_SENT } from './records.js';
import { randomBytes } from 'node:crypto';
import { appPasswordRefused, isOpen, nonceOnly, unknownIdStatus } from './reads.js';
import { NO_SUCH_ID } from '../exercise.js';
import { member } from '../../../core/json.js';
import { BATCH_NAMESPACE, BATCH_ROUTE, LANGUAGE_PARAM } from '../../../core/platform.js';
import type { Operation, Schema } from '../../../core/spec.js';
import { errorPart, type HttpResult, type RawBody, type RunContext } from '../types.js';

/** A request body the run builds (a JSON object). */
type Body = Record<string, unknown>;

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** `/core/v2/posts/{id}/autosaves` -> `/core/v2/posts`. */
function resourceOf(path: string): string {
  const i = path.indexOf('/{');
  return i < 0 ? path : path.slice(0, i);
}

/** A title as a lower-case slug of letters, digits and `-` (at most 60 characters). */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export function createBody(kind: string, title: string): Body {
  switch (kind) {
    case 'font-families':
      // The settings are a JSON text; a family needs no file (its faces bring them). Offline.
      return { font_family_settings: JSON.stringify({ name: title, slug: slugOf(title), fontFamily: `"${title}", sans-serif` }) };
    case 'posts':
    case 'pages':
      return { title, content: `<p>${title}</p>`, status: 'pending' };
    case 'menu-items':
      return { title, url: 'https://example.invalid/contract-run', type: 'custom', status: 'publish' };
    case 'blocks':
      // Published, as the block editor saves a reusable block: WordPress 6.1 lets no one delete a
      // draft one (403 rest_cannot_delete, DECISIONS D217), so a draft would be left behind there.
      return { title, content: `<!-- wp:paragraph --><p>${title}</p><!-- /wp:paragraph -->`, status: 'publish' };
    case 'events':
      return { title, description: title, start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 12:00:00', status: 'draft' };
    case 'venues':
      return { venue: title, status: 'draft' };
    case 'organizers':
      return { organizer: title, status: 'draft' };
    case 'categories':
    case 'tags':
    case 'menus':
    case 'tribe_events_cat':
    case 'wp_pattern_category':
      return { name: title };
    case 'users': {
      // A login name and an address made from the title (unique per run and per create); a password no one keeps.
      const login = slugOf(title);
      return { username: login, email: `${login.slice(0, 50)}@example.invalid`, password: randomBytes(18).toString('base64url'), name: title };
    }
    case 'comments':
      // The sequence adds `post`: a post the run creates for it (the platform refuses a comment on no post).
      return { content: title };
    case 'navigation':
    case 'tribe_events':
    case 'tribe_venue':
    case 'tribe_organizer':
      // Pending, as posts and pages: an autosave of the author's own draft updates the draft itself
      // (WP_REST_Autosaves_Controller::create_item), so a draft has no autosave for the item route to read.
      return { title, status: 'pending' };
    default:
      return { title };
  }
}

export function updateBody(kind: string, title: string): Body {
  switch (kind) {
    case 'font-families':
      // Required on update too; only the members sent change.
      return { font_family_settings: JSON.stringify({ name: title }) };
    case 'media':
      return { title, alt_text: title };
    case 'venues':
      return { venue: title };
    case 'organizers':
      return { organizer: title };
    case 'categories':
    case 'tags':
    case 'users':
    case 'menus':
    case 'tribe_events_cat':
    case 'wp_pattern_category':
      return { name: title };
    case 'comments':
      return { content: title };
    case 'posts':
    case 'pages':
      return { title, content: `<p>${title}</p>` };
    default:
      return { title };
  }
}

export function upload(title: string): { raw: RawBody } {
  const file = `${title
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .toLowerCase()}.png`;
  return { raw: { data: TINY_PNG, type: 'image/png', headers: { 'Content-Disposition': `attachment; filename="${file}"` } } };
}

/** A bad create (a probe) that the site accepted anyway: its record is the run's (when proved), removed at the end. */
async function keepIfCreated(ctx: RunContext, c: string, res: HttpResult | undefined, title: string) {
  const id = member(res?.json, 'id');
  if ((res?.status === 201 || res?.status === 200) && id !== undefined && (await ownCreated(ctx, c, `POST ${c}`, id, title)))
    registerCleanup(ctx, c, id, title);
}

async function createProbes(ctx: RunContext, c: string, kind: string, title: string) {
  const createKey = `POST ${c}`;
  const cx = ctx.opByKey.get(createKey);
  const cs = cx && bodySchema(cx, ctx.doc);
  if (!cs || kind === 'media') return;
  const props = Object.entries<Schema>(deref(cs, ctx.doc)?.properties ?? {});
  const intProp = props.find(([, s]) => {
    const t = schemaTypes(s, ctx.doc);
    return t.length === 1 && t[0] === 'integer';
  });
  /** One create that must answer 400: the create body of a record titled `<title> <suffix>`, changed by `edit`. */
  const probe = async (suffix: string, label: string, edit: (body: Body) => void) => {
    const body = createBody(kind, `${title} ${suffix}`);
    edit(body);
    const bad = await exercise(ctx, createKey, {}, { body }, { expect: 400, label: `probe: ${label}`, kind: 'probe' });
    await keepIfCreated(ctx, c, bad, `${title} ${suffix}`);
  };
  if (intProp) await probe('wrong-type', `wrong type ${intProp[0]}`, (body) => (body[intProp[0]] = 'not-a-number'));
  const enumProp = props.find(([n, s]) => n !== LANGUAGE_PARAM && typeof (schemaEnum(s, ctx.doc) ?? [])[0] === 'string');
  if (enumProp) await probe('bad-enum', `bad enum ${enumProp[0]}`, (body) => (body[enumProp[0]] = 'not-a-valid-value'));
  const req = deref(cs, ctx.doc)?.required ?? [];
  if (req.length) await probe('missing', `missing required ${req[0]}`, (body) => delete body[req[0]]);
}

async function deletes(ctx: RunContext, item: string, id: unknown) {
  const delKey = `DELETE ${item}`;
  const hasForce = ctx.opByKey.get(delKey)?.params.some((p) => p.name === 'force');
  const force = deleteQuery(ctx, delKey);
  await exercise(ctx, delKey, { id }, { auth: false, query: force }, { expect: 401, label: 'probe: unauthenticated DELETE', kind: 'probe' });
  await exercise(
    ctx,
    delKey,
    { id: NO_SUCH_ID },
    { query: force },
    { expect: unknownIdStatus(ctx, delKey), label: 'probe: DELETE non-existent id', kind: 'probe' },
  );
  if (!hasForce) return;
  const soft = await exercise(
    ctx,
    delKey,
    { id },
    { query: deleteQuery(ctx, delKey, true) },
    { label: 'DELETE without force (trash, or the documented refusal)' },
  );
  if (soft?.status === 200) await exercise(ctx, delKey, { id }, { query: deleteQuery(ctx, delKey, true) }, { label: 'DELETE of a trashed record again' });
}

/**
 * The post a comments sequence comments on: created by the run (private, comments open) through the
 * posts collection beside `c`, proved its own and registered for removal before the comment is sent.
 */
async function commentTarget(ctx: RunContext, c: string, title: string): Promise<unknown> {
  const posts = `${c.slice(0, c.lastIndexOf('/'))}/posts`;
  const key = `POST ${posts}`;
  if (!ctx.opByKey.has(key) || !siteHas(ctx, 'POST', posts)) throw new Error(`no ${posts} to create a post to comment on`);
  const postTitle = `${title} (a post to comment on)`;
  const res = await exercise(
    ctx,
    key,
    {},
    { body: { ...createBody('posts', postTitle), status: 'private', comment_status: 'open' } },
    { expect: 201, label: 'create (a post for the comments sequence)' },
  );
  const id = member(res?.json, 'id');
  if (!(res?.status === 201 || res?.status === 200) || id === undefined)
    throw new Error(`creating a post to comment on failed: ${res ? res.status : 'no answer'}`);
  if (!(await ownCreated(ctx, posts, key, id, postTitle))) throw new Error("the post created to comment on is not provably the run's own");
  registerCleanup(ctx, posts, id, postTitle);
  return id;
}

/**
 * The writes of the current user's route (`users/me`): the run never writes to the configured user,
 * so each write method is sent anonymously only, and must be refused (the platform answers 404
 * `rest_user_invalid_id` there, looking for user 0; 401 where a plugin refuses first).
 */
async function currentUserProbes(ctx: RunContext, writes: Operation[]) {
  for (const x of writes.filter((w) => w.path.endsWith('/me') && siteHas(ctx, w.method, w.path))) {
    const del = x.method === 'delete';
    await exercise(
      ctx,
      x.key,
      {},
      del ? { auth: false, query: deleteQuery(ctx, x.key) } : { auth: false, body: updateBody('users', `${ctx.marker} anonymous`) },
      { expect: [401, 404], label: `probe: anonymous ${x.method.toUpperCase()} of the current user`, kind: 'probe' },
    );
  }
}

/** The whole sequence of one collection `c` (e.g. `/core/v2/posts`). */
async function resourceSequence(ctx: RunContext, c: string) {
  const item = `${c}/{id}`;
  const kind = c.slice(c.lastIndexOf('/') + 1);
  const title = `${ctx.marker} ${kind}`;
  const createKey = `POST ${c}`;
  const unauth = await exercise(
    ctx,
    createKey,
    {},
    { ...(kind === 'media' ? upload(title) : { body: createBody(kind, title) }), auth: false },
    { expect: 401, label: 'probe: unauthenticated create', kind: 'probe' },
  );
  await keepIfCreated(ctx, c, unauth, title);
  if (!ctx.http.hasCredentials) return;
  // A menu item goes into a menu the site already has, as a real one would.
  const body = kind === 'media' ? undefined : createBody(kind, title);
  if (body && kind === 'menu-items') {
    // An item's `menus`: a list, or one value (any value the site wrote).
    const none: unknown[] = [];
    const menu = (await list(ctx, c, listQuery(ctx, c))).map((it) => none.concat(member(it, 'menus') ?? [])[0]).find((m) => typeof m === 'number');
    if (menu !== undefined) body.menus = menu;
  }
  // A comment goes on a post the run creates for it (private, open for comments), never on a post of the site.
  if (body && kind === 'comments') body.post = await commentTarget(ctx, c, title);
  const res = await exercise(ctx, createKey, {}, kind === 'media' ? upload(title) : { body }, { expect: 201, label: 'create' });
  const id = member(res?.json, 'id');
  if (!(res?.status === 201 || res?.status === 200) || id === undefined)
    throw new Error(`creating a ${kind} record failed: ${res ? `${res.status} ${member(res.json, 'code') ?? ''}` : 'no answer'}`);
  if (!(await ownCreated(ctx, c, createKey, id, title))) return;
  registerCleanup(ctx, c, id, title);
  await createProbes(ctx, c, kind, title);
  await exercise(ctx, `GET ${item}`, { id }, { query: { context: 'edit' } }, { expect: 200, label: 'GET the created record, context=edit' });
  for (const m of ['POST', 'PUT', 'PATCH']) {
    const k = `${m} ${item}`;
    if (!ctx.opByKey.has(k)) continue;
    // WordPress 7.1 checks a font family's settings on PUT and PATCH against the read schema (an
    // object), so it refuses them with 400 before anything else, whatever is sent (D240).
    const refused = kind === 'font-families' && m !== 'POST' ? [400] : [];
    await exercise(
      ctx,
      k,
      { id },
      { auth: false, body: updateBody(kind, `${title} anonymous`) },
      { expect: [401, ...refused], label: `probe: unauthenticated ${m}`, kind: 'probe' },
    );
    await exercise(
      ctx,
      k,
      { id: NO_SUCH_ID },
      { body: updateBody(kind, `${title} nothing`) },
      { expect: [...unknownIdStatus(ctx, k), ...refused], label: `probe: ${m} non-existent id`, kind: 'probe' },
    );
    await exercise(
      ctx,
      k,
      { id },
      { body: updateBody(kind, `${title} (updated via ${m})`) },
      { expect: [200, ...refused], label: `update via ${m}${refused.length ? ' (WordPress 7.1 refuses it: 400)' : ''}` },
    );
  }
  await childSequences(ctx, c, id, title);
  await deletes(ctx, item, id);
  await slugSequence(ctx, c, kind, title);
}

/**
 * The by-slug routes of a collection (the calendar's `/by-slug/{slug}`): on a second record the run
 * creates, updates through each method, then the DELETE, each with its refusals. The record is
 * registered for cleanup by id before anything else is sent to it.
 */
async function slugSequence(ctx: RunContext, c: string, kind: string, title: string) {
  const bySlug = `${c}/by-slug/{slug}`;
  const methods = ['POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => ctx.opByKey.has(`${m} ${bySlug}`) && siteHas(ctx, m, bySlug));
  if (!methods.length) return;
  const slugTitle = `${title} by slug`;
  // A draft or pending post has no slug yet: this record is private (never public, but it has one).
  const res = await exercise(
    ctx,
    `POST ${c}`,
    {},
    { body: { ...createBody(kind, slugTitle), status: 'private' } },
    { expect: 201, label: 'create (for the by-slug routes)' },
  );
  const id = member(res?.json, 'id');
  const slug = member(res?.json, 'slug');
  if (!(res?.status === 201 || res?.status === 200) || id === undefined)
    throw new Error(`creating a ${kind} record for the by-slug routes failed: ${res ? res.status : 'no answer'}`);
  if (!usableId(id)) {
    await ownCreated(ctx, c, `POST ${c}`, id, slugTitle);
    return;
  }
  registerCleanup(ctx, c, id, slugTitle);
  if (typeof slug !== 'string' || !/^[a-z0-9_%-]{1,200}$/.test(slug)) throw new Error(`the created ${kind} record has no usable slug`);
  for (const m of methods.filter((x) => x !== 'DELETE')) {
    const k = `${m} ${bySlug}`;
    await exercise(
      ctx,
      k,
      { slug },
      { auth: false, body: updateBody(kind, `${slugTitle} anonymous`) },
      { expect: 401, label: `probe: unauthenticated ${m} by slug`, kind: 'probe' },
    );
    await exercise(ctx, k, { slug }, { body: updateBody(kind, `${slugTitle} (updated via ${m})`) }, { expect: 200, label: `update via ${m} by slug` });
  }
  if (methods.includes('DELETE')) {
    const k = `DELETE ${bySlug}`;
    await exercise(ctx, k, { slug }, { auth: false }, { expect: 401, label: 'probe: unauthenticated DELETE by slug', kind: 'probe' });
    // The probe's slug must match nothing: read it first, and send the DELETE only when no record answers.
    const none = `no-such-slug-${ctx.stamp.toLowerCase()}`;
    const look = await quietly(ctx, 'GET', bySlug.replace('{slug}', none), { comment: "does the probe's slug match nothing? (read just before the DELETE)" });
    if (look && (look.status === 400 || look.status === 404))
      await exercise(
        ctx,
        k,
        { slug: none },
        { ownProved: true },
        { expect: unknownIdStatus(ctx, k), label: 'probe: DELETE by a slug that matches nothing', kind: 'probe' },
      );
    else ctx.report.notes.push(`probe DELETE ${bySlug} not sent: the slug ${none} answered ${look ? look.status : 'nothing'}, not 400 or 404`);
    await exercise(ctx, k, { slug }, {}, { expect: 200, label: 'DELETE by slug (trash)' });
  }
}

/**
 * Collections the run never writes, though the spec has their create and delete: a create there
 * changes the site beyond the record it makes, which deleting that record does not undo. Their write
 * operations get only the refusal probes (`refusalProbes`) and are otherwise skipped.
 * - Block templates and template parts: the create adds the theme's `wp_theme` term (and a part's
 *   `wp_template_part_area` term) when the site has none yet, and a forced deletion leaves the term
 *   (DECISIONS D231).
 */
export const UNWRITTEN_COLLECTIONS: readonly string[] = ['/core/v2/templates', '/core/v2/template-parts'];

/**
 * Whether the item delete `key` (`DELETE /core/v2/posts/{id}`) names its record by an integer: the
 * run proves, updates and removes the records it creates by integer id only (`usableId`), so a
 * collection whose records have other ids (widgets: `block-7`) gets no write sequence (D236).
 */
function integerItemId(ctx: RunContext, key: string): boolean {
  const x = ctx.opByKey.get(key);
  const last = /\{([^}]+)\}$/.exec(x?.path ?? '')?.[1];
  const p = x?.params.find((q) => q.in === 'path' && q.name === last);
  return Boolean(p && schemaTypes(p.schema, ctx.doc).includes('integer'));
}

/**
 * The collections with write sequences: a create and an item delete in the spec, in a namespace the
 * site has, with both routes (and methods) in the site's own index, whose records have integer ids,
 * and not in `UNWRITTEN_COLLECTIONS`.
 */
export function writableCollections(ctx: RunContext, writes: Operation[]): string[] {
  const wanted = new Set<string>();
  for (const x of writes) wanted.add(resourceOf(x.path));
  for (const x of ctx.selected.filter((s) => s.method === 'get' && !ctx.absentNs.has(s.namespace))) wanted.add(resourceOf(x.path));
  return [...wanted].filter((c) => {
    if (UNWRITTEN_COLLECTIONS.includes(c)) return false;
    const del = [...ctx.opByKey.keys()].find((k) => k.startsWith(`DELETE ${c}/{`));
    const ns = ctx.opByKey.get(`POST ${c}`)?.namespace;
    if (NEVER_SENT.test(`POST ${c}`)) return false;
    return ns !== undefined && del && !ctx.absentNs.has(ns) && integerItemId(ctx, del) && siteHas(ctx, 'POST', c) && siteHas(ctx, 'DELETE', del.slice(7));
  });
}

/** Run every write sequence; one failing collection does not stop the others. */
export async function writePhase(ctx: RunContext, writes: Operation[]) {
  const collections = writableCollections(ctx, writes);
  ctx.phase(`writes: ${collections.length} collections${ctx.opByKey.has(`POST ${BATCH_ROUTE}`) && ctx.results.has(`POST ${BATCH_ROUTE}`) ? ' and batch' : ''}`);
  for (const c of collections) {
    try {
      await resourceSequence(ctx, c);
    } catch (e) {
      if (e instanceof RunStopped) throw e;
      ctx.report.notes.push(`the write sequence of ${c} stopped: ${errorPart(e, 'message')}`);
      const r = ctx.results.get(`POST ${c}`);
      if (r) r.checks.push({ name: 'write sequence', kind: 'response', ok: false, errors: [`aborted: ${errorPart(e, 'message')}`] });
    }
  }
  if (ctx.opByKey.has(`POST ${BATCH_ROUTE}`) && ctx.results.has(`POST ${BATCH_ROUTE}`) && !ctx.absentNs.has(BATCH_NAMESPACE)) await batchSequence(ctx);
  await currentUserProbes(ctx, writes);
  // Write operations on routes no sequence covers.
  for (const x of writes) {
    const r = resultOf(ctx, x.key);
    if (r.checks.length) continue;
    if (NEVER_SENT.test(x.key)) {
      Object.assign(r, {
        verdict: 'skipped',
        reason: x.path.includes('/application-passwords')
          ? 'never sent: it would revoke every application password of the user, the one the run signs in with included (DECISIONS D238)'
          : "never sent: it would install, activate, deactivate or delete a plugin, the site's shared state (DECISIONS D239)",
      });
      continue;
    }
    if (!siteHas(ctx, x.method, x.path)) {
      Object.assign(r, { verdict: 'skipped', reason: "the site's index does not list this route and method" });
      continue;
    }
    if (!x.path.includes('{') && (await refusalProbes(ctx, x))) continue;
    const resolved = await resolvePath(ctx, x.path);
    Object.assign(r, {
      verdict: 'skipped',
      reason: resolved.values ? 'no write sequence covers this operation' : `no sequence creates a record for it and no real id: ${resolved.why}`,
    });
  }
}

/**
 * A write that no sequence covers and that names no record (an add-on's action: a sync, a logout, an
 * install, a survey answer) is sent only as requests WordPress refuses before the route's own code
 * runs, so the run changes nothing it cannot prove its own (DECISIONS D196): without credentials when
 * the operation is not public (the permission check: 401), without an argument the site's index
 * declares required, and with a text where the index declares a boolean, integer or number (the
 * argument check: 400; WordPress checks arguments before permissions). Returns whether any was sent.
 */
async function refusalProbes(ctx: RunContext, x: Operation): Promise<boolean> {
  const args = siteArgs(ctx, x) ?? {};
  const none: unknown[] = [];
  const declared = Object.entries(args).map(([name, a]) => ({ name, required: member(a, 'required') === true, type: none.concat(member(a, 'type') ?? []) }));
  const valid: Body = {};
  for (const a of declared) if (a.required && a.type.includes('string')) valid[a.name] = `contract-run-${ctx.stamp.toLowerCase()}`;
  let sent = false;
  const probe = async (label: string, body: Body, expect: number, auth?: boolean) => {
    sent = true;
    await exercise(ctx, x.key, {}, { body, ...(auth === false ? { auth } : {}) }, { expect, label: `probe: ${label}`, kind: 'probe' });
  };
  const open = isOpen(ctx, x);
  // A missing required argument first: it is refused whoever asks.
  const required = declared.find((a) => a.required);
  if (required) {
    const body = { ...valid };
    delete body[required.name];
    await probe(`missing required ${required.name}`, body, 400);
  }
  const typed = declared.find(
    (a) => a.type.length > 0 && !a.type.includes('string') && a.type.some((t) => t === 'boolean' || t === 'integer' || t === 'number'),
  );
  if (typed) await probe(`wrong type ${typed.name}=not-a-number`, { ...valid, [typed.name]: 'not-a-number' }, 400);
  // Anonymous with every required argument given (a text each), so that only the permission check refuses it.
  const complete = declared.every((a) => !a.required || a.type.includes('string'));
  if (!open && complete) await probe('unauthenticated', valid, 401, false);
  // A cookie-nonce-only operation with the configured application password, every required argument
  // given: the refusal its security documents (the permission check or the route's own nonce check).
  if (complete && ctx.http.hasCredentials && nonceOnly(ctx, x)) {
    sent = true;
    await appPasswordRefused(ctx, x, {}, { body: valid }, 'probe: application password (refused: the operation takes the login cookie and a nonce only)');
  }
  return sent;
}
