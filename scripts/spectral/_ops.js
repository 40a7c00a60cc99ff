// Shared helpers for the project's Spectral functions: walk the operations of one path item. The
// platform's names are the core's (core/platform.js, plain JS so Spectral's bundler reads it too).
import { isCalendarRoute, LANGUAGE_PARAM, takesLanguage } from '../../core/platform.js';

export { isCalendarRoute, LANGUAGE_PARAM, takesLanguage };
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function* operations(pathItem, context) {
  const path = context.path; // ['paths', '/route']
  for (const method of METHODS) {
    const op = pathItem?.[method];
    if (op && typeof op === 'object') yield { method, op, at: [...path, method] };
  }
}

export function routeOf(context) {
  return String(context.path[context.path.length - 1]);
}

export function parametersOf(pathItem, op) {
  const all = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])];
  return all.filter((p) => p && typeof p === 'object');
}

export function requiresAuth(op) {
  const sec = op.security;
  if (!Array.isArray(sec) || sec.length === 0) return false;
  return !sec.some((req) => req && Object.keys(req).length === 0);
}
