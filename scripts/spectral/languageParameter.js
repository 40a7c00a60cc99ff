import { isCalendarRoute, LANGUAGE_PARAM, operations, parametersOf, routeOf } from './_ops.js';

// The language parameter (i18n_language) is accepted on every route outside the calendar namespace, and only there.
export default function languageParameter(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  for (const { method, op, at } of operations(pathItem, context)) {
    const has = parametersOf(pathItem, op).some((p) => p.in === 'query' && p.name === LANGUAGE_PARAM);
    const calendar = isCalendarRoute(route);
    if (calendar && has) results.push({ message: `${method.toUpperCase()} ${route}: the calendar namespace does not take ${LANGUAGE_PARAM}.`, path: at });
    if (!calendar && !has) results.push({ message: `${method.toUpperCase()} ${route} must accept the ${LANGUAGE_PARAM} query parameter.`, path: at });
  }
  return results;
}
