// The `./types` entry point: the generated `components` and named record types for convenience. Types
// only: importing this module loads no code. It never loads `paths` and `operations` (most of the
// generated types): they are the `./openapi-fetch` entry's (D258, D259).
import type { components } from '../generated/components.js';

export type { components };

type Schemas = components['schemas'];

// --- errors ---------------------------------------------------------------------------------------
/** The platform's error body `{code, message, data}` (the client's `ApiError` class carries the same fields plus `status`). */
export type ApiErrorBody = Schemas['Error'];
/** Alias of `ApiErrorBody`: the error body shape (the class of the same name is exported by the package root). */
export type ApiError = ApiErrorBody;

// --- cal/events/v1 --------------------------------------------------------------------------------
/** A calendar event (`cal/events/v1/events`). */
export type Event = Schemas['CalEvent'];
/** A venue. */
export type Venue = Schemas['CalVenue'];
/** An organizer. */
export type Organizer = Schemas['CalOrganizer'];
/** An event category or tag as listed by `/categories` and `/tags`. */
export type EventTerm = Schemas['CalTerm'];
/** The term embedded in an event's `categories` and `tags`. */
export type EventEmbeddedTerm = Schemas['CalEmbeddedTerm'];
/** The envelope of `GET /cal/events/v1/events`. */
export type EventList = Schemas['CalEventList'];
/** The body of `POST /cal/events/v1/events`. */
export type EventCreate = Schemas['CalEventCreate'];

// --- core/v2 --------------------------------------------------------------------------------------
/** A post as read in the `view` context. */
export type Post = Schemas['Post'];
/** A post as read in the `edit` context (raw fields). */
export type PostEdit = Schemas['PostEdit'];
/** A post as embedded (`embed` context). */
export type PostEmbed = Schemas['PostEmbed'];
/** A page (`view` context). */
export type Page = Schemas['Page'];
/** A page in the `edit` context. */
export type PageEdit = Schemas['PageEdit'];
/** A page as embedded. */
export type PageEmbed = Schemas['PageEmbed'];
/** A media attachment (`view` context). */
export type Media = Schemas['Attachment'];
/** A media attachment in the `edit` context. */
export type MediaEdit = Schemas['AttachmentEdit'];
/** A media attachment as embedded. */
export type MediaEmbed = Schemas['AttachmentEmbed'];
/** A navigation menu item (`view` context). */
export type MenuItem = Schemas['MenuItem'];
/** A navigation menu item in the `edit` context. */
export type MenuItemEdit = Schemas['MenuItemEdit'];
// Beyond the seed (`x-beyond-seed`).
/** A post category (`view` context). */
export type Category = Schemas['Category'];
/** A post tag (`view` context). */
export type Tag = Schemas['Tag'];
/** A user's public profile (`view` context). */
export type User = Schemas['User'];
/** A user in the `edit` context (login name, e-mail, roles, capabilities). */
export type UserEdit = Schemas['UserEdit'];
/** A comment (`view` context). */
export type Comment = Schemas['Comment'];
/** A comment in the `edit` context. */
export type CommentEdit = Schemas['CommentEdit'];
/** One result of `GET /core/v2/search`. */
export type SearchResult = Schemas['SearchResult'];

// --- site-wide ------------------------------------------------------------------------------------
/** The site index (`GET /`). */
export type SiteIndex = Schemas['SiteIndex'];
/** The body of `POST /batch/v1`. */
export type BatchRequestBody = Schemas['BatchRequest'];
/** The answer of `POST /batch/v1`. */
export type BatchResponseBody = Schemas['BatchResponse'];
