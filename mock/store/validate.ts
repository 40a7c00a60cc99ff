// A store-backed request checked by the mock itself, with the core's judge (the one that
// `contract` and `validate-har` use): path and query values coerced as the platform coerces them,
// the body against its schema. Its verdicts become Prism-style violations, so the platform's
// errors are built by the same code as for Prism's (errors.ts): 400 rest_missing_callback_param or
// rest_invalid_param with per-parameter details. A differential test holds it to be never more
// lenient than Prism (test/mock/store-differential.test.ts).
import type { Judge, JudgedRequest, Verdict } from '../../core/judge.ts';
import type { Operation } from '../../core/spec.ts';
import type { Violation } from '../errors.ts';

/** A judge's verdict as the violation Prism would report: `request.body#/title` -> ['request', 'body', 'title']. */
export function toViolation(v: Verdict): Violation {
  if (v.pointer === 'request.body' && /requires a body/.test(v.reason))
    return { location: ['request'], code: 'required', message: 'Body parameter is required' };
  const m = /^request\.(query|path|body)(?:\.([^#]+))?(?:#(.*))?$/.exec(v.pointer);
  const where = m?.[1] ?? 'body';
  const parts = [
    ...(m?.[2] ? [m[2]] : []),
    ...(m?.[3] ?? '')
      .split('/')
      .filter(Boolean)
      .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~')),
  ];
  if (v.keyword === 'required') {
    const missing = parts.pop() ?? '';
    return { location: ['request', where, ...parts], code: 'required', message: `must have required property '${missing}'` };
  }
  return { location: ['request', where, ...parts], code: v.keyword ?? 'type', message: v.reason };
}

/** The violations of a request to a store-backed operation (none when it is valid). */
export function storeViolations(judge: Judge, operation: Operation, req: JudgedRequest): Violation[] {
  const verdict = judge.request(operation, req);
  if (verdict.verdict !== 'invalid') return [];
  return verdict.problems.map(toViolation);
}
