// A strict consumer of the generated types for the calendar namespace (cal/events/v1). Type-checked
// with `tsc -p tsconfig.json`; every `@ts-expect-error` line must fail to compile, so a schema that
// loosens (a field type lost, a required field dropped) breaks the check.
import type { components, paths } from '../../generated/types.ts';

type S = components['schemas'];

// --- create an event ------------------------------------------------------------------------------
type CreateEventBody = NonNullable<paths['/cal/events/v1/events']['post']['requestBody']>['content']['application/json'];
type CreatedEvent = paths['/cal/events/v1/events']['post']['responses'][201]['content']['application/json'];

// The fields the schema gives a default (all_day, website, categories, tags, venue, organizer) are sent
// explicitly, so this compiles whether or not the type generator treats defaults as required.
export const createEvent: CreateEventBody = {
  title: 'De Storm – familievoorstelling',
  start_date: '2025-06-15 14:00:00',
  end_date: '2025-06-15 15:30:00',
  timezone: 'Europe/Amsterdam',
  all_day: false,
  website: null,
  categories: [22],
  tags: null,
  venue: 210,
  organizer: [311],
};

export const sameShape: S['CalEventCreate'] = createEvent;

/** The defaulted fields, sent explicitly (as above) by the bodies below. */
const DEFAULTED = { all_day: false, website: null, categories: null, tags: null, venue: null, organizer: null } as const;

export const wrongTitle: CreateEventBody = {
  // @ts-expect-error the title is a string, not a number
  title: 42,
  start_date: '2025-06-15 14:00:00',
  end_date: '2025-06-15 15:30:00',
  ...DEFAULTED,
};

// @ts-expect-error start_date and end_date are required on create
export const missingDates: CreateEventBody = {
  title: 'Stummfilmnacht',
  ...DEFAULTED,
};

export const wrongVenue: CreateEventBody = {
  title: 'Opening night',
  start_date: '2025-06-14 20:00:00',
  end_date: '2025-06-14 23:30:00',
  ...DEFAULTED,
  // @ts-expect-error venues are ids (an array of integers), not names
  venue: ['Stadsschouwburg'],
};

// --- read the answer ------------------------------------------------------------------------------
export function describeEvent(e: CreatedEvent): string {
  const author: string = e.author; // a numeric string, not an integer
  const year: string = e.start_date_details.year; // zero-padded strings
  const image = e.image === false ? 'no image' : e.image.url;
  const venues = Array.isArray(e.venue) ? e.venue.map((v) => v.venue ?? '') : [e.venue.venue ?? ''];
  const organizers: string[] = e.organizer.map((o) => o.organizer ?? '');
  const sticky: boolean | null = e.sticky; // null when redacted (password-protected)
  // @ts-expect-error author is a string
  const authorId: number = e.author;
  return [author, year, image, venues.join(','), organizers.join(','), sticky, authorId].join(' ');
}

// --- update bodies --------------------------------------------------------------------------------
type VenueBySlugBody = NonNullable<paths['/cal/events/v1/venues/by-slug/{slug}']['patch']['requestBody']>['content']['application/json'];
type EventBySlugBody = NonNullable<paths['/cal/events/v1/events/by-slug/{slug}']['patch']['requestBody']>['content']['application/json'];

// The venue by-slug update requires `slug` in the payload; the event by-slug update does not.
export const venueBySlug: Pick<VenueBySlugBody, 'slug' | 'phone'> = { slug: 'stadsschouwburg', phone: '+31 20 555 0100' };
// @ts-expect-error slug is required in the venue by-slug payload
export const venueBySlugNoSlug: Pick<VenueBySlugBody, 'slug' | 'phone'> = { phone: '+31 20 555 0100' };
export const eventBySlug: Pick<EventBySlugBody, 'slug' | 'featured'> = { featured: true };

// --- list query -----------------------------------------------------------------------------------
type EventListQuery = NonNullable<paths['/cal/events/v1/events']['get']['parameters']['query']>;
export const listQuery: EventListQuery = { per_page: 50, ends_after: 'now', categories: [21, 22], strict_dates: true };
// @ts-expect-error categories are integer ids
export const badListQuery: EventListQuery = { categories: 'music' };
// The calendar takes the translation plugin's language too (D186), one of the site's.
export const dutchEvents: EventListQuery = { i18n_language: 'nl', per_page: 10 };
// @ts-expect-error i18n_language is one of nl, en, de (`all` answers 400)
export const allLanguages: EventListQuery = { i18n_language: 'all' };
