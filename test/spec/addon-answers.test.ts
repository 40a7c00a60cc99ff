// The add-ons' answers as the products give them (issue 33 §2, DECISIONS D190-D193): every add-on
// operation (not a namespace root) has the answer, the security and the stated source that
// test/fixtures/addons/operations.json lists for it (transcribed from the fact sheet and the recorded
// exchanges: `rec` recorded, `fact` observed on a real site or read in a product that ran, `source`
// read from source only); an operation loses its typed body, its auth class or its source sentence
// and this fails. The recorded add-on exchanges (test/fixtures/har/festival-stack-addons.har) all
// conform to the spec under --strict, with the products' names mapped to the spec's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarJudge } from '../../cli/lib/har-judge.ts';
import { FESTIVAL_PLATFORM, parseMapping } from '../../core/mapping.ts';
import { DEFAULT_SPEC, loadBundle } from '../../core/spec.ts';
import { errorCatalogue } from '../../scripts/error-catalogue.ts';
import { bundle, deref, operations, PUBLIC, REQUIRED, ROOT, type Json, type Operation } from '../support/spec.js';
import { check } from '../support/validate.js';

interface Expected {
  route: string;
  source: 'rec' | 'fact' | 'source';
  auth: 'A' | 'B' | 'C' | 'CW' | 'P';
  answer: string;
}
const expected: Record<string, Expected> = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/addons/operations.json'), 'utf8'));
const doc = bundle();
const ADDON = /^\/(ml|installer|forms|connector|crosssell|survey|builder|builderx|slider|theme)(\/|$)/;
const ROOTS = /^\/(ml(\/(st|tm|ate))?|installer|forms|connector|crosssell|survey|builder|builderx|theme)\/v1$/;
const ops = operations(doc).filter((o) => ADDON.test(o.path) && !ROOTS.test(o.path));
/** PUT and PATCH are made from their POST (x-update-methods): they carry its expectations. */
const expectOf = (o: Operation): Expected | undefined =>
  expected[o.id] ?? Object.values(expected).find((e) => e.route === `post ${o.path}` && ['put', 'patch'].includes(o.method));
const COOKIE_ONLY = [{ 'cookie-nonce': [] }];
const SECURITY = { A: REQUIRED, B: COOKIE_ONLY, C: COOKIE_ONLY, CW: COOKIE_ONLY, P: PUBLIC };
const SOURCE = {
  rec: /Described from the exchanges recorded on a real site that runs the add-on\./,
  fact: /Described from the add-on's behaviour on a real site and its source/,
  source: /Read from the add-on's source, not observed/,
};
/** A description as one line (the bundle keeps the source's line breaks). */
const text = (o: Operation) => String(o.op.description).replace(/\s+/g, ' ');
const ref = (r: Json) =>
  String(r?.$ref ?? '')
    .split('/')
    .pop();

describe('add-on answers: every operation as the product gives it', () => {
  it('the list names every add-on operation, and only those', () => {
    expect(ops.length).toBeGreaterThan(100);
    for (const o of ops) expect(expectOf(o), `${o.method} ${o.path}`).toBeDefined();
    const ids = new Set(ops.map((o) => o.id));
    for (const id of Object.keys(expected)) expect(ids.has(id), id).toBe(true);
  });

  it('each answers the listed 200 response: a typed one wherever a fact gives the body', () => {
    for (const o of ops) expect(ref(o.op.responses['200']), `${o.method} ${o.path}`).toBe(expectOf(o)!.answer);
    const typed = ops.filter((o) => expectOf(o)!.answer !== 'AddonUndocumented');
    expect(typed.length).toBeGreaterThanOrEqual(70);
  });

  it('each says how it authenticates, as the product enforces it (classes A, B, C, public)', () => {
    for (const o of ops) {
      const e = expectOf(o)!;
      expect(o.op.security, `${o.method} ${o.path}`).toEqual(SECURITY[e.auth]);
      if (e.auth === 'B') expect(text(o)).toMatch(/application password is refused with 403 `rest_forbidden`/);
      if (e.auth === 'C') expect(text(o)).toMatch(/checks the REST nonce itself/);
      if (e.auth === 'CW') expect(text(o)).toMatch(/checks the `X-WP-Nonce` header itself/);
      if (e.auth === 'P') expect(text(o)).toMatch(/Public/);
      else for (const c of ['401', '403']) expect(o.op.responses[c], `${o.method} ${o.path} ${c}`).toBeDefined();
    }
  });

  it('each description names its source; what was read from source says it was not observed', () => {
    for (const o of ops) expect(text(o), `${o.method} ${o.path}`).toMatch(SOURCE[expectOf(o)!.source]);
    for (const ns of ['builder', 'builderx', 'slider', 'theme'])
      for (const o of ops.filter((x) => x.path.startsWith(`/${ns}/`))) expect(expectOf(o)!.source, o.id).toBe('source');
  });

  it('every example of every add-on response (success and error) is valid against its schema, closed', () => {
    let n = 0;
    for (const o of ops)
      for (const [status, r] of Object.entries<Json>(o.op.responses)) {
        for (const [type, media] of Object.entries<Json>(deref(r).content ?? {})) {
          if (media['x-undocumented-body']) continue;
          const exs = Object.values<Json>(media.examples ?? {}).map((e) => deref(e));
          expect(exs.length, `${o.id} ${status} ${type}`).toBeGreaterThan(0);
          for (const e of exs) {
            expect(check(media.schema, e.value, { strict: true }), `${o.id} ${status} ${e.summary}`).toEqual([]);
            n++;
          }
        }
      }
    expect(n).toBeGreaterThan(300);
  });

  it("the non-envelope error bodies are typed: a bare string, integer codes with data null, 200 {success:false}, 400 and 403 of the add-ons' own", () => {
    const media = (id: string, status: string) => deref(ops.find((o) => o.id === id)!.op.responses[status]).content['application/json'];
    expect(deref(media('getMlPosts', '500').schema).type).toBe('string');
    const tm = media('getMlTmAteJobsReceiveMlJobId', '500');
    expect(check(tm.schema, { code: 422, message: '', data: null }, { strict: true })).toEqual([]);
    expect(
      check(media('postSurveyRating', '200').schema, { success: false, data: { data: 'Nonce verification failed.', status: false } }, { strict: true }),
    ).toEqual([]);
    expect(check(media('getInstallerPushFetchSubscription', '403').schema, { message: 'OK' }, { strict: true })).toEqual([]);
    expect(
      check(
        media('postCrosssellPlugincrosssellInstallPlugin', '400').schema,
        { success: false, message: 'x', data: { message: 'x', success: false } },
        { strict: true },
      ),
    ).toEqual([]);
    // A field the product does not send is still refused (the envelopes' bases are closed where used).
    expect(check(media('postSurveyRating', '200').schema, { success: true, data: { status: true }, extra: 1 }, { strict: true })).not.toEqual([]);
    const empty = deref(ops.find((o) => o.id === 'postMlUpdates')!.op.responses['200']);
    expect(empty.content).toBeUndefined();
  });

  it("the error catalogue lists the add-ons' integer codes and code-less error bodies", () => {
    const rows = errorCatalogue(doc);
    const has = (kind: string, code: string, status: number) => rows.some((r) => r.kind === kind && r.code === code && r.status === status);
    expect(has('integer', '422', 500)).toBe(true);
    expect(has('body', 'AddonErrorText', 500)).toBe(true);
    expect(has('body', 'AddonInstallerMessage', 403)).toBe(true);
    expect(has('body', 'AddonCrossSellError', 400)).toBe(true);
    expect(has('code', 'gt_rest_cannot_access', 401)).toBe(true);
    expect(has('code', 'invalid_nonce', 403)).toBe(true);
  });
});

describe('add-on answers: the recorded exchanges conform', () => {
  // The products' names, as the recording's README lists them (the calendar's and core's are the defaults).
  const mapping = parseMapping(
    [
      'ml/v1=wpml/v1',
      'ml/st/v1=wpml/st/v1',
      'ml/tm/v1=wpml/tm/v1',
      'ml/ate/v1=wpml/ate/v1',
      'installer/v1=otgs/installer/v1',
      'forms/v1=forminator/v1',
      'connector/v1=hub-connector/v1',
      'crosssell/v1=wpmudev_pcs/v1',
      'survey/v1=nps-survey/v1',
      'ml_job_id=wpml_job_id',
      'mlJobId=wpmlJobId',
    ],
    FESTIVAL_PLATFORM,
  );
  const entries: unknown[] = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/har/festival-stack-addons.har'), 'utf8')).log.entries;

  it('every recorded add-on exchange on a route of the spec conforms under --strict', () => {
    const judge = createHarJudge({ doc: loadBundle(DEFAULT_SPEC), mapping, strict: true }).judge;
    expect(entries.length).toBe(169);
    const verdicts = entries.map((e) => judge(e));
    const inScope = verdicts.filter((v) => v.scope === 'in-spec');
    // Out of scope: only routes the spec leaves out on purpose (D22: vendor-named; `proxy` is no route).
    expect(inScope.length).toBe(163);
    const bad = inScope.filter((v) => v.failures.length > 0).map((v) => `${v.operation?.id} ${v.status}: ${JSON.stringify(v.failures)}`);
    expect(bad).toEqual([]);
    const ids = new Set(inScope.map((v) => v.operation?.id));
    for (const id of [
      'getMlStStrings',
      'getMlTmAteJobsReceiveMlJobId',
      'postSurveyRating',
      'postCrosssellPlugincrosssellInstallPlugin',
      'getFormsPreviewQuizzes',
    ])
      expect(ids.has(id), id).toBe(true);
  });
});
