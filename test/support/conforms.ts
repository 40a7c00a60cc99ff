// A live answer held to the spec strictly: its status documented for the operation, its JSON body
// valid with no undocumented field, and (when asked) every header the response documents present.
import type { Answer } from './site.js';
import { deref, operation } from './spec.js';
import { check } from './validate.js';

export function conforms(method: string, specPath: string, answer: Answer, { headers = false }: { headers?: boolean } = {}): string[] {
  const op = operation(method, specPath);
  const res = deref(op.op.responses[String(answer.status)]);
  if (!res) return [`${method} ${specPath}: status ${answer.status} is not documented (${answer.text.slice(0, 200)})`];
  const media = res.content?.['application/json'];
  if (!media) return [`${method} ${specPath} ${answer.status}: application/json is not documented`];
  if (!answer.type.startsWith('application/json')) return [`${method} ${specPath} ${answer.status}: answered ${answer.type}`];
  const problems = check(media.schema, answer.json, { strict: true });
  if (headers)
    for (const h of Object.keys(res.headers ?? {})) {
      if (h === 'Link') continue; // sent only when there is a neighbouring page
      if (!answer.headers.has(h)) problems.push(`${method} ${specPath} ${answer.status}: header ${h} missing`);
    }
  return problems;
}
