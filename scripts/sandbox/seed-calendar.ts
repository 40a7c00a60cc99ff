#!/usr/bin/env node
// Seed a sandbox site's calendar through the plugin's own REST routes (tribe/events/v1), as an
// administrator with the application password the core seed made, with content like a real festival's:
// venues and organizers, nested categories, tags, and events that are all-day, multi-day, featured,
// sticky, hidden from listings, in the past, drafts, password-protected (the password is set by
// `wp.php calendar`, since the events route has no write parameter for it), with several organizers,
// and costs typed the way site editors type them. The content is data, seed-calendar.json beside this
// file; this script creates it in order, turning the slugs a record names into the site's ids.
//   node dist/scripts/sandbox/seed-calendar.js --base-url http://127.0.0.1:8882/wp-json --release 6.6.4.2 <state.json
// stdin: the core seed marker (wp.php's JSON: adminAppPassword). stdout: the calendar seed as JSON
// ({release, ids, passwords}). Every request has a timeout; any answer but the expected status fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { asNumber, at, member } from '../../core/json.ts';
import { PACKAGE_ROOT } from '../../core/spec.ts';

const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, release: { type: 'string' } } });
const base = String(values['base-url'] ?? '').replace(/\/+$/, '');
// The REST root: /wp-json with pretty permalinks, /?rest_route= on a site with plain permalinks (D195).
if (!/^http:\/\/127\.0\.0\.1:\d+\/(wp-json|\?rest_route=)$/.test(base))
  throw new Error(`seed-calendar: --base-url must be a loopback REST root (…/wp-json or …/?rest_route=), got '${base}'`);
const release = String(values.release ?? '');
if (!/^\d+(\.\d+)+$/.test(release)) throw new Error(`seed-calendar: --release must be a version, got '${release}'`);

let stdin = '';
for await (const chunk of process.stdin) {
  stdin += chunk;
  if (stdin.length > 1_000_000) throw new Error('seed-calendar: stdin is over 1 MB');
}
const state: unknown = JSON.parse(stdin);
const adminAppPassword = member(state, 'adminAppPassword');
if (typeof adminAppPassword !== 'string') throw new Error('seed-calendar: the seed marker on stdin has no adminAppPassword');
const auth = `Basic ${Buffer.from(`admin:${adminAppPassword}`).toString('base64')}`;

async function call(method: string, path: string, body: unknown, expected = 201): Promise<unknown> {
  const res = await fetch(`${base}/tribe/events/v1${path}`, {
    method,
    headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`seed-calendar: ${method} ${path} answered ${res.status} (expected ${expected}): ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

type Kind = 'venues' | 'organizers' | 'categories' | 'tags' | 'events';
type Body = Record<string, unknown>;
/** The content (seed-calendar.json): each kind's records by slug, in creation order; references are slugs. */
const seed: Record<Kind, Record<string, Body>> & { coreTags: string[] } = JSON.parse(
  readFileSync(join(PACKAGE_ROOT, 'scripts', 'sandbox', 'seed-calendar.json'), 'utf8'),
);
/** The site's ids by slug (undefined: the site's answer had no numeric id). */
const ids: Record<Kind, Record<string, number | undefined>> = { venues: {}, organizers: {}, categories: {}, tags: {}, events: {} };

/** The fields that name other records by slug, per kind of record, and the kind they name. */
const REFERENCES: Partial<Record<Kind, Record<string, Kind>>> = {
  categories: { parent: 'categories' },
  events: { venue: 'venues', organizer: 'organizers', categories: 'categories', tags: 'tags' },
};
const idOf = (kind: Kind, slug: unknown): number => {
  const id = ids[kind][String(slug)];
  if (id === undefined) throw new Error(`seed-calendar: seed-calendar.json names ${kind} '${String(slug)}', which is not created before it`);
  return id;
};
/** What is sent to create a record: its references (slugs) replaced by the site's ids; terms carry their slug; events are published, in UTC, unless they say otherwise. */
function createBody(kind: Kind, slug: string, body: Body): Body {
  const refs = REFERENCES[kind] ?? {};
  const own = kind === 'categories' || kind === 'tags' ? { name: body.name, slug, ...body } : body;
  const sent = Object.fromEntries(
    Object.entries(own).map(([k, v]) => {
      const target = refs[k];
      if (!target) return [k, v];
      return [k, Array.isArray(v) ? v.map((s) => idOf(target, s)) : idOf(target, v)];
    }),
  );
  return kind === 'events' ? { status: 'publish', timezone: 'UTC', ...sent } : sent;
}

// The calendar's tags are WordPress's own post tags: the core seed's are reused, the others are new.
for (const slug of seed.coreTags) {
  const id = at(state, 'ids', 'tags', slug);
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`seed-calendar: the core seed has no tag '${slug}'`);
  ids.tags[slug] = id;
}
// Venues and organizers, categories (nested) and tags, then the events that name them.
for (const kind of ['venues', 'organizers', 'categories', 'tags', 'events'] as const)
  for (const [slug, body] of Object.entries(seed[kind])) ids[kind][slug] = asNumber(member(await call('POST', `/${kind}`, createBody(kind, slug, body)), 'id'));

process.stdout.write(`${JSON.stringify({ release, ids, passwords: { [String(ids.events['artists-dinner'])]: 'festival' } }, null, 2)}\n`);
