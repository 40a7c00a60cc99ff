// Prism's answers rewritten as the platform's: 404/405 problems (-> rest_no_route), request-validation
// failures (-> 400 rest_missing_callback_param / rest_invalid_param naming the parameters, from the
// `sl-violations` header or a 422 problem), anything else not in the platform's shape (-> 500
// internal_server_error). The anonymous 401 the operation documents passes through as Prism gives it.
import { asArray, asString, at, member, objects } from '../core/json.ts';
import type { OpenApiDoc } from '../core/spec.ts';
import { criticalError, fromViolations, invalidJson, mockError, noRoute, type Violation } from './errors.ts';
import type { Entry, PlatformAnswer, Reply } from './types.ts';

/** Prism's `sl-violations` header (hostile: any text), as violations. */
function parseViolations(header: string | string[] | undefined): Violation[] {
  if (!header) return [];
  try {
    const v: unknown = JSON.parse(String(header));
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** Decide what the platform would answer instead of Prism's answer; null keeps Prism's. */
export function rewrite(doc: OpenApiDoc, entry: Entry | undefined, answer: Reply, _template = ''): PlatformAnswer | null {
  const ct = String(answer.headers['content-type'] ?? '');
  const problem = /problem\+json/i.test(ct);
  // The body is read only for a problem or an error (a success is parsed once, by the shaping step).
  let parsed: unknown;
  if (problem || answer.status >= 400) {
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      parsed = undefined;
    }
  }
  if (problem && (answer.status === 404 || answer.status === 405)) return noRoute();
  const violations = parseViolations(answer.headers['sl-violations']);
  const validation = asArray(member(parsed, 'validation'));
  if (problem && validation) violations.push(...problemViolations(validation));
  if (answer.status === 400 && at(parsed, 'error', 'code') === 'invalid_json') return invalidJson();
  if ([400, 401, 415, 422].includes(answer.status) && violations.length) {
    const platform = fromViolations(violations, doc, entry);
    if (platform) return platform;
  }
  if (problem && (answer.status === 422 || answer.status === 400)) return mockError(400, 'rest_invalid_param', 'Invalid parameter(s).');
  // Missing credentials: Prism answers the operation's documented 401 (its first example), which
  // states the route's own code (`rest_cannot_create` on a create); it passes through as it is.
  // Anything else Prism answers on its own (its 406, 415, 500 problems) is not the platform's shape.
  if (problem || (answer.status >= 400 && at(parsed, 'error', 'code'))) return criticalError();
  return null;
}

/** A problem's `validation` entries (Prism's 422) as violations, located in the request. */
function problemViolations(list: unknown[]): Violation[] {
  return objects(list).map((v) => {
    const location = asArray(v.location)?.map(String);
    const code = typeof v.code === 'string' || typeof v.code === 'number' ? v.code : undefined;
    return { ...v, location: location?.[0] === 'request' ? location : ['request', ...(location ?? [])], code, message: asString(v.message) };
  });
}
