// One scenario, three targets: the mock in the spec's names, the mock in the real site's names, and
// a real calendar site of the sandbox. The same code runs against each (only the name mapping and
// the REST root differ) and returns a transcript of what each step answered: status, error code and
// body shape (sorted member names). The tests compare transcripts; the fields that cannot agree
// (ids, dates, URLs: values, not shapes) are never compared, since only names are recorded.
import { FESTIVAL_PLATFORM, IDENTITY, mapPath, mapQueryString, type NameMapping } from '../../core/mapping.js';
import { phpQuerySerializer } from '../../core/php-query.js';
import type { Json } from '../support/spec.js';
import { jsonOrUndefined } from '../support/json.js';

export interface Target {
  label: string;
  /** The REST root: the mock's origin (spec names), `<origin>/wp-json` (real names) or a site's `/wp-json`. */
  root: string;
  mapping: NameMapping;
  authorization: string;
  /** Remove for good what the scenario made (a real site; the mock resets instead). */
  purge?: (kind: 'event' | 'venue' | 'organizer', id: number) => Promise<void>;
}

/** What one step answered. */
export interface Step {
  step: string;
  status: number;
  code?: string;
  /** The body's member names (of an object body, or of a list's first item), sorted. */
  shape?: string[];
}

export interface Answer {
  status: number;
  headers: Headers;
  json: Json;
}

/** The target for the mock's spec names (`http://127.0.0.1:<port>`) or real names (`.../wp-json`, FESTIVAL_PLATFORM). */
export const mockTarget = (origin: string, real: boolean): Target => ({
  label: real ? 'mock, real names' : 'mock, spec names',
  root: real ? `${origin}/wp-json` : origin,
  mapping: real ? FESTIVAL_PLATFORM : IDENTITY,
  authorization: `Basic ${Buffer.from('editor:scenario').toString('base64')}`,
});

/** Call a route by its spec path; the target's mapping names it as the site does. */
export async function call(
  t: Target,
  method: string,
  route: string,
  {
    query,
    json,
    raw,
    type,
    disposition,
    anonymous,
    headers: extra,
  }: {
    query?: Record<string, unknown>;
    json?: unknown;
    raw?: Buffer;
    type?: string;
    disposition?: string;
    anonymous?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const q = query ? mapQueryString(phpQuerySerializer(query), t.mapping, 'toSite') : '';
  const url = `${t.root}${mapPath(route, t.mapping, 'toSite')}${q ? `${t.root.includes('?') ? '&' : '?'}${q}` : ''}`;
  const headers: Record<string, string> = { ...(anonymous ? {} : { authorization: t.authorization }), ...extra };
  let body: string | Blob | undefined;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (raw) {
    headers['content-type'] = type ?? 'application/octet-stream';
    if (disposition) headers['content-disposition'] = disposition;
    body = new Blob([new Uint8Array(raw)]);
  }
  const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000), redirect: 'manual' });
  const text = await res.text();
  const parsed = jsonOrUndefined(text);
  return { status: res.status, headers: res.headers, json: parsed };
}

const shapeOf = (json: Json): string[] | undefined => {
  const one = Array.isArray(json) ? json[0] : json;
  return one && typeof one === 'object' ? Object.keys(one).sort() : undefined;
};

/** A transcript being written; `expectStatus` fails the scenario with the step's answer. */
export class Transcript {
  readonly steps: Step[] = [];
  constructor(readonly target: Target) {}

  record(step: string, a: Answer, expected: number | number[]): Answer {
    const code = a.json && typeof a.json === 'object' && !Array.isArray(a.json) && typeof a.json.code === 'string' ? a.json.code : undefined;
    this.steps.push({ step, status: a.status, ...(code ? { code } : {}), ...(a.status < 300 ? { shape: shapeOf(a.json) } : {}) });
    const ok = Array.isArray(expected) ? expected.includes(a.status) : a.status === expected;
    if (!ok) throw new Error(`${this.target.label}: ${step}: expected ${String(expected)}, got ${a.status} ${JSON.stringify(a.json)?.slice(0, 400)}`);
    return a;
  }

  check(step: string, ok: boolean, detail: unknown): void {
    if (!ok) throw new Error(`${this.target.label}: ${step}: ${JSON.stringify(detail)?.slice(0, 600)}`);
  }
}

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Create an event with a new venue and category, find it, page through the list, update, trash, read again. */
export async function eventScenario(t: Target, run: string): Promise<Transcript> {
  const x = new Transcript(t);
  const cat = x.record('create a category', await call(t, 'POST', '/cal/events/v1/categories', { json: { name: `Scenario ${run}` } }), 201).json;
  const venue = x.record(
    'create a venue',
    await call(t, 'POST', '/cal/events/v1/venues', { json: { venue: `Scenario hall ${run}`, city: 'Utrecht' } }),
    201,
  ).json;
  const made: number[] = [];
  try {
    for (const [i, hour] of [20, 18, 22].entries()) {
      const body = {
        title: `Scenario ${run} set ${i + 1}`,
        start_date: `2031-06-14 ${hour}:00:00`,
        end_date: `2031-06-14 ${hour}:45:00`,
        venue: venue.id,
        categories: [cat.id],
        cost: '€12',
      };
      const e = x.record(`create event ${i + 1}`, await call(t, 'POST', '/cal/events/v1/events', { json: body }), 201).json;
      made.push(e.id);
      x.check('the event has its venue and category', e.venue?.id === venue.id && e.categories?.[0]?.id === cat.id, {
        venue: e.venue?.id,
        categories: e.categories,
      });
    }
    const [id] = made;
    const window = { start_date: '2031-06-14', end_date: '2031-06-15', search: `Scenario ${run}` };
    const byDate = x.record('find by date window', await call(t, 'GET', '/cal/events/v1/events', { query: window }), 200).json;
    x.check(
      'the window holds the three events, by start',
      byDate.events.map((e: Json) => e.id).join() === [made[1], made[0], made[2]].join(),
      byDate.events.map((e: Json) => e.id),
    );
    const byCat = x.record('find by category', await call(t, 'GET', '/cal/events/v1/events', { query: { ...window, categories: [cat.id] } }), 200).json;
    x.check('the category holds them', byCat.total === 3, byCat.total);
    const p1 = x.record('page 1 of 2', await call(t, 'GET', '/cal/events/v1/events', { query: { ...window, per_page: 2 } }), 200);
    x.check(
      'page 1: two events, totals, a next page',
      p1.json.events.length === 2 && p1.json.total_pages === 2 && typeof p1.json.next_rest_url === 'string' && p1.headers.get('x-tec-total') === '3',
      p1.json,
    );
    const p2 = x.record('page 2 of 2', await call(t, 'GET', '/cal/events/v1/events', { query: { ...window, per_page: 2, page: 2 } }), 200);
    x.check('page 2: one event, a previous page', p2.json.events.length === 1 && typeof p2.json.previous_rest_url === 'string', p2.json);
    x.record('past the last page', await call(t, 'GET', '/cal/events/v1/events', { query: { ...window, per_page: 2, page: 3 } }), 404);
    const upd = x.record('update', await call(t, 'POST', `/cal/events/v1/events/${id}`, { json: { title: `Scenario ${run} renamed` } }), 200).json;
    x.check('the update is read back', upd.title === `Scenario ${run} renamed`, upd.title);
    const read = x.record('read back', await call(t, 'GET', `/cal/events/v1/events/${id}`), 200).json;
    x.check('the read has the new title and the venue', read.title === upd.title && read.venue?.id === venue.id, read);
    const trashed = x.record('trash', await call(t, 'DELETE', `/cal/events/v1/events/${id}`), 200).json;
    x.check('trashed', trashed.status === 'trash', trashed.status);
    // TEC 6.17.2 refuses a trashed event (403 event-no-longer-available); 6.6.4.2 answers it (200, status trash).
    x.record('read the trashed event', await call(t, 'GET', `/cal/events/v1/events/${id}`), [403, 200]);
    x.record('trash it again', await call(t, 'DELETE', `/cal/events/v1/events/${id}`), 410);
    // x-unknown-id-status: 404 rest-event-not-found on TEC 6.17.2, 400 rest_invalid_param before.
    x.record('an unknown event', await call(t, 'GET', '/cal/events/v1/events/987654321'), [404, 400]);
  } finally {
    for (const id of made) await t.purge?.('event', id);
    await t.purge?.('venue', venue.id);
    await call(t, 'DELETE', `/cal/events/v1/categories/${cat.id}`);
  }
  return x;
}

/** A post with media: upload, create, read, search, update, trash, delete; and the media's own delete rules. */
export async function postScenario(t: Target, run: string): Promise<Transcript> {
  const x = new Transcript(t);
  const media = x.record(
    'upload an image',
    await call(t, 'POST', '/core/v2/media', { raw: PNG, type: 'image/png', disposition: `attachment; filename=scenario-${run}.png` }),
    201,
  ).json;
  let postId: number | undefined;
  try {
    x.check('an image', media.media_type === 'image' && media.mime_type === 'image/png', media);
    const created = x.record(
      'create a post',
      await call(t, 'POST', '/core/v2/posts', {
        json: { title: `Scenario ${run} post`, content: 'Doors at 19:00.', status: 'publish', featured_media: media.id },
      }),
      201,
    );
    postId = created.json.id;
    x.check('Location names the post', (created.headers.get('location') ?? '').endsWith(`/${postId}`), created.headers.get('location'));
    const read = x.record('read it', await call(t, 'GET', `/core/v2/posts/${postId}`), 200).json;
    x.check(
      'what was written',
      read.title.rendered === `Scenario ${run} post` && read.featured_media === media.id && read.content.rendered.includes('Doors at 19:00.'),
      read,
    );
    const found = x.record('search', await call(t, 'GET', '/core/v2/posts', { query: { search: `Scenario ${run}` } }), 200);
    x.check('found, one', found.json.length === 1 && found.headers.get('x-wp-total') === '1', found.json.length);
    const edit = x.record('read in edit context', await call(t, 'GET', `/core/v2/posts/${postId}`, { query: { context: 'edit' } }), 200).json;
    x.check('raw in edit', edit.title.raw === `Scenario ${run} post`, edit.title);
    const upd = x.record('update', await call(t, 'POST', `/core/v2/posts/${postId}`, { json: { title: `Scenario ${run} renamed` } }), 200).json;
    x.check('updated', upd.title.raw === `Scenario ${run} renamed`, upd.title);
    const trashed = x.record('trash', await call(t, 'DELETE', `/core/v2/posts/${postId}`), 200).json;
    x.check('trashed', trashed.status === 'trash', trashed.status);
    x.record('trash it again', await call(t, 'DELETE', `/core/v2/posts/${postId}`), 410);
    const gone = x.record('delete for good', await call(t, 'DELETE', `/core/v2/posts/${postId}`, { query: { force: true } }), 200).json;
    x.check('deleted', gone.deleted === true && gone.previous?.id === postId, gone);
    postId = undefined;
    x.record('read the deleted post', await call(t, 'GET', `/core/v2/posts/${created.json.id}`), 404);
    x.record('media cannot be trashed', await call(t, 'DELETE', `/core/v2/media/${media.id}`), 501);
  } finally {
    if (postId !== undefined) await call(t, 'DELETE', `/core/v2/posts/${postId}`, { query: { force: true } });
    x.record('delete the media', await call(t, 'DELETE', `/core/v2/media/${media.id}`, { query: { force: true } }), 200);
  }
  return x;
}

/**
 * A password-protected post: its content and excerpt are blank to a reader without the password
 * (signed in or not, in the view context), shown with it and in the edit context, and a wrong
 * password is 403 `rest_post_incorrect_password`; a search by a caller not signed in leaves it out;
 * without the password again, it reads as any post.
 */
export async function passwordScenario(t: Target, run: string): Promise<Transcript> {
  const x = new Transcript(t);
  const title = `Scenario ${run} backstage`;
  const created = x.record(
    'create a protected post',
    await call(t, 'POST', '/core/v2/posts', { json: { title, content: 'Backstage at 18:00.', excerpt: 'Crew only.', status: 'publish', password: 'sesame' } }),
    201,
  ).json;
  const id: number = created.id;
  const blank = (p: Json) => p?.content?.rendered === '' && p?.excerpt?.rendered === '' && p?.content?.protected === true && p?.excerpt?.protected === true;
  const shown = (p: Json) =>
    String(p?.content?.rendered).includes('Backstage at 18:00.') && String(p?.excerpt?.rendered).includes('Crew only.') && p?.content?.protected === true;
  try {
    x.check('protected, the password in the edit answer', created.content?.protected === true && created.password === 'sesame', created);
    const anon = x.record('read it anonymously', await call(t, 'GET', `/core/v2/posts/${id}`, { anonymous: true }), 200).json;
    x.check('content and excerpt blank', blank(anon) && anon.title?.rendered === title, anon);
    const signed = x.record('read it signed in (view)', await call(t, 'GET', `/core/v2/posts/${id}`), 200).json;
    x.check('blank in view, signed in too', blank(signed), signed);
    const withPw = x.record(
      'read it with the password',
      await call(t, 'GET', `/core/v2/posts/${id}`, { query: { password: 'sesame' }, anonymous: true }),
      200,
    ).json;
    x.check('content and excerpt shown', shown(withPw), withPw);
    x.record('a wrong password', await call(t, 'GET', `/core/v2/posts/${id}`, { query: { password: 'open' }, anonymous: true }), 403);
    const edit = x.record('read it in the edit context', await call(t, 'GET', `/core/v2/posts/${id}`, { query: { context: 'edit' } }), 200).json;
    x.check('shown in edit', shown(edit) && edit.content?.raw === 'Backstage at 18:00.' && edit.password === 'sesame', edit);
    // WP_Query leaves password-protected posts out of a search by a caller who is not signed in.
    const searched = x.record('search for it anonymously', await call(t, 'GET', '/core/v2/posts', { query: { search: title }, anonymous: true }), 200);
    x.check('not found', searched.json.length === 0 && searched.headers.get('x-wp-total') === '0', searched.json);
    const listed = x.record('search for it signed in', await call(t, 'GET', '/core/v2/posts', { query: { search: title } }), 200).json;
    x.check('found, blank', listed.length === 1 && blank(listed[0]), listed);
    const included = x.record('list it anonymously by id', await call(t, 'GET', '/core/v2/posts', { query: { include: [id] }, anonymous: true }), 200).json;
    x.check('listed, blank', included.length === 1 && blank(included[0]), included);
    const open = x.record('remove the password', await call(t, 'POST', `/core/v2/posts/${id}`, { json: { password: '' } }), 200).json;
    x.check('no longer protected', open.content?.protected === false && open.password === '', open);
    const after = x.record('read it anonymously again', await call(t, 'GET', `/core/v2/posts/${id}`, { anonymous: true }), 200).json;
    x.check('shown to anyone', after.content?.protected === false && String(after.content?.rendered).includes('Backstage at 18:00.'), after);
    x.record('any password is wrong now', await call(t, 'GET', `/core/v2/posts/${id}`, { query: { password: 'sesame' }, anonymous: true }), 403);
  } finally {
    x.record('delete it', await call(t, 'DELETE', `/core/v2/posts/${id}`, { query: { force: true } }), 200);
  }
  return x;
}

/**
 * A post published with a date ahead: WordPress schedules it (`future`), a caller who is not signed
 * in cannot read it and the default list leaves it out; moved to a past date, it is published.
 */
export async function scheduleScenario(t: Target, run: string): Promise<Transcript> {
  const x = new Transcript(t);
  const title = `Scenario ${run} announcement`;
  const created = x.record(
    'publish a post dated ahead',
    await call(t, 'POST', '/core/v2/posts', { json: { title, content: 'Line-up at noon.', status: 'publish', date: '2031-06-14T12:00:00' } }),
    201,
  ).json;
  const id: number = created.id;
  try {
    x.check('scheduled', created.status === 'future' && created.date === '2031-06-14T12:00:00', created);
    const anon = x.record('read it anonymously', await call(t, 'GET', `/core/v2/posts/${id}`, { anonymous: true }), 401);
    x.check('not readable yet', anon.json?.code === 'rest_forbidden', anon.json);
    const listed = x.record('the default list', await call(t, 'GET', '/core/v2/posts', { query: { search: title } }), 200).json;
    x.check('not in it', listed.length === 0, listed);
    const future = x.record('the scheduled list', await call(t, 'GET', '/core/v2/posts', { query: { search: title, status: 'future' } }), 200).json;
    x.check('in it', future.length === 1 && future[0].id === id, future);
    const moved = x.record('move it to a past date', await call(t, 'POST', `/core/v2/posts/${id}`, { json: { date: '2020-06-14T12:00:00' } }), 200).json;
    x.check('published', moved.status === 'publish', moved);
    x.record('read it anonymously again', await call(t, 'GET', `/core/v2/posts/${id}`, { anonymous: true }), 200);
  } finally {
    x.record('delete it', await call(t, 'DELETE', `/core/v2/posts/${id}`, { query: { force: true } }), 200);
  }
  return x;
}

/**
 * For clients that cannot send PUT, PATCH or DELETE: `_method` in the query, or the
 * `X-HTTP-Method-Override` header, is the method the platform serves, whatever was sent.
 */
export async function overrideScenario(t: Target, run: string): Promise<Transcript> {
  const x = new Transcript(t);
  const created = x.record('create a draft', await call(t, 'POST', '/core/v2/posts', { json: { title: `Scenario ${run} draft` } }), 201).json;
  const id: number = created.id;
  let gone = false;
  try {
    const put = x.record(
      'POST with _method=PUT',
      await call(t, 'POST', `/core/v2/posts/${id}`, { query: { _method: 'PUT' }, json: { title: `Scenario ${run} put` } }),
      200,
    ).json;
    x.check('updated', put.title?.raw === `Scenario ${run} put`, put.title);
    const trashed = x.record('GET with _method=DELETE', await call(t, 'GET', `/core/v2/posts/${id}`, { query: { _method: 'DELETE' } }), 200).json;
    x.check('trashed', trashed.status === 'trash', trashed.status);
    const patched = x.record(
      'POST with X-HTTP-Method-Override: PATCH',
      await call(t, 'POST', `/core/v2/posts/${id}`, { headers: { 'x-http-method-override': 'PATCH' }, json: { status: 'draft' } }),
      200,
    ).json;
    x.check('restored', patched.status === 'draft', patched.status);
    const deleted = x.record(
      'POST with X-HTTP-Method-Override: DELETE',
      await call(t, 'POST', `/core/v2/posts/${id}`, { query: { force: true }, headers: { 'x-http-method-override': 'DELETE' } }),
      200,
    ).json;
    x.check('deleted', deleted.deleted === true, deleted);
    gone = true;
    x.record('read it', await call(t, 'GET', `/core/v2/posts/${id}`), 404);
  } finally {
    if (!gone) await call(t, 'DELETE', `/core/v2/posts/${id}`, { query: { force: true } });
  }
  return x;
}

/** A batch: one valid create and one invalid, each answered in its envelope. */
export async function batchScenario(t: Target, run: string): Promise<Transcript> {
  const x = new Transcript(t);
  const path = mapPath('/core/v2/posts', t.mapping, 'toSite');
  const a = x.record(
    'batch',
    await call(t, 'POST', '/batch/v1', {
      json: {
        requests: [
          { method: 'POST', path, body: { title: `Scenario ${run} batch`, status: 'draft' } },
          { method: 'POST', path, body: { title: 'x', status: 'sideways' } },
        ],
      },
    }),
    207,
  ).json;
  const [ok, bad] = a.responses ?? [];
  x.steps.push({ step: 'batch: first', status: ok?.status, shape: shapeOf(ok?.body) }, { step: 'batch: second', status: bad?.status, code: bad?.body?.code });
  x.check('one created, one refused', ok?.status === 201 && bad?.status === 400 && bad?.body?.code === 'rest_invalid_param', a);
  x.record('delete the batch post', await call(t, 'DELETE', `/core/v2/posts/${ok.body.id}`, { query: { force: true } }), 200);
  return x;
}

/** One part of the scenario: what it does, the part, and a letter that keeps each part's records apart in one run. */
export interface Part {
  name: string;
  run: (t: Target, run: string) => Promise<Transcript>;
  tag: string;
  /** Needs the calendar (a site without it has no calendar routes). */
  calendar?: boolean;
}

/** The scenario's parts, in the order the tests run them (the mock's test and the live test). */
export const PARTS: readonly Part[] = [
  {
    name: 'an event with a new venue and category: find by date and category, page, update, trash, read again',
    run: eventScenario,
    tag: 'e',
    calendar: true,
  },
  { name: 'a post with media: upload, create, read, search, update, trash, delete', run: postScenario, tag: 'p' },
  { name: 'a batch: a create and an invalid create, each in its envelope', run: batchScenario, tag: 'b' },
  {
    name: 'a password-protected post: blank without the password, shown with it and in edit, 403 for a wrong one',
    run: passwordScenario,
    tag: 'w',
  },
  {
    name: 'a scheduled post: publish with a date ahead is future, unreadable anonymously; a past date publishes it',
    run: scheduleScenario,
    tag: 'f',
  },
  { name: 'a method override: _method and X-HTTP-Method-Override are the method served', run: overrideScenario, tag: 'o' },
];
