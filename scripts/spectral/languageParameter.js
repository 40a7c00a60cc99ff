import { LANGUAGE_PARAM, operations, parametersOf, routeOf, takesLanguage } from './_ops.js';

// The language parameter (i18n_language) is accepted on every route the translation plugin gives it
// (every route, the calendar's included, but the site index, /batch/v1 and the calendar's own document:
// core/platform.js takesLanguage, D186) with the site's languages as its enum. Where the plugin gives
// none it may only be documented as ignored: without an enum (the site index ignores an unknown code).
export default function languageParameter(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  const takes = takesLanguage(route);
  for (const { method, op, at } of operations(pathItem, context)) {
    const p = parametersOf(pathItem, op).find((x) => x.in === 'query' && x.name === LANGUAGE_PARAM);
    const limited = Array.isArray(p?.schema?.enum);
    if (takes && !(p && limited))
      results.push({
        message: `${method.toUpperCase()} ${route} must accept the ${LANGUAGE_PARAM} query parameter with the site's languages as its enum.`,
        path: at,
      });
    if (!takes && p && limited)
      results.push({
        message: `${method.toUpperCase()} ${route}: the translation plugin gives this route no ${LANGUAGE_PARAM}; document it as ignored (no enum) or not at all.`,
        path: at,
      });
  }
  return results;
}
