// The package root: the typed client, its helpers and the named types.
export { createClient, isCalendarRoute, siteRoute, type ClientOptions, type FestivalClient, type Language } from './client.js';
export { ApiError, isApiError, unwrap, type ApiErrorBody, type ApiErrorInit } from './errors.js';
export { asForm, phpFormSerializer, phpQuerySerializer, type FormInit } from './serialize.js';
export {
  paginate,
  paginateCalendar,
  collect,
  nextLink,
  DEFAULT_MAX_PAGES,
  type Page,
  type PaginateOptions,
  type CoreListPath,
  type CoreListItem,
  type CalendarListPath,
  type CalendarListItem,
  type SuccessBody,
} from './paginate.js';
export {
  batch,
  batchRequest,
  isBatchable,
  MAX_BATCH_SIZE,
  type BatchablePath,
  type BatchMethod,
  type BatchRequest,
  type BatchRequestFor,
  type BatchResult,
  type BatchItemResult,
  type BatchOptions,
  type BatchHeaders,
} from './batch.js';
export { BATCHABLE } from '../generated/batchable.js';
export { IDENTITY, WORDPRESS, FESTIVAL_PLATFORM, parseMapping, type NameMapping } from './mapping.js';
// The named types and `components`; `paths`, `operations` and `asOpenApiClient` are the
// `./openapi-fetch` entry's, so this entry never loads them (D258, D259).
export type * from './types.js';
