// Phase: read probes. Every selected GET of a namespace the site has, on real ids from the site's own
// lists: as the configured user, anonymously, with context=edit, then the negative probes the site's
// own index declares validation for (missing required parameter, wrong type, out-of-range per_page,
// bad enum, non-existent id or slug).
import { exercise, NO_SUCH_ID, record, resultOf } from '../exercise.js';
import { requiredQuery, resolvePath, siteArgs, siteHas, type PathValues } from '../lookup.js';
import { asArray, at, member } from '../../../core/json.js';
import { schemaBounds, schemaEnum, schemaTypes } from '../../../core/spec.js';
import type { Operation, Parameter } from '../../../core/spec.js';
import type { RunContext } from '../types.js';

export { NO_SUCH_ID };

/**
 * The statuses an operation documents for an id or slug that matches no record: its
 * `x-unknown-id-status` (the calendar validates ids in the route: 400), else 404.
 */
export function unknownIdStatus(ctx: Pick<RunContext, 'opByKey'>, key: string): number[] {
  const op = ctx.opByKey.get(key)?.op;
  const listed = asArray(op?.['x-unknown-id-status']);
  return listed?.length && listed.every((n): n is number => Number.isInteger(n)) ? listed : [404];
}
const SCALAR: string[] = ['integer', 'number', 'boolean'];

/** The operation's security requirements: its own, else the document's. */
const requirements = (ctx: Pick<RunContext, 'doc'>, x: Operation) => x.op.security ?? ctx.doc.security ?? [{}];

/** Whether anyone may call the operation (an empty requirement in its `security`). */
export const isOpen = (ctx: Pick<RunContext, 'doc'>, x: Operation): boolean => requirements(ctx, x).some((s) => Object.keys(s).length === 0);

/**
 * Whether the operation takes only the login cookie with a REST nonce: its `security` lists the
 * `cookie-nonce` scheme and nothing else (an add-on route that checks the nonce itself or in its
 * permission check). The scheme's description says what an application password gets there: a
 * refusal, never the route's work (`appPasswordRefused`).
 */
export function nonceOnly(ctx: Pick<RunContext, 'doc'>, x: Operation): boolean {
  const reqs = requirements(ctx, x);
  return reqs.length > 0 && reqs.every((s) => Object.keys(s).length === 1 && Object.keys(s)[0] === 'cookie-nonce');
}

/**
 * Send a request of a cookie-nonce-only operation (`nonceOnly`) with the configured application
 * password and check the refusal the `cookie-nonce` scheme documents: 403 (`rest_forbidden` from
 * the permission check, `invalid_nonce` from the route's code), or HTTP 200 whose body is the
 * add-on's envelope with `success: false`; each only where the operation documents that status.
 */
export async function appPasswordRefused(
  ctx: RunContext,
  x: Operation,
  values: PathValues,
  req: { query?: Record<string, unknown>; body?: Record<string, unknown> },
  label: string,
) {
  const expect = [403, 200].filter((s) => x.op.responses?.[String(s)] !== undefined);
  const res = await exercise(ctx, x.key, values, { ...req, auth: true }, { expect, label, kind: 'probe' });
  if (res?.status === 200 && member(res.json, 'success') !== false)
    record(ctx, x, undefined, {
      label: `${label}: refused`,
      kind: 'probe',
      errors: [
        `${x.method.toUpperCase()} ${x.path} answered an application password 200 without \`success: false\`: the operation takes only the login cookie and a REST nonce (security: cookie-nonce), so it must refuse`,
      ],
    });
}

/** `v.length` as a read of any value gives it (a string's or an array's; an object's own member; else undefined). */
const lengthOf = (v: unknown): unknown => (typeof v === 'string' || Array.isArray(v) ? v.length : member(v, 'length'));

/** Negative probes on one read, limited to validation the site declares for the parameter. */
async function readProbes(ctx: RunContext, x: Operation, values: PathValues, query: Record<string, unknown>) {
  const { doc } = ctx;
  const args = siteArgs(ctx, x) ?? {};
  const known = (p: Parameter) => p.in === 'path' || p.name in args;
  const qp = x.params.filter((p) => p.in === 'query' && known(p));
  // A parameter the platform does not validate (`x-not-validated`) gets no wrong-value probe.
  const validated = (p: Parameter) => p['x-not-validated'] !== true;
  // The site's `type`: a list, or one value (any value the site wrote).
  const none: unknown[] = [];
  const siteType = (p: Parameter): unknown[] => none.concat(member(args[p.name], 'type') ?? []);
  const isScalar = (t: unknown) => typeof t === 'string' && SCALAR.includes(t);
  const siteEnum = (p: Parameter) => at(args, p.name, 'enum') ?? at(args, p.name, 'items', 'enum');
  // A probe's label names the parameter as the request sent it (the site's name: wpml_language).
  const sent = (name: string) => ctx.map.mapParam(name, ctx.mapping, 'toSite');
  const probe = (label: string, q: Record<string, unknown>, expect: number | number[], pv = values) =>
    exercise(ctx, x.key, pv, { query: q, auth: true }, { expect, label, kind: 'probe' });
  const missing = qp.find((p) => p.required);
  if (missing) await probe(`probe: missing required ${sent(missing.name)}`, await requiredQuery(ctx, x, missing.name), 400);
  const typed = qp.find(
    (p) =>
      validated(p) &&
      !p.required &&
      SCALAR.some((t) => schemaTypes(p.schema, doc).includes(t)) &&
      !schemaTypes(p.schema, doc).includes('string') &&
      siteType(p).some(isScalar) &&
      !siteType(p).includes('string'),
  );
  if (typed) await probe(`probe: wrong type ${sent(typed.name)}=not-a-number`, { ...query, [typed.name]: 'not-a-number' }, 400);
  const per = qp.find((p) => p.name === 'per_page');
  const max = per && schemaBounds(per.schema, doc).maximum;
  if (max !== undefined) await probe(`probe: out-of-range per_page=${max + 1}`, { ...query, per_page: max + 1 }, 400);
  const en = qp.find(
    (p) => validated(p) && !p.required && p.name !== 'per_page' && typeof (schemaEnum(p.schema, doc) ?? [])[0] === 'string' && lengthOf(siteEnum(p) ?? []),
  );
  if (en) await probe(`probe: bad enum ${sent(en.name)}=not-a-valid-value`, { ...query, [en.name]: 'not-a-valid-value' }, 400);
  const idParams = x.params.filter((p) => p.in === 'path' && validated(p) && schemaTypes(p.schema, doc).includes('integer'));
  // A cookie-nonce-only operation refuses an application password before it looks for the record.
  const unknown = (pv: PathValues, label: string) =>
    ctx.http.hasCredentials && nonceOnly(ctx, x)
      ? appPasswordRefused(ctx, x, pv, { query }, `${label} (application password: refused first)`)
      : probe(label, query, unknownIdStatus(ctx, x.key), pv);
  for (const idParam of idParams) await unknown({ ...values, [idParam.name]: NO_SUCH_ID }, `probe: non-existent ${idParam.name}=${NO_SUCH_ID}`);
  if (!idParams.length) {
    const slug = x.params.find((p) => p.in === 'path' && p.name === 'slug');
    if (slug) await unknown({ ...values, slug: `no-such-slug-${ctx.stamp}` }, 'probe: non-existent slug');
  }
}

/** Run every selected read of a namespace the site has. */
export async function readPhase(ctx: RunContext) {
  const reads = ctx.selected.filter((x) => x.method === 'get' && !ctx.absentNs.has(x.namespace));
  ctx.phase(`reads: ${reads.length} operations`);
  for (const x of reads) {
    const r = resultOf(ctx, x.key);
    // A route of a namespace the site has, which its index does not list (the calendar's post types
    // on a site without the calendar): not on this site, never a failure.
    if (!siteHas(ctx, 'GET', x.path)) {
      Object.assign(r, { verdict: 'not-reachable', reason: "not on this site: the site's index does not list this route" });
      continue;
    }
    const resolved = await resolvePath(ctx, x.path);
    if (!resolved.values) {
      r.reason = `no real id: ${resolved.why}${ctx.allowWrites ? '' : ' (a run with --allow-writes checks it on a record it creates)'}`;
      continue;
    }
    const query = await requiredQuery(ctx, x);
    const open = isOpen(ctx, x);
    const creds = ctx.http.hasCredentials;
    // The configured user's credentials are an application password: a cookie-nonce-only operation refuses it.
    const refused = creds && nonceOnly(ctx, x);
    if (refused)
      await appPasswordRefused(
        ctx,
        x,
        resolved.values,
        { query },
        'GET as the configured user (application password: refused, the operation takes the login cookie and a nonce only)',
      );
    else
      await exercise(
        ctx,
        x.key,
        resolved.values,
        { query, auth: true },
        { expect: creds || open ? 200 : 401, label: creds ? 'GET as the configured user' : 'GET anonymous' },
      );
    if (creds) {
      await exercise(ctx, x.key, resolved.values, { query, auth: false }, { expect: open ? undefined : [401], label: 'GET anonymous' });
      const ctxParam = x.params.find((p) => p.name === 'context' && p.in === 'query');
      if (!refused && ctxParam && (schemaEnum(ctxParam.schema, ctx.doc) ?? []).includes('edit')) {
        await exercise(
          ctx,
          x.key,
          resolved.values,
          { query: { ...query, context: 'edit' }, auth: true },
          { expect: 200, label: 'GET context=edit as the configured user' },
        );
      }
    }
    await readProbes(ctx, x, resolved.values, query);
  }
}
