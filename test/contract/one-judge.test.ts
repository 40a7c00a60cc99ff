// One judge (issue 24): `contract` and `validate-har` give the same verdicts on the same exchange.
// Every recorded exchange of the HAR fixtures (conforming and not) is judged twice: as `validate-har`
// judges the entry (cli/lib/har-judge.ts), and as `contract` judges an answer (cli/lib/exercise.ts),
// the answer built from the recording the way the CLI's HTTP layer builds it from the wire
// (cli/lib/http.ts answerWithSpecNames: the site's names mapped to the spec's). Both must say the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJudge, type Verdict } from '../../core/judge.ts';
import { FESTIVAL_PLATFORM } from '../../core/mapping.ts';
import { restRouteOf } from '../../core/base-url.ts';
import { judgeAnswer, judgedResponse } from '../../cli/lib/exercise.ts';
import { createHarJudge } from '../../cli/lib/har-judge.ts';
import { answerWithSpecNames } from '../../cli/lib/http.ts';
import { operations } from '../../core/spec.ts';
import { bundle, ROOT, type Json } from '../support/spec.js';

const doc = bundle();
const ops = new Map(operations(doc).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o]));
const FIXTURES = ['conforming.har', 'non-conforming.har', 'redacted.har', 'unredacted.har'];
const entries = FIXTURES.flatMap((f) =>
  JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'har', f), 'utf8')).log.entries.map((e: Json, i: number) => ({ name: `${f}#${i}`, entry: e })),
);

/** The answer `contract` would have received for a recorded exchange. */
function contractAnswer(entry: Json, restRoot: string): { method: string; status: number; headers: Record<string, string>; text: string; json: Json } {
  const headers = new Headers();
  for (const h of entry.response.headers ?? []) headers.append(h.name, h.value);
  const content = entry.response.content ?? {};
  if (!headers.has('content-type') && content.mimeType) headers.set('content-type', content.mimeType);
  const text = content.encoding === 'base64' ? Buffer.from(content.text ?? '', 'base64').toString('utf8') : (content.text ?? '');
  const a = answerWithSpecNames(headers, text, restRoot, FESTIVAL_PLATFORM);
  return { method: entry.request.method, status: entry.response.status, headers: a.headers, text, json: a.json };
}

describe('one judge for contract and validate-har', () => {
  const har = createHarJudge({ doc, mapping: FESTIVAL_PLATFORM, strict: true });
  const ctx = { judge: createJudge({ doc, strict: true }) };
  const judged = entries
    .map(({ name, entry }) => ({ name, entry, v: har.judge(entry) }))
    .filter((j) => j.v.scope === 'in-spec' && typeof j.entry.response?.content?.text === 'string');

  it('has exchanges that conform and exchanges that do not', () => {
    expect(judged.filter((j) => j.v.failures.length === 0).length).toBeGreaterThanOrEqual(5);
    expect(judged.filter((j) => j.v.failures.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('gives the same {pointer, reason} verdicts on every recorded exchange', () => {
    const differ: { name: string; har: Verdict[]; contract: Verdict[] }[] = [];
    for (const { name, entry, v } of judged) {
      const r = restRouteOf(entry.request.url);
      if ('outOfScope' in r) throw new Error(`${name}: ${r.outOfScope}`);
      const op = ops.get(`${v.operation?.method} ${v.operation?.path}`);
      if (!op) throw new Error(`${name}: no operation`);
      // `_fields` (the platform leaves fields out) is a request option both tools honour the same way.
      const fieldsFiltered = r.query.some((p) => p.key === '_fields');
      const answer = contractAnswer(entry, r.restRoot);
      const contract = fieldsFiltered ? ctx.judge.response(op, judgedResponse(answer), { fieldsFiltered }) : judgeAnswer(ctx, op, answer);
      if (JSON.stringify(contract) !== JSON.stringify(v.failures)) differ.push({ name, har: v.failures, contract });
    }
    expect(differ).toEqual([]);
  });
});
