import { routeOf } from './_ops.js';

// POST, PUT and PATCH of one route are the same update: they share one request body, and a JSON
// body is also accepted as a form body.
export default function sharedUpdateBody(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  const writes = ['post', 'put', 'patch'].filter((m) => pathItem?.[m]?.requestBody);
  if (pathItem?.put || pathItem?.patch) {
    const bodies = new Set(writes.map((m) => JSON.stringify(pathItem[m].requestBody)));
    if (bodies.size > 1) results.push({ message: `${route}: POST, PUT and PATCH must share one request body.`, path: [...context.path] });
  }
  for (const m of writes) {
    const types = Object.keys(pathItem[m].requestBody.content ?? {});
    if (types.includes('application/json') && !types.includes('application/x-www-form-urlencoded')) {
      results.push({
        message: `${m.toUpperCase()} ${route}: a JSON body is also accepted as application/x-www-form-urlencoded; document both.`,
        path: [...context.path, m, 'requestBody'],
      });
    }
  }
  return results;
}
