import { operations, parametersOf, requiresAuth, routeOf } from './_ops.js';

// 400 where the operation takes input, 401/403 where it requires credentials, 404 where the route
// has a path parameter (the record may not exist, or the value may not match the route's pattern).
export default function errorResponses(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  for (const { method, op, at } of operations(pathItem, context)) {
    const codes = Object.keys(op.responses ?? {});
    const need = [];
    if (parametersOf(pathItem, op).length > 0 || op.requestBody) need.push('400');
    if (requiresAuth(op)) need.push('401', '403');
    if (route.includes('{')) need.push('404');
    for (const code of need) {
      if (!codes.includes(code)) {
        results.push({ message: `${method.toUpperCase()} ${route} must document a ${code} response.`, path: [...at, 'responses'] });
      }
    }
  }
  return results;
}
