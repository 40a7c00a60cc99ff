import { operations, parametersOf, routeOf } from './_ops.js';

const isArraySchema = (s) =>
  !!s && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || [...(s.oneOf ?? []), ...(s.anyOf ?? [])].some(isArraySchema));

// Array query parameters are sent as comma lists (style form, explode false); repeated keys lose
// every value but the last on the platform.
export default function arrayQueryStyle(pathItem, _opts, context) {
  const results = [];
  const route = routeOf(context);
  for (const { method, op, at } of operations(pathItem, context)) {
    for (const p of parametersOf(pathItem, op)) {
      if (p.in !== 'query' || !isArraySchema(p.schema)) continue;
      if (p.explode !== false || (p.style && p.style !== 'form')) {
        results.push({ message: `${method.toUpperCase()} ${route}: array query parameter ${p.name} must be style form with explode false.`, path: at });
      }
    }
  }
  return results;
}
