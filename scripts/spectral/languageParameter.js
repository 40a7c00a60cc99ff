import { CALENDAR, operations, parametersOf, routeOf } from './_ops.js';

// i18n_language is accepted on every route outside the calendar namespace, and only there.
export default function languageParameter(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  for (const { method, op, at } of operations(pathItem, context)) {
    const has = parametersOf(pathItem, op).some((p) => p.in === 'query' && p.name === 'i18n_language');
    if (CALENDAR.test(route) && has)
      results.push({ message: `${method.toUpperCase()} ${route}: the calendar namespace does not take i18n_language.`, path: at });
    if (!CALENDAR.test(route) && !has) results.push({ message: `${method.toUpperCase()} ${route} must accept the i18n_language query parameter.`, path: at });
  }
  return results;
}
