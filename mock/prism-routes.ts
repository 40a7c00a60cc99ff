// The routes Prism serves (and a documented example asked with `Prefer` on any route): the request
// forwarded to its route's Prism (a valid one of an operation Prism already answered: that answer,
// example-memo.ts), the answer rewritten as the platform's (rewrite.ts) and shaped.
import type { IncomingMessage } from 'node:http';
import { CORS } from './cors.ts';
import { criticalError, withInvalid } from './errors.ts';
import { exampleMemoKey } from './example-memo.ts';
import { forward, HOP, PrismUnavailable } from './proxy.ts';
import { platformReply, tryJson } from './reply.ts';
import { rewrite } from './rewrite.ts';
import { shape } from './shape.ts';
import type { Asked, Front, Headers, PlatformAnswer, Reply, ToForward } from './types.ts';

/** 503 when the route's Prism is not there (the store's routes are served all the same). */
const prismUnavailable = (reason: string): PlatformAnswer => ({
  status: 503,
  body: {
    code: 'mock_prism_unavailable',
    message: `The mock's example engine (Prism) for this route is not available: ${reason}. The store's routes are served; see the mock's output.`,
    data: { status: 503 },
  },
});

/** Prism's answer to a matched, prepared request, rewritten and shaped as the platform's: a reply. */
export async function prismReply(front: Front, req: IncomingMessage, asked: Asked, prepared: ToForward): Promise<Reply> {
  const template = asked.match.route.template;
  let answer: Reply;
  try {
    // A valid request of an operation Prism already answered: that answer (example-memo.ts, D261).
    const key = exampleMemoKey(front, req, asked, prepared);
    const known = front.examples?.get(key);
    if (known) answer = known;
    else {
      answer = await forward(await front.targetFor(template), prepared.fwd);
      if (answer.status >= 200 && answer.status < 300) front.examples?.set(key, answer);
    }
  } catch (e) {
    return platformReply(e instanceof PrismUnavailable ? prismUnavailable(e.message) : criticalError());
  }
  const platform = withInvalid(rewrite(front.doc, asked.match.entry, answer, template), prepared.invalid);

  const violations: Headers = front.verbose && answer.headers['sl-violations'] ? { 'sl-violations': answer.headers['sl-violations'] } : {};
  if (platform) return platformReply(platform, violations);
  // Prism's `date` is dropped: this server sends its own (a memoised answer must not replay it).
  const out: Headers = {};
  for (const [k, v] of Object.entries(answer.headers)) if (!HOP.has(k) && k !== 'date' && k !== 'sl-violations' && k !== '__proto__') out[k] = v;
  Object.assign(out, violations, CORS);
  const json = answer.status < 300 && /json/i.test(String(answer.headers['content-type'] ?? '')) ? tryJson(answer.body) : undefined;
  // A documented answer without a body (an add-on's `200` with nothing printed): the platform still
  // sends its JSON content type (recorded: `wpml/tm/v1/ams/engines`); Prism says text/plain.
  if (answer.body.length === 0) out['content-type'] = 'application/json; charset=UTF-8';
  if (json === undefined) return { status: answer.status, headers: { ...out, 'content-length': String(answer.body.length) }, body: answer.body };
  return shape(front, req, asked, { status: answer.status, headers: out, json }, prepared, violations);
}
