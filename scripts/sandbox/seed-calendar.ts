#!/usr/bin/env node
// Seed a sandbox site's calendar through the plugin's own REST routes (tribe/events/v1), as an
// administrator with the application password the core seed made, with content like a real festival's:
// venues and organizers, nested categories, tags, and events that are all-day, multi-day, featured,
// sticky, hidden from listings, in the past, drafts, password-protected (the password is set by
// `wp.php calendar`, since the events route has no write parameter for it), with several organizers,
// and costs typed the way site editors type them.
//   node dist/scripts/sandbox/seed-calendar.js --base-url http://127.0.0.1:8882/wp-json --release 6.6.4.2 <state.json
// stdin: the core seed marker (wp.php's JSON: adminAppPassword). stdout: the calendar seed as JSON
// ({release, ids, passwords}). Every request has a timeout; any answer but the expected status fails.
import { parseArgs } from 'node:util';
import type { Json } from '../../core/spec.ts';

const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, release: { type: 'string' } } });
const base = String(values['base-url'] ?? '').replace(/\/+$/, '');
if (!/^http:\/\/127\.0\.0\.1:\d+\/wp-json$/.test(base)) throw new Error(`seed-calendar: --base-url must be a loopback REST root, got '${base}'`);
const release = String(values.release ?? '');
if (!/^\d+(\.\d+)+$/.test(release)) throw new Error(`seed-calendar: --release must be a version, got '${release}'`);

let stdin = '';
for await (const chunk of process.stdin) {
  stdin += chunk;
  if (stdin.length > 1_000_000) throw new Error('seed-calendar: stdin is over 1 MB');
}
const state = JSON.parse(stdin);
if (typeof state.adminAppPassword !== 'string') throw new Error('seed-calendar: the seed marker on stdin has no adminAppPassword');
const auth = `Basic ${Buffer.from(`admin:${state.adminAppPassword}`).toString('base64')}`;

async function call(method: string, path: string, body: unknown, expected = 201): Promise<Json> {
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

const ids: Record<'venues' | 'organizers' | 'categories' | 'tags' | 'events', Record<string, number>> = {
  venues: {},
  organizers: {},
  categories: {},
  tags: {},
  events: {},
};

// Venues and organizers.
const venues = {
  'river-stage': {
    venue: 'River Stage',
    address: 'Quay 1',
    city: 'Rivertown',
    country: 'Germany',
    zip: '10115',
    phone: '+49 30 1234567',
    website: 'https://river-stage.example',
  },
  'old-cinema': { venue: 'Old Cinema', address: 'Market Street 12', city: 'Rivertown', country: 'Germany', zip: '10117', stateprovince: 'Berlin' },
  'town-square': { venue: 'Town Square', city: 'Rivertown', country: 'Germany', description: 'Open air, no seating.' },
};
for (const [slug, body] of Object.entries(venues)) ids.venues[slug] = (await call('POST', '/venues', body)).id;
const organizers = {
  'festival-office': { organizer: 'Festival Office', email: 'office@festival.example', phone: '+49 30 7654321', website: 'https://festival.example' },
  'jazz-club': { organizer: 'Rivertown Jazz Club', email: 'jazz@festival.example' },
  'film-society': { organizer: 'Film Society', description: 'Volunteers who love cinema.' },
};
for (const [slug, body] of Object.entries(organizers)) ids.organizers[slug] = (await call('POST', '/organizers', body)).id;

// Categories (nested) and tags.
ids.categories.music = (await call('POST', '/categories', { name: 'Music', slug: 'music', description: 'Concerts and sessions.' })).id;
ids.categories.jazz = (await call('POST', '/categories', { name: 'Jazz', slug: 'jazz', parent: ids.categories.music })).id;
ids.categories['late-jazz'] = (await call('POST', '/categories', { name: 'Late jazz', slug: 'late-jazz', parent: ids.categories.jazz })).id;
ids.categories.film = (await call('POST', '/categories', { name: 'Film', slug: 'film' })).id;
ids.categories.theatre = (await call('POST', '/categories', { name: 'Theatre', slug: 'theatre', description: 'Plays and street theatre.' })).id;
// The calendar's tags are WordPress's own post tags: the core seed's are reused, two are new.
for (const slug of ['outdoor', 'family', 'premiere']) {
  if (!Number.isInteger(state.ids?.tags?.[slug])) throw new Error(`seed-calendar: the core seed has no tag '${slug}'`);
  ids.tags[slug] = state.ids.tags[slug];
}
for (const [slug, name] of [
  ['free-entry', 'Free entry'],
  ['workshop', 'Workshop'],
]) {
  ids.tags[slug] = (await call('POST', '/tags', { name, slug, description: `${name} events.` })).id;
}

// Events: the festival's days are in July 2027 (upcoming for years), the past edition in July 2025.
const ev = (slug: string, body: Record<string, unknown>): { slug: string; body: Record<string, unknown> } => ({
  slug,
  body: { status: 'publish', timezone: 'UTC', ...body },
});
const events = [
  ev('opening-concert', {
    title: 'Opening concert',
    description: 'The festival opens on the river.',
    start_date: '2027-07-01 19:00:00',
    end_date: '2027-07-01 22:00:00',
    venue: ids.venues['river-stage'],
    organizer: [ids.organizers['festival-office']],
    categories: [ids.categories.music],
    tags: [ids.tags.outdoor],
    cost: '25',
    featured: true,
  }),
  ev('jazz-night', {
    title: 'Jazz night',
    description: 'Three bands, one night.',
    start_date: '2027-07-02 21:00:00',
    end_date: '2027-07-03 01:00:00',
    venue: ids.venues['river-stage'],
    organizer: [ids.organizers['jazz-club'], ids.organizers['festival-office']],
    categories: [ids.categories.jazz, ids.categories['late-jazz']],
    cost: '10 - 15',
    sticky: true,
  }),
  ev('family-day', {
    title: 'Family day',
    description: 'Workshops all day.',
    start_date: '2027-07-03 00:00:00',
    end_date: '2027-07-03 23:59:59',
    all_day: true,
    venue: ids.venues['town-square'],
    organizer: [ids.organizers['festival-office']],
    categories: [ids.categories.theatre],
    tags: [ids.tags.family, ids.tags['free-entry'], ids.tags.workshop],
    cost: 'Free',
  }),
  ev('film-marathon', {
    title: 'Film marathon',
    description: 'Three days of cinema.',
    start_date: '2027-07-04 10:00:00',
    end_date: '2027-07-06 23:00:00',
    venue: ids.venues['old-cinema'],
    organizer: [ids.organizers['film-society']],
    categories: [ids.categories.film],
    tags: [ids.tags.premiere],
    cost: '€12',
  }),
  ev('street-theatre', {
    title: 'Street theatre',
    description: 'Every afternoon at four.',
    start_date: '2027-07-05 16:00:00',
    end_date: '2027-07-05 17:30:00',
    venue: ids.venues['town-square'],
    categories: [ids.categories.theatre],
    tags: [ids.tags.outdoor, ids.tags['free-entry']],
    cost: 'Donation',
    website: 'https://festival.example/street-theatre',
  }),
  ev('late-session', {
    title: 'Late session',
    description: 'Jam until two.',
    start_date: '2027-07-06 23:00:00',
    end_date: '2027-07-07 02:00:00',
    venue: ids.venues['river-stage'],
    organizer: [ids.organizers['jazz-club']],
    categories: [ids.categories['late-jazz']],
    cost: '$20 – $40',
  }),
  ev('crew-briefing', {
    title: 'Crew briefing',
    description: 'For volunteers only.',
    start_date: '2027-06-30 09:00:00',
    end_date: '2027-06-30 10:00:00',
    venue: ids.venues['old-cinema'],
    organizer: [ids.organizers['festival-office']],
    hide_from_listings: true,
    cost: '0',
  }),
  ev('closing-party', {
    title: 'Closing party',
    description: 'To be confirmed.',
    start_date: '2027-07-07 20:00:00',
    end_date: '2027-07-07 23:59:00',
    status: 'draft',
    venue: ids.venues['town-square'],
    cost: '5',
  }),
  ev('artists-dinner', {
    title: 'Artists dinner',
    description: 'Seating plan inside.',
    start_date: '2027-07-04 19:00:00',
    end_date: '2027-07-04 22:00:00',
    venue: ids.venues['old-cinema'],
    organizer: [ids.organizers['festival-office']],
    cost: 'Invitation only',
  }),
  ev('festival-2025-opening', {
    title: 'Festival 2025 opening',
    description: 'Last edition.',
    start_date: '2025-07-01 19:00:00',
    end_date: '2025-07-01 22:00:00',
    venue: ids.venues['river-stage'],
    organizer: [ids.organizers['festival-office']],
    categories: [ids.categories.music],
    cost: '20.50',
  }),
  ev('festival-2025-film-night', {
    title: 'Festival 2025 film night',
    description: 'Last edition.',
    start_date: '2025-07-03 20:00:00',
    end_date: '2025-07-03 23:00:00',
    venue: ids.venues['old-cinema'],
    organizer: [ids.organizers['film-society']],
    categories: [ids.categories.film],
    cost: 'Free',
  }),
];
for (const { slug, body } of events) ids.events[slug] = (await call('POST', '/events', body)).id;

process.stdout.write(`${JSON.stringify({ release, ids, passwords: { [ids.events['artists-dinner']]: 'festival' } }, null, 2)}\n`);
