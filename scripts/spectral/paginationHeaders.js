import { isCalendarRoute, operations, parametersOf, routeOf } from './_ops.js';

const CORE = ['X-WP-Total', 'X-WP-TotalPages', 'Link'];
const CAL = ['X-TEC-Total', 'X-TEC-TotalPages'];

// A list that takes `per_page` is paginated: its 200 documents the namespace's pagination headers
// (core-style X-WP-* and Link, or the calendar's X-TEC-*).
export default function paginationHeaders(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  for (const { method, op, at } of operations(pathItem, context)) {
    if (method !== 'get') continue;
    if (!parametersOf(pathItem, op).some((p) => p.in === 'query' && p.name === 'per_page')) continue;
    const ok = op.responses?.['200'];
    const headers = Object.keys(ok?.headers ?? {});
    for (const h of isCalendarRoute(route) ? CAL : CORE) {
      if (!headers.includes(h))
        results.push({ message: `GET ${route} is paginated: its 200 must document the ${h} header.`, path: [...at, 'responses', '200'] });
    }
  }
  return results;
}
