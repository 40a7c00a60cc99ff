// Phase: write sequences (--allow-writes). For every collection of a namespace the site has, whose
// create and delete routes the site's own index lists: an unauthenticated create (401), a create,
// create probes (wrong type, bad enum, missing required field), read-back, three updates, children
// (children.ts), deletes. Every record the run creates is registered for cleanup by the id its
// create returned; the cleanup runs even when a step fails or the run is stopped.
import { exercise, quietly, resultOf } from '../exercise.js';
import { RunStopped } from '../http.js';
import { list, listQuery, resolvePath, siteHas } from '../lookup.js';
import { bodySchema, deref, schemaEnum, schemaTypes } from '../../../core/spec.js';
import { batchSequence } from './batch.js';
import { childSequences } from './children.js';
import { ownCreated, registerCleanup, usableId } from './cleanup.js';
import { unknownIdStatus } from './reads.js';
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

export function createBody(kind: string, title: string): Body {
  switch (kind) {
    case 'posts':
    case 'pages':
      return { title, content: `<p>${title}</p>`, status: 'pending' };
    case 'menu-items':
      return { title, url: 'https://example.invalid/contract-run', type: 'custom', status: 'publish' };
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
      return { name: title };
    default:
      return { title };
  }
}

export function updateBody(kind: string, title: string): Body {
  switch (kind) {
    case 'media':
      return { title, alt_text: title };
    case 'venues':
      return { venue: title };
    case 'organizers':
      return { organizer: title };
    case 'categories':
    case 'tags':
    case 'menus':
    case 'tribe_events_cat':
      return { name: title };
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
  const force = hasForce ? { force: true } : {};
  await exercise(ctx, delKey, { id }, { auth: false, query: force }, { expect: 401, label: 'probe: unauthenticated DELETE', kind: 'probe' });
  await exercise(
    ctx,
    delKey,
    { id: NO_SUCH_ID },
    { query: force },
    { expect: unknownIdStatus(ctx, delKey), label: 'probe: DELETE non-existent id', kind: 'probe' },
  );
  if (!hasForce) return;
  const soft = await exercise(ctx, delKey, { id }, {}, { label: 'DELETE without force (trash, or the documented refusal)' });
  if (soft?.status === 200) await exercise(ctx, delKey, { id }, {}, { label: 'DELETE of a trashed record again' });
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
    await exercise(
      ctx,
      k,
      { id },
      { auth: false, body: updateBody(kind, `${title} anonymous`) },
      { expect: 401, label: `probe: unauthenticated ${m}`, kind: 'probe' },
    );
    await exercise(
      ctx,
      k,
      { id: NO_SUCH_ID },
      { body: updateBody(kind, `${title} nothing`) },
      { expect: unknownIdStatus(ctx, k), label: `probe: ${m} non-existent id`, kind: 'probe' },
    );
    await exercise(ctx, k, { id }, { body: updateBody(kind, `${title} (updated via ${m})`) }, { expect: 200, label: `update via ${m}` });
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
 * The collections with write sequences: a create and an item delete in the spec, in a namespace the
 * site has, with both routes (and methods) in the site's own index.
 */
export function writableCollections(ctx: RunContext, writes: Operation[]): string[] {
  const wanted = new Set<string>();
  for (const x of writes) wanted.add(resourceOf(x.path));
  for (const x of ctx.selected.filter((s) => s.method === 'get' && !ctx.absentNs.has(s.namespace))) wanted.add(resourceOf(x.path));
  return [...wanted].filter((c) => {
    const del = [...ctx.opByKey.keys()].find((k) => k.startsWith(`DELETE ${c}/{`));
    const ns = ctx.opByKey.get(`POST ${c}`)?.namespace;
    return ns !== undefined && del && !ctx.absentNs.has(ns) && siteHas(ctx, 'POST', c) && siteHas(ctx, 'DELETE', del.slice(7));
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
  // Write operations on routes no sequence covers.
  for (const x of writes) {
    const r = resultOf(ctx, x.key);
    if (r.checks.length) continue;
    if (!siteHas(ctx, x.method, x.path)) {
      Object.assign(r, { verdict: 'skipped', reason: "the site's index does not list this route and method" });
      continue;
    }
    const resolved = await resolvePath(ctx, x.path);
    Object.assign(r, {
      verdict: 'skipped',
      reason: resolved.values ? 'no write sequence covers this operation' : `no sequence creates a record for it and no real id: ${resolved.why}`,
    });
  }
}
