// The contract run: every selected operation of the spec against a live site, read-only by default.
// The run is a sequence of phases (phases/*.ts) that share one explicit run context (`ctx`, built
// here): the site index (mapping chosen from it, drift), the credentials check, the records audit
// before, read probes, write sequences, cleanup and sweep, the records audit after, the summary.
// A deadline, SIGINT or a site that stopped answering stops the phases; the cleanup of created
// records still runs (on its own time budget) and the report is written as a partial one.
import { computeDrift, withSiteNames } from './drift.js';
import { createHttp, RunStopped, WriteRefused, type Credentials } from './http.js';
import { detectMapping, indexMapper, mappingPairs } from './mapping.js';
import { readPhase } from './phases/reads.js';
import { purgeTrashed } from './phases/purge.js';
import { recordsAfter, recordsBefore, sweep } from './phases/records.js';
import { writePhase } from './phases/writes.js';
import { indexRoutes, routeKey } from './routes.js';
import { operations, specNamespaces } from '../../core/spec.js';
import { createJudge } from '../../core/judge.js';
import { isObject, member } from '../../core/json.js';
import type { NameMapping } from '../../core/mapping.js';
import type { OpenApiDoc, Operation } from '../../core/spec.js';
import { resultOf } from './exercise.js';
import {
  errorPart,
  type ContractReport,
  type FinishedReport,
  type Exchange,
  type Http,
  type HttpResult,
  type MapModule,
  type OperationResult,
  type RunContext,
  type RunSummary,
  type WriteLogEntry,
} from './types.js';

export { itemsOf } from './lookup.js';
export { TINY_PNG } from './phases/writes.js';

export class SiteUnreachable extends Error {}
export class CredentialsRejected extends Error {}

/** Time the cleanup of a stopped run may take. */
const CLEANUP_BUDGET_MS = 60_000;

function usage(message: string): Error & { usage: boolean } {
  return Object.assign(new Error(message), { usage: true });
}

/** A unique stamp per run: UTC time to the second plus 24 random bits, one searchable word. */
export function runStamp(now = new Date()): string {
  const rand = Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0');
  return `${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')}r${rand}`;
}

/** Why a request failed, in one line: a failed request's reason, else the error's message. */
const whyFailed = (e: unknown): unknown => errorPart(e, 'reason') ?? errorPart(e, 'message');

/** ` rest_no_route`: an error answer's code with a space before it, or nothing. */
const codeOf = (json: unknown): string => {
  const code = member(json, 'code');
  return code ? ` ${code}` : '';
};

/** GET the index; an answer that is not a REST index is a clear exit-2 error with a hint. */
async function fetchIndex(http: Http): Promise<HttpResult> {
  let index;
  try {
    index = await http.request('GET', '/', { auth: false, wholeBody: true, comment: 'the site index (credentials: anonymous)' });
  } catch (e) {
    if (e instanceof RunStopped) throw e;
    throw new SiteUnreachable(`the site ${http.rootText} is unreachable: ${whyFailed(e)}`);
  }
  const routes = member(index.json, 'routes');
  if (index.status !== 200 || !isObject(index.json) || !routes || typeof routes !== 'object') {
    const hint =
      !http.restRoute && index.status === 404
        ? `; a site without pretty permalinks serves its REST root as ${http.origin}/?rest_route=/ — try --base-url '${http.origin}/?rest_route='`
        : '';
    throw new SiteUnreachable(
      `${http.rootText}/ is not a REST root: GET answered ${index.status} ${index.type || '(no content type)'}${codeOf(index.json)}${hint}`,
    );
  }
  return index;
}

/**
 * One request that needs the credentials: the platform's "who am I" (`/core/v2/users/me` in site
 * names) when the site lists it, else a spec GET that requires credentials. A 401 is a rejection
 * (wrong user or password): the run stops, exit 2, naming the credentials. A 403 means the user is
 * known but lacks a capability, which is not a credentials problem.
 */
async function checkCredentials(ctx: RunContext) {
  const me = ctx.siteRoutes.has(routeKey('/core/v2/users/me'))
    ? '/core/v2/users/me'
    : ctx.allOps.find(
        (x) =>
          x.method === 'get' && !x.path.includes('{') && !ctx.absentNs.has(x.namespace) && !(x.op.security ?? [{}]).some((s) => Object.keys(s).length === 0),
      )?.path;
  if (!me) {
    ctx.report.notes.push('the credentials were not checked: the site has no route that needs them');
    return;
  }
  let res;
  try {
    res = await ctx.http.request('GET', me, { comment: `credentials check (credentials: ${ctx.user})` });
  } catch (e) {
    if (e instanceof RunStopped) throw e;
    throw new SiteUnreachable(`checking the credentials failed: ${whyFailed(e)}`);
  }
  if (res.status === 401) {
    throw new CredentialsRejected(
      `the site rejected the credentials WP_USER=${ctx.user} and WP_APP_PASSWORD: GET ${res.url} answered ${res.status}${codeOf(res.json)}. Check both; WP_APP_PASSWORD must be an application password of that user (Users → Profile → Application Passwords), not the login password`,
    );
  }
  ctx.report.credentialsCheck = { request: `GET ${res.specUrl}`, status: res.status };
}

function selectOperations(ctx: Pick<RunContext, 'allOps' | 'doc'>, o: RunOptions): Operation[] {
  const { allOps, doc } = ctx;
  if (o.operations?.length) {
    const unknown = o.operations.filter((id) => !allOps.some((x) => x.id === id));
    if (unknown.length) throw usage(`unknown operation ${unknown.join(', ')} (not an operationId of the spec)`);
  }
  if (o.namespaces?.length) {
    const known = new Set([...specNamespaces(doc), '(index)']);
    const unknown = o.namespaces.filter((n) => !known.has(n));
    if (unknown.length) throw usage(`unknown namespace ${unknown.join(', ')} (the spec has ${[...known].sort().join(', ')})`);
  }
  if (o.requireNamespaces?.length) {
    const known = new Set([...specNamespaces(doc), '(index)']);
    const unknown = o.requireNamespaces.filter((n) => !known.has(n));
    if (unknown.length) throw usage(`--require-namespace: unknown namespace ${unknown.join(', ')} (the spec has ${[...known].sort().join(', ')})`);
  }
  return allOps.filter((x) => (!o.namespaces?.length || o.namespaces.includes(x.namespace)) && (!o.operations?.length || o.operations.includes(x.id)));
}

/** Namespaces the site doesn't have: confirmed with the namespace root (404 rest_no_route), grouped. */
async function markAbsent(ctx: RunContext) {
  const notReachable: NonNullable<ContractReport['notReachable']> = [];
  ctx.report.notReachable = notReachable;
  for (const ns of ctx.absentNs) {
    const nsOps = ctx.selected.filter((x) => x.namespace === ns);
    if (!nsOps.length) continue;
    let evidence = 'absent from the site index';
    try {
      const r = await ctx.http.request('GET', `/${ns}`, { auth: false, comment: `is the namespace ${ns} there? (credentials: anonymous)` });
      evidence =
        r.status === 404 && member(r.json, 'code') === 'rest_no_route'
          ? `GET /${ns} answered 404 rest_no_route`
          : `absent from the site index; GET /${ns} answered ${r.status}${codeOf(r.json)}`;
    } catch (e) {
      if (e instanceof RunStopped) throw e;
      evidence = `absent from the site index (${whyFailed(e)})`;
    }
    notReachable.push({ namespace: ns, operations: nsOps.length, evidence });
    for (const x of nsOps) Object.assign(resultOf(ctx, x.key), { verdict: 'not-reachable', reason: `not reachable on this site: ${evidence}` });
  }
}

/** What a contract run is given (contract.ts `main` builds it). */
export interface RunOptions {
  /** The bundle. */
  doc: OpenApiDoc;
  specFile?: string;
  baseUrl: string;
  /** The mapping module. */
  map: MapModule;
  /** Explicit mapping pairs (--map, config): override the detected ones. */
  mapPairs?: string[];
  credentials?: Credentials;
  /** Spec namespaces to check (default all). */
  namespaces?: string[];
  /** OperationIds to check (default all). */
  operations?: string[];
  /** Spec namespaces that must be on the site and checked (else the run fails). */
  requireNamespaces?: string[];
  strict?: boolean;
  allowWrites?: boolean;
  /** Only the index and the drift report. */
  driftOnly?: boolean;
  timeoutMs?: number;
  maxBodyBytes?: number;
  deadlineMs?: number;
  /** Stops the run (SIGINT). */
  signal?: AbortSignal;
  /** Stops the cleanup too. */
  hardSignal?: AbortSignal;
  progress?: (line: string) => void;
  phase?: (line: string) => void;
  info?: (line: string) => void;
  /** Every exchange (HAR). */
  onExchange?: (exchange: Exchange) => void;
  fetch?: typeof fetch;
}

/** The run context before the phases start: the report, the required namespaces and the cleanup's entry come with them. */
type ContextBase = Omit<RunContext, 'report' | 'requiredNamespaces' | 'enterCleanup'>;

/** What createContext is made from besides the options. */
interface ContextParts {
  http: Http;
  map: MapModule;
  mapping: NameMapping;
  /** The site's index as it answered (the site's names), checked to be an object with routes. */
  rawIndex: unknown;
  stamp: string;
  stop: (why: string) => void;
  phase: (line: string) => void;
  writeLog: WriteLogEntry[];
  indexAnswer: HttpResult | undefined;
}

/** The run context every phase receives. */
function createContext(o: RunOptions, { http, map, mapping, rawIndex, stamp, stop, phase, writeLog, indexAnswer }: ContextParts): ContextBase {
  const { doc } = o;
  const allOps = operations(doc);
  const mapper = indexMapper(rawIndex, map, mapping);
  const routes = indexRoutes(rawIndex, mapper);
  // The index with spec names, as far as the run reads it (the routes are read through `routes`).
  const siteIndex = { url: member(rawIndex, 'url'), home: member(rawIndex, 'home'), namespaces: mapper.namespaces };
  const ctx: ContextBase = {
    doc,
    map,
    mapping,
    http,
    strict: Boolean(o.strict),
    allowWrites: Boolean(o.allowWrites),
    user: o.credentials?.user,
    judge: createJudge({ doc, strict: Boolean(o.strict) }),
    allOps,
    opByKey: new Map(allOps.map((x) => [x.key, x])),
    getByRoute: new Map(allOps.filter((x) => x.method === 'get').map((x) => [routeKey(x.path), x])),
    siteIndex,
    siteRoutes: routes.byKey,
    indexRoutes: routes,
    absentNs: new Set(),
    selected: [],
    results: new Map(),
    stamp,
    marker: `contract-run ${stamp}`,
    listCache: new Map(),
    writeLog,
    cleanup: [],
    idsBefore: {},
    counted: [],
    done: 0,
    records: { before: undefined, after: undefined, created: [], removed: [], trashed: [], leftBehind: [], suspects: [], foreignRecords: [] },
    progress: o.progress ?? (() => {}),
    phase,
    stop,
    indexAnswer,
  };
  return ctx;
}

/** Run `fn`; a stop (RunStopped) ends it quietly, anything else is thrown. */
type Guard = (fn: () => Promise<unknown>) => Promise<void>;

/** Writes (and their cleanup, sweep and audit) of a run with --allow-writes. */
async function writeRun(ctx: RunContext, writes: Operation[], guard: Guard) {
  if (!ctx.http.hasCredentials) ctx.report.notes.push('--allow-writes without credentials (WP_USER, WP_APP_PASSWORD): only refusals can be checked');
  try {
    await guard(() => writePhase(ctx, writes));
  } finally {
    ctx.phase(`cleanup: ${ctx.cleanup.length} records`);
    await ctx.enterCleanup();
    for (const c of ctx.cleanup.reverse()) {
      try {
        await c();
      } catch (e) {
        ctx.report.notes.push(`cleanup step failed: ${errorPart(e, 'message')}`);
      }
    }
    try {
      await sweep(ctx);
      await purgeTrashed(ctx);
      await recordsAfter(ctx);
    } catch (e) {
      ctx.report.notes.push(`the records audit after the run did not finish: ${errorPart(e, 'message')}`);
      for (const c of ctx.records.created)
        if (!ctx.records.removed.some((r) => r.path === c.path) && !ctx.records.trashed.some((r) => r.path === c.path))
          ctx.records.leftBehind.push({ record: c.path, title: c.title });
    }
  }
}

/** Run a contract (or drift) check of a site against the spec; returns the report. */
export async function runContract(o: RunOptions): Promise<FinishedReport> {
  const started = new Date();
  const stamp = runStamp(started);
  const { map } = o;
  const controller = new AbortController();
  const stop = (reason: string) => {
    if (!controller.signal.aborted) controller.abort(new Error(reason));
  };
  const onAbort = () => stop('interrupted (SIGINT)');
  o.signal?.addEventListener('abort', onAbort);
  if (o.signal?.aborted) onAbort();
  const deadlineMs = o.deadlineMs;
  const timer = deadlineMs ? setTimeout(() => stop(`the deadline of ${deadlineMs / 1000} s was reached`), deadlineMs) : undefined;
  timer?.unref?.();
  const writeLog: WriteLogEntry[] = [];
  const httpOpts = {
    baseUrl: o.baseUrl,
    map,
    credentials: o.credentials,
    allowWrites: Boolean(o.allowWrites),
    fetch: o.fetch,
    timeoutMs: o.timeoutMs,
    maxBodyBytes: o.maxBodyBytes,
    signal: controller.signal,
    onExchange: o.onExchange,
    onRequest: (m: string, p: string) => {
      if (m !== 'GET' && m !== 'HEAD') writeLog.push({ method: m, path: p });
    },
  };
  try {
    const indexRes = await fetchIndex(createHttp({ ...httpOpts, mapping: map.IDENTITY }));
    const rawIndex = indexRes.json;
    const { mapping, detected, explicit } = detectMapping(rawIndex, map, o.mapPairs ?? []);
    o.info?.(
      `mapping: ${mappingPairs(mapping).join(', ') || "none (the site uses the spec's names)"}${detected.length ? ` (detected from the site index: ${detected.join(', ')}${explicit.length ? `; --map: ${explicit.join(', ')}` : ''})` : explicit.length ? ' (from --map)' : ''}`,
    );
    const http = createHttp({ ...httpOpts, mapping });
    // An index over 1 MB is fetched once: its anonymous check reuses this answer (kept with site names, as any body over 1 MB).
    const indexAnswer = indexRes.text.length > 1_000_000 ? indexRes : undefined;
    const ctx = createContext(o, { http, map, mapping, rawIndex, stamp, stop, phase: o.phase ?? (() => {}), writeLog, indexAnswer });
    return await runPhases(ctx, o, { started, detected, controller });
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
  }
}

/** The report as the phases start it (the phases and `finish` add the rest). */
function startReport(
  ctx: ContextBase,
  o: RunOptions,
  { started, detected, drift }: { started: Date; detected: string[]; drift: ContractReport['drift'] },
): ContractReport {
  return {
    tool: 'festival-site-api contract',
    startedAt: started.toISOString(),
    baseUrl: ctx.http.rootText,
    restRoute: ctx.http.restRoute || undefined,
    spec: { file: o.specFile, title: ctx.doc.info?.title, version: ctx.doc.info?.version },
    mapping: ctx.mapping,
    mappingDetected: detected,
    strict: ctx.strict,
    allowWrites: ctx.allowWrites,
    credentials: ctx.http.hasCredentials ? 'from environment (WP_USER)' : 'none',
    limits: { timeoutMs: ctx.http.timeoutMs, maxBodyBytes: ctx.http.maxBodyBytes, deadlineMs: o.deadlineMs },
    marker: ctx.allowWrites ? ctx.marker : undefined,
    operations: [],
    records: undefined,
    drift,
    notes: [],
  };
}

async function runPhases(
  base: ContextBase,
  o: RunOptions,
  { started, detected, controller }: { started: Date; detected: string[]; controller: AbortController },
) {
  const drift = computeDrift(
    base.doc,
    { namespaces: base.siteIndex.namespaces },
    { mapNamespace: (ns: string) => base.map.mapNamespace(ns, base.mapping, 'toSpec'), routes: base.indexRoutes },
  );
  // Computed with the spec's names; the site's names beside them for the reports (D185).
  const { map, mapping } = base;
  if (!map.isIdentity(mapping))
    withSiteNames(drift, {
      route: (r) => map.mapPath(r, mapping, 'toSite'),
      param: (p) => map.mapParam(p, mapping, 'toSite'),
      namespace: (ns) => map.mapNamespace(ns, mapping, 'toSite'),
    });
  for (const x of drift.specNamespacesAbsent) base.absentNs.add(x.namespace);
  base.selected = selectOperations(base, o);
  const requiredNamespaces = [...new Set(o.requireNamespaces ?? [])];
  base.results = new Map(
    base.selected.map((x): [string, OperationResult] => [
      x.key,
      { id: x.id, method: x.method.toUpperCase(), path: x.path, namespace: x.namespace, checks: [] },
    ]),
  );
  const enterCleanup = async () => {
    if (!controller.signal.aborted) return;
    // The phases were stopped: the cleanup gets its own time (a second SIGINT ends it too).
    const budget = AbortSignal.timeout(CLEANUP_BUDGET_MS);
    base.http.setSignal(o.hardSignal ? AbortSignal.any([budget, o.hardSignal]) : budget);
  };
  const ctx: RunContext = Object.assign(base, { requiredNamespaces, report: startReport(base, o, { started, detected, drift }), enterCleanup });
  if (o.driftOnly) {
    ctx.report.driftOnly = true;
    return finish(ctx);
  }
  const guard: Guard = async (fn) => {
    try {
      await fn();
    } catch (e) {
      if (!(e instanceof RunStopped)) throw e;
    }
  };
  await guard(async () => {
    if (ctx.http.hasCredentials) await checkCredentials(ctx);
    await markAbsent(ctx);
  });
  const writes = ctx.selected.filter((x) => x.method !== 'get' && !ctx.absentNs.has(x.namespace));
  if (ctx.allowWrites && writes.length) await guard(() => recordsBefore(ctx));
  await guard(() => readPhase(ctx));
  if (!ctx.allowWrites) {
    for (const x of writes)
      Object.assign(resultOf(ctx, x.key), { verdict: 'skipped', reason: 'write operation: not run without --allow-writes (read-only run)' });
  } else if (writes.length && !controller.signal.aborted) {
    await writeRun(ctx, writes, guard);
  }
  if (controller.signal.aborted) ctx.report.stopped = String(errorPart(controller.signal.reason, 'message') ?? controller.signal.reason);
  return finish(ctx);
}

/**
 * A run that checks nothing does not pass (issue 23, D116): when no selected operation was checked
 * against the site, and for every namespace of --require-namespace that the site lacks or in which
 * nothing was checked, one clear line goes into `report.scopeProblems` (the run then fails).
 */
function scopeVerdict(ctx: RunContext, report: ContractReport, summary: RunSummary) {
  const problems = [];
  const evidence = (ns: string) => report.notReachable?.find((x) => x.namespace === ns)?.evidence;
  if (summary.checked === 0 && !report.stopped) {
    const nss = [...new Set(report.operations.map((x) => x.namespace))].sort();
    const absent = nss.filter((ns) => ctx.absentNs.has(ns));
    const why = !report.operations.length
      ? 'no operation was selected'
      : absent.length === nss.length
        ? `the site has none of the requested namespaces: ${absent.map((ns) => `${ns} (${evidence(ns) ?? 'absent from the site index'})`).join(', ')}`
        : `every selected operation was skipped or not reachable (${summary.skipped} skipped, ${summary.notReachable} not reachable)${report.operations.some((x) => x.verdict === 'skipped' && /--allow-writes/.test(x.reason ?? '')) ? '; write operations need --allow-writes' : ''}`;
    problems.push(`nothing was checked: ${why}`);
  }
  for (const ns of ctx.requiredNamespaces ?? []) {
    if (ctx.absentNs.has(ns)) problems.push(`required namespace ${ns} is not on this site: ${evidence(ns) ?? 'absent from the site index'}`);
    else if (!report.operations.some((x) => x.namespace === ns && (x.verdict === 'passed' || x.verdict === 'failed')))
      problems.push(
        `required namespace ${ns}: no operation of it was checked${report.operations.some((x) => x.namespace === ns) ? '' : ' (none selected: see --namespace and --operation)'}`,
      );
  }
  report.scopeProblems = problems;
}

/** Verdicts and totals. */
function finish(ctx: RunContext): FinishedReport {
  const { report } = ctx;
  for (const r of ctx.results.values()) {
    if (!r.verdict) {
      if (!r.checks.length)
        Object.assign(r, { verdict: 'skipped', reason: r.reason ?? (report.stopped ? `not run: the run stopped (${report.stopped})` : 'not exercised') });
      else {
        r.verdict = r.checks.every((c) => c.ok) ? 'passed' : 'failed';
        delete r.reason;
      }
    } else if (r.checks.some((c) => !c.ok)) r.verdict = 'failed';
  }
  const operations = [...ctx.results.values()];
  report.operations = operations;
  report.finishedAt = new Date().toISOString();
  report.requests = ctx.http.count;
  const count = (v: string) => operations.filter((x) => x.verdict === v).length;
  const probes = operations.flatMap((x) => x.checks.filter((c) => c.kind === 'probe'));
  const passed = count('passed');
  const failed = count('failed');
  const summary: RunSummary = {
    operations: operations.length,
    passed,
    failed,
    notReachable: count('not-reachable'),
    skipped: count('skipped'),
    checks: operations.reduce((n, x) => n + x.checks.length, 0),
    probes: probes.length,
    probesFailed: probes.filter((c) => !c.ok).length,
    leftBehind: report.records?.leftBehind?.length ?? 0,
    foreignWrites: report.records?.foreignWrites?.length ?? 0,
    suspects: report.records?.suspects?.length ?? 0,
    foreignRecords: report.records?.foreignRecords?.length ?? 0,
    // Operations really checked against the site: those with at least one request judged.
    checked: passed + failed,
  };
  const finished: FinishedReport = Object.assign(report, { summary });
  if (!finished.driftOnly) scopeVerdict(ctx, finished, summary);
  finished.ok =
    !finished.stopped &&
    summary.failed === 0 &&
    summary.leftBehind === 0 &&
    summary.foreignWrites === 0 &&
    summary.foreignRecords === 0 &&
    !finished.scopeProblems?.length;
  return finished;
}

export { WriteRefused };
