// Write sequences below a record the run created: autosaves and revisions (posts, pages), and the
// media extras (post-process, edit). Every request targets the run's own record or a non-existent id.
import { exercise, quietly } from '../exercise.js';
import { itemsOf } from '../lookup.js';
import { NO_SUCH_ID } from '../exercise.js';
import { ownCreated, registerCleanup } from './cleanup.js';
import { member } from '../../../core/json.js';
import type { RunContext } from '../types.js';

async function autosaves(ctx: RunContext, c: string, id: unknown, title: string) {
  const auto = `${c}/{id}/autosaves`;
  if (ctx.opByKey.has(`POST ${auto}`)) {
    await exercise(
      ctx,
      `POST ${auto}`,
      { id },
      { auth: false, body: { title: `${title} autosave anonymous` } },
      { expect: 401, label: 'probe: unauthenticated autosave', kind: 'probe' },
    );
    await exercise(
      ctx,
      `POST ${auto}`,
      { id: NO_SUCH_ID },
      { body: { title: `${title} autosave` } },
      { expect: 404, label: 'probe: autosave of a non-existent parent', kind: 'probe' },
    );
    await exercise(
      ctx,
      `POST ${auto}`,
      { id },
      { body: { title: `${title} autosave`, content: `${ctx.marker} autosaved content` } },
      { expect: 200, label: 'create an autosave' },
    );
  }
  if (ctx.opByKey.has(`GET ${auto}`)) {
    const r = await exercise(ctx, `GET ${auto}`, { id }, {}, { expect: 200, label: 'GET autosaves of the created record' });
    const a = itemsOf(r?.json)[0];
    if (a && ctx.opByKey.has(`GET ${c}/{parent}/autosaves/{id}`))
      await exercise(
        ctx,
        `GET ${c}/{parent}/autosaves/{id}`,
        { parent: id, id: member(a, 'id') },
        {},
        { expect: 200, label: 'GET the autosave of the created record' },
      );
  }
}

async function revisions(ctx: RunContext, c: string, id: unknown) {
  const rev = `${c}/{parent}/revisions`;
  if (!ctx.opByKey.has(`GET ${rev}`)) return;
  const r = await exercise(ctx, `GET ${rev}`, { parent: id }, {}, { expect: 200, label: 'GET revisions of the created record' });
  const v = itemsOf(r?.json)[0];
  if (!v) {
    ctx.report.notes.push(`${c}/${id}: no revision after three updates`);
    return;
  }
  const revId = member(v, 'id');
  await exercise(ctx, `GET ${rev}/{id}`, { parent: id, id: revId }, {}, { expect: 200, label: 'GET a revision of the created record' });
  if (!ctx.opByKey.has(`DELETE ${rev}/{id}`)) return;
  await exercise(
    ctx,
    `DELETE ${rev}/{id}`,
    { parent: id, id: revId },
    { auth: false, query: { force: true } },
    { expect: 401, label: 'probe: unauthenticated revision DELETE', kind: 'probe' },
  );
  await exercise(
    ctx,
    `DELETE ${rev}/{id}`,
    { parent: id, id: NO_SUCH_ID },
    { query: { force: true } },
    { expect: 404, label: 'probe: revision DELETE non-existent id', kind: 'probe' },
  );
  const del = await exercise(
    ctx,
    `DELETE ${rev}/{id}`,
    { parent: id, id: revId },
    { query: { force: true } },
    { expect: 403, label: 'DELETE a revision force=true: the documented refusal on a stock site' },
  );
  if (del?.status === 200) ctx.report.notes.push(`a revision of ${c}/${id} was deleted (the site allows it)`);
}

async function mediaExtras(ctx: RunContext, c: string, id: unknown, title: string) {
  const pp = `POST ${c}/{id}/post-process`;
  if (ctx.opByKey.has(pp)) {
    await exercise(
      ctx,
      pp,
      { id },
      { auth: false, body: { action: 'create-image-subsizes' } },
      { expect: 401, label: 'probe: unauthenticated post-process', kind: 'probe' },
    );
    await exercise(ctx, pp, { id }, { body: {} }, { expect: 400, label: 'probe: missing required action', kind: 'probe' });
    await exercise(ctx, pp, { id }, { body: { action: 'not-a-valid-value' } }, { expect: 400, label: 'probe: bad enum action', kind: 'probe' });
    await exercise(
      ctx,
      pp,
      { id: NO_SUCH_ID },
      { body: { action: 'create-image-subsizes' } },
      { expect: 404, label: 'probe: post-process non-existent id', kind: 'probe' },
    );
    await exercise(ctx, pp, { id }, { body: { action: 'create-image-subsizes' } }, { expect: 200, label: 'post-process the upload' });
  }
  const ed = `POST ${c}/{id}/edit`;
  if (!ctx.opByKey.has(ed)) return;
  const src = member((await quietly(ctx, 'GET', `${c}/${encodeURIComponent(String(id))}`, { query: { context: 'edit' } }))?.json, 'source_url');
  const rotate = [{ type: 'rotate', args: { angle: 90 } }];
  await exercise(ctx, ed, { id }, { auth: false, body: { src, modifiers: rotate } }, { expect: 401, label: 'probe: unauthenticated edit', kind: 'probe' });
  await exercise(ctx, ed, { id }, { body: { modifiers: rotate } }, { expect: 400, label: 'probe: missing required src', kind: 'probe' });
  await exercise(
    ctx,
    ed,
    { id },
    { body: { src, modifiers: [{ type: 'rotate', args: { angle: 'not-a-number' } }] } },
    { expect: 400, label: 'probe: wrong type modifiers[0].args.angle', kind: 'probe' },
  );
  await exercise(ctx, ed, { id: NO_SUCH_ID }, { body: { src, modifiers: rotate } }, { expect: 404, label: 'probe: edit non-existent id', kind: 'probe' });
  const r = await exercise(ctx, ed, { id }, { body: { src, modifiers: rotate } }, { expect: 201, label: 'edit (rotate) the upload: a new attachment' });
  const copyId = member(r?.json, 'id');
  if (r && copyId !== undefined && (r.status === 201 || r.status === 200) && (await ownCreated(ctx, c, ed, copyId, `${title} (edited copy)`)))
    registerCleanup(ctx, c, copyId, `${title} (edited copy)`);
}

/**
 * The font faces of a font family the run created (`c/{font_family_id}/font-faces`): list them, add
 * one whose file is a URL on the site's own host (nothing is uploaded or downloaded: the site checks
 * the URL's form only, and deletes files only of faces it stored from an upload), read it, and delete
 * it (refused without `force`, then with it). The file name carries the run's stamp. The family's
 * forced deletion (the sequence's, or the cleanup's) removes any face left.
 */
async function fontFaces(ctx: RunContext, c: string, id: unknown, title: string) {
  const faces = `${c}/{font_family_id}/font-faces`;
  const item = `${faces}/{id}`;
  const parent = { font_family_id: id };
  if (ctx.opByKey.has(`GET ${faces}`)) {
    await exercise(ctx, `GET ${faces}`, parent, {}, { expect: 200, label: 'GET the faces of the created font family' });
    await exercise(
      ctx,
      `GET ${faces}`,
      { font_family_id: NO_SUCH_ID },
      {},
      { expect: 404, label: 'probe: faces of a non-existent font family', kind: 'probe' },
    );
  }
  const create = `POST ${faces}`;
  let home: URL | undefined;
  try {
    home = new URL(String(ctx.siteIndex.home ?? ctx.siteIndex.url ?? ''));
  } catch {
    home = undefined;
  }
  if (!ctx.opByKey.has(create) || !home || !/^https?:$/.test(home.protocol)) return;
  const settings = JSON.stringify({
    fontFamily: `"${title}"`,
    fontWeight: '400',
    fontStyle: 'normal',
    src: new URL(`/wp-content/fonts/contract-run-${ctx.stamp.toLowerCase()}.woff2`, home.origin).href,
  });
  const body = { font_face_settings: settings };
  await exercise(ctx, create, parent, { auth: false, body }, { expect: 401, label: 'probe: unauthenticated font face create', kind: 'probe' });
  await exercise(ctx, create, parent, { body: {} }, { expect: 400, label: 'probe: missing required font_face_settings', kind: 'probe' });
  const res = await exercise(ctx, create, parent, { body }, { expect: 201, label: 'create a font face (its file a URL on the site)' });
  const faceId = member(res?.json, 'id');
  // The face answered must be a child of the run's own family, read back as such, before any write to it.
  const back =
    faceId === undefined ? undefined : await quietly(ctx, 'GET', `${c}/${encodeURIComponent(String(id))}/font-faces/${encodeURIComponent(String(faceId))}`);
  if (!(res?.status === 201 || res?.status === 200) || faceId === undefined || back?.status !== 200 || String(member(back.json, 'parent')) !== String(id))
    return;
  const face = { font_family_id: id, id: faceId };
  if (ctx.opByKey.has(`GET ${item}`)) await exercise(ctx, `GET ${item}`, face, {}, { expect: 200, label: 'GET the created font face' });
  const del = `DELETE ${item}`;
  if (!ctx.opByKey.has(del)) return;
  await exercise(ctx, del, face, { auth: false, query: { force: true } }, { expect: 401, label: 'probe: unauthenticated font face DELETE', kind: 'probe' });
  await exercise(
    ctx,
    del,
    { font_family_id: id, id: NO_SUCH_ID },
    { query: { force: true } },
    { expect: 404, label: 'probe: font face DELETE non-existent id', kind: 'probe' },
  );
  await exercise(ctx, del, face, {}, { expect: 501, label: 'DELETE the font face without force: the documented refusal' });
  await exercise(ctx, del, face, { query: { force: true } }, { expect: 200, label: 'DELETE the font face force=true' });
}

/** Children of the created record `c/id`. */
export async function childSequences(ctx: RunContext, c: string, id: unknown, title: string) {
  await autosaves(ctx, c, id, title);
  await revisions(ctx, c, id);
  if (c.endsWith('/media')) await mediaExtras(ctx, c, id, title);
  if (c.endsWith('/font-families')) await fontFaces(ctx, c, id, title);
}
