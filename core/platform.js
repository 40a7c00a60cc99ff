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

/** The calendar namespace (The Events Calendar's `tribe/events/v1`). */
export const CALENDAR_NAMESPACE = 'cal/events/v1';

/** The batch namespace (WordPress's own name; not renamed). */
export const BATCH_NAMESPACE = 'batch/v1';

/** The route of a batch request. */
export const BATCH_ROUTE = `/${BATCH_NAMESPACE}`;

/**
 * The translation plugin's language parameter (WPML's `wpml_language`). WPML adds it to every endpoint
 * of every route, the calendar's included, except the site index `/` and `/batch/v1` (D186).
 */
export const LANGUAGE_PARAM = 'i18n_language';

/**
 * The spec's names -> a live site's: every namespace of the spec (WordPress, The Events Calendar,
 * WPML and the add-ons of ../shared/reference/addon-facts.md; `batch/v1` and `oembed/1.0` keep their
 * names), the route segments an add-on names otherwise within its namespace, and the parameters
 * (D187).
 */
export const SITE_NAMES = Object.freeze({
  namespaces: Object.freeze({
    [CORE_NAMESPACE]: 'wp/v2',
    [CALENDAR_NAMESPACE]: 'tribe/events/v1',
    [BATCH_NAMESPACE]: 'batch/v1',
    'oembed/1.0': 'oembed/1.0',
    'ml/v1': 'wpml/v1',
    'ml/st/v1': 'wpml/st/v1',
    'ml/tm/v1': 'wpml/tm/v1',
    'ml/ate/v1': 'wpml/ate/v1',
    'installer/v1': 'otgs/installer/v1',
    'forms/v1': 'forminator/v1',
    'connector/v1': 'hub-connector/v1',
    'crosssell/v1': 'wpmudev_pcs/v1',
    'survey/v1': 'nps-survey/v1',
    'builder/v1': 'ultimate-vc/v1',
    'builderx/v1': 'uavc/v1',
    slider: 'sliderrevolution',
    'theme/v1': 'the7/v1',
  }),
  segments: Object.freeze({
    'builder/v1': Object.freeze({ 'font-library': 'google-fonts' }),
    'builderx/v1': Object.freeze({ 'marketplace-activation': 'envato-activation' }),
    'ml/tm/v1': Object.freeze({ '{mlJobId}': '{wpmlJobId}' }),
  }),
  params: Object.freeze({ [LANGUAGE_PARAM]: 'wpml_language', ml_job_id: 'wpml_job_id', mlJobId: 'wpmlJobId' }),
});

/**
 * The routes that take no language parameter even where the translation plugin runs: the site index,
 * the batch route and the calendar's own API document (WPML skips the first two; TEC registers the
 * third after WPML's filter has run), spec names.
 */
export const NO_LANGUAGE_ROUTES = Object.freeze(['/', BATCH_ROUTE, `/${CALENDAR_NAMESPACE}/doc`]);

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

/**
 * True when the translation plugin adds its language parameter to a route (spec names, relative to
 * the REST root; a query and trailing slashes are ignored): every route but NO_LANGUAGE_ROUTES.
 * @param {string} route
 * @returns {boolean}
 */
export function takesLanguage(route) {
  const q = route.indexOf('?');
  const path = (q < 0 ? route : route.slice(0, q)).replace(/\/+$/, '') || '/';
  return !NO_LANGUAGE_ROUTES.includes(path);
}
