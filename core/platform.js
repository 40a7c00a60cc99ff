// @ts-check
// The platform's names, written once: the spec's neutral namespaces and language parameter, and the
// names a live site uses for them. Read by the client (src/), the core's mapping, the CLI, the mock,
// the pipeline scripts and the lint plugins. Plain JavaScript (type-checked by `// @ts-check`, its
// types emitted by tsc with `allowJs`) because Spectral bundles its custom functions (scripts/spectral/)
// with Rollup, which reads JavaScript only, and Redocly loads its plugin (scripts/redocly/) as plain ES
// modules: they read this module as it is, as the TypeScript does (DECISIONS.md D168). No imports,
// no Node API: the client runs in browsers.

/** The core content namespace (WordPress's `wp/v2`). */
export const CORE_NAMESPACE = 'core/v2';

/** The calendar namespace (The Events Calendar's `tribe/events/v1`). It takes no language parameter. */
export const CALENDAR_NAMESPACE = 'cal/events/v1';

/** The batch namespace (WordPress's own name; not renamed). */
export const BATCH_NAMESPACE = 'batch/v1';

/** The route of a batch request. */
export const BATCH_ROUTE = `/${BATCH_NAMESPACE}`;

/** The translation plugin's language parameter (WPML's `wpml_language`), on every route outside the calendar. */
export const LANGUAGE_PARAM = 'i18n_language';

/** The spec's names -> a live site's (WordPress, The Events Calendar, WPML). */
export const SITE_NAMES = Object.freeze({
  namespaces: Object.freeze({ [CORE_NAMESPACE]: 'wp/v2', [CALENDAR_NAMESPACE]: 'tribe/events/v1' }),
  params: Object.freeze({ [LANGUAGE_PARAM]: 'wpml_language' }),
});

/**
 * True when a route (spec names, relative to the REST root, e.g. `/cal/events/v1/events?page=2`)
 * is in the calendar namespace: the namespace itself or a path under it; a query is ignored.
 * @param {string} route
 * @returns {boolean}
 */
export function isCalendarRoute(route) {
  const q = route.indexOf('?');
  const path = q < 0 ? route : route.slice(0, q);
  const root = `/${CALENDAR_NAMESPACE}`;
  return path === root || path.startsWith(`${root}/`);
}
