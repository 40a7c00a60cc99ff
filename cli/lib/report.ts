// Reports of a contract run: a text summary per namespace and operation, JUnit XML, JSON and a
// self-contained HTML page (no external assets).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFinding, type DriftFinding, type DriftSummary } from './drift.js';
import { junitDocument, type JunitCase, type JunitSuite } from './junit.js';
import type { Check, FinishedReport, OperationResult, RunRecords, RunSummary } from './types.js';

/**
 * The drift report as the reports read it (drift.ts `DriftReport`); its findings as `describeFinding`
 * reads them, any member possibly missing.
 */
export interface DriftView {
  specNamespacesAbsent: { namespace: string; siteNamespace?: string; routes: number }[];
  siteOtherNamespaces: { namespace: string; routes: string[] }[];
  paramsAbsentFromSite: { param: string; siteParam?: string; known?: string }[];
  routes: { siteOnly: SiteNamed[]; specOnly: SiteNamed[] };
  methods: { siteOnly: (SiteNamed & { method: unknown })[]; specOnly: (SiteNamed & { method: unknown })[] };
  params: Partial<DriftFinding>[];
  unparseableRoutes?: { key: string; error: string }[];
  summary?: DriftSummary;
}

/** A route of the drift report: the spec's name, and the site's when a name mapping renames it (drift.ts `withSiteNames`). */
interface SiteNamed {
  route: string;
  siteRoute?: string;
}

/** A drift report's route, namespace and parameter as the site names them: the reports speak the site's naming (D185). */
const routeOf = (x: Partial<SiteNamed>) => x.siteRoute ?? x.route;
const nsOf = (x: { namespace: string; siteNamespace?: string }) => x.siteNamespace ?? x.namespace;
const paramOf = (x: { param?: string; siteParam?: string }) => x.siteParam ?? x.param;

/** The report of a contract or drift run as the reports read it: the runner's (types.ts `FinishedReport`). */
export type ReportView = Pick<FinishedReport, 'baseUrl' | 'startedAt' | 'operations' | 'summary'> &
  Partial<Pick<FinishedReport, 'requests' | 'spec' | 'strict' | 'allowWrites' | 'driftOnly' | 'records' | 'notes' | 'scopeProblems' | 'stopped'>> & {
    drift?: DriftView;
  };

/** What the JUnit XML reads of a report. */
export type ContractJunitReport = Pick<ReportView, 'baseUrl' | 'startedAt' | 'operations' | 'scopeProblems'> & {
  summary: Pick<RunSummary, 'operations' | 'failed' | 'skipped' | 'notReachable'>;
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escape text for HTML: the five special characters, and every character XML 1.0 does not allow (C0
 * controls but tab, newline and CR; lone surrogates; U+FFFE, U+FFFF) or a reader could misread (DEL,
 * C1) shown as a visible `\uXXXX`, so the HTML is escaped whatever a site answers (issue 23, D115).
 * The JUnit XML is written by a library (junit.ts, D147).
 */
const esc = (s: unknown) =>
  String(s ?? '')
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
const VERDICT: Record<string, string | undefined> = { passed: 'passed', failed: 'FAILED', 'not-reachable': 'not reachable on this site', skipped: 'skipped' };

/** `s` padded with spaces to `n` characters (the text tables). */
export function pad(value: unknown, n: number) {
  const s = String(value);
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function recordLines(r: RunRecords, w: number) {
  const lines = [
    '',
    `records: created ${r.created.length}, removed ${r.removed.length}, trashed ${r.trashed.length}, left behind ${r.leftBehind.length}${r.suspects?.length ? `, ${r.suspects.length} suspects not touched` : ''}${r.foreignRecords?.length ? `, ${r.foreignRecords.length} records of others answered by the site (FAILED, not touched)` : ''}`,
  ];
  for (const [p, n] of Object.entries(r.before ?? {})) lines.push(`  ${pad(p, w)} before ${n}  after ${r.after?.[p]}`);
  for (const l of r.leftBehind) lines.push(`  LEFT BEHIND: ${JSON.stringify(l)}`);
  for (const f of r.foreign ?? [])
    lines.push(
      `  changed by other clients during the run: ${f.collection} appeared ${JSON.stringify(f.appeared)} disappeared ${JSON.stringify(f.disappeared)}`,
    );
  for (const x of r.foreignWrites ?? []) lines.push(`  WRITE TO A RECORD THIS RUN DID NOT CREATE: ${x}`);
  for (const f of r.foreignRecords ?? []) lines.push(`  NOT THIS RUN'S RECORD, NOT TOUCHED: ${f.path} (${f.request}): ${f.why}`);
  for (const t of r.trashed) lines.push(`  trashed (the platform has no force; counts as removed): ${t.path}`);
  for (const x of r.suspects ?? []) lines.push(`  not deleted, not proved to be this run's: ${x.path} ${JSON.stringify(x.title)}: ${x.why}`);
  return lines;
}

function namespaceLines(ns: string, ops: OperationResult[], w: number) {
  const c = (v: string) => ops.filter((x) => x.verdict === v).length;
  const lines = ['', `${ns}: ${c('passed')} passed, ${c('failed')} failed, ${c('not-reachable')} not reachable on this site, ${c('skipped')} skipped`];
  // A namespace the site does not have: one line, not one per operation.
  const unreachable = ops.filter((x) => x.verdict === 'not-reachable');
  if (unreachable.length)
    lines.push(
      `  ${pad(VERDICT['not-reachable'], 10)} ${unreachable.length} operations: ${(unreachable[0].reason ?? '').replace(/^not reachable on this site: /, '')}`,
    );
  for (const x of ops.filter((o) => o.verdict !== 'not-reachable')) {
    const probes = x.checks.filter((k) => k.kind === 'probe');
    lines.push(
      `  ${pad(VERDICT[x.verdict ?? ''], 10)} ${pad(`${x.method} ${x.path}`, w)} ${pad(x.id, 28)} ${x.checks.length} checks${probes.length ? ` (${probes.length} probes)` : ''}${x.reason && x.verdict !== 'passed' && x.verdict !== 'failed' ? `  ${x.reason}` : ''}`,
    );
    for (const k of x.checks.filter((k) => !k.ok))
      lines.push(
        `      x ${k.name}: ${k.request ? `${k.request.method} ${k.request.url} -> ${k.status}` : ''}`,
        ...k.errors.slice(0, 8).map((e) => `          ${e}`),
      );
  }
  return lines;
}

/** The plain-text summary: one table per namespace (a namespace the site lacks in one line), then totals. */
export function summaryText(report: ReportView) {
  const lines: string[] = [];
  const byNs = report.driftOnly ? [] : groupByNamespace(report.operations);
  const w = Math.min(60, Math.max(20, ...report.operations.map((x) => `${x.method} ${x.path}`.length)));
  for (const [ns, ops] of byNs) lines.push(...namespaceLines(ns, ops, w));
  const s = report.summary;
  if (report.records) lines.push(...recordLines(report.records, w));
  const d = report.drift?.summary;
  if (d)
    lines.push(
      '',
      `drift: ${d.specNamespacesAbsent} spec namespaces absent on the site, ${d.siteOtherNamespaces} other site namespaces, routes site-only ${d.siteOnlyRoutes} / spec-only ${d.specOnlyRoutes}, methods site-only ${d.siteOnlyMethods} / spec-only ${d.specOnlyMethods}, parameter findings ${d.paramFindings} (${d.knownParamFindings} known differences)${d.unparseableRoutes ? `, ${d.unparseableRoutes} unparseable route keys` : ''}`,
    );
  for (const n of report.notes ?? []) lines.push(`note: ${n}`);
  if (s && !report.driftOnly)
    lines.push(
      '',
      `${s.operations} operations: ${s.passed} passed, ${s.failed} failed, ${s.notReachable} not reachable on this site, ${s.skipped} skipped; ${s.checked ?? s.passed + s.failed} of them really checked against the site; ${s.checks} checks, ${s.probes} negative probes (${s.probesFailed} failed); ${report.requests} requests`,
    );
  for (const p of report.scopeProblems ?? []) lines.push(`FAILED: ${p}`);
  if (report.stopped) lines.push('', `STOPPED: ${report.stopped}. This report is partial.`);
  return lines.join('\n');
}

const list = (xs: unknown[], n = 20) => (xs.length > n ? `${xs.slice(0, n).join(', ')}, … (${xs.length - n} more)` : xs.join(', ')) || 'none';

/** The drift report in full, as text (`--drift`, the `drift` command). */
export function driftText(d: DriftView | undefined) {
  if (!d) return '';
  const lines = ['', 'drift report (the site index against the spec):'];
  lines.push(`  spec namespaces absent on the site: ${list(d.specNamespacesAbsent.map((x) => `${nsOf(x)} (${x.routes} routes)`))}`);
  lines.push(`  other namespaces of the site: ${list(d.siteOtherNamespaces.map((x) => `${x.namespace} (${x.routes.length})`))}`);
  lines.push(`  routes only on the site: ${list(d.routes.siteOnly.map(routeOf))}`);
  lines.push(`  routes only in the spec: ${list(d.routes.specOnly.map(routeOf))}`);
  lines.push(`  methods only on the site: ${list(d.methods.siteOnly.map((x) => `${x.method} ${routeOf(x)}`))}`);
  lines.push(`  methods only in the spec: ${list(d.methods.specOnly.map((x) => `${x.method} ${routeOf(x)}`))}`);
  lines.push(`  spec parameters the site has on no route: ${list(d.paramsAbsentFromSite.map((x) => `${paramOf(x)}${x.known ? ' (known)' : ''}`))}`);
  const unknown = d.params.filter((f) => !f.known || String(f.known).startsWith('partly'));
  lines.push(`  parameter findings: ${d.params.length} (${d.params.length - unknown.length} known differences)`);
  for (const f of unknown.slice(0, 40)) {
    const { what, verdict } = describeFinding(f);
    lines.push(`    ${f.method} ${routeOf(f)} ${paramOf(f)}: ${what}`, `      -> ${verdict}`);
  }
  if (unknown.length > 40) lines.push(`    … ${unknown.length - 40} more in drift.json`);
  if (d.unparseableRoutes?.length) {
    lines.push(`  unparseable route keys of the site index (${d.unparseableRoutes.length}, not compared):`);
    for (const u of d.unparseableRoutes.slice(0, 20)) lines.push(`    ${JSON.stringify(u.key)}: ${u.error}`);
  }
  return lines.join('\n');
}

/** Operations grouped by namespace, the namespaces sorted. */
export function groupByNamespace<T extends { namespace: string }>(ops: readonly T[]): [string, T[]][] {
  const m = new Map<string, T[]>();
  for (const x of ops) {
    const group = m.get(x.namespace) ?? [];
    m.set(x.namespace, group);
    group.push(x);
  }
  return [...m].sort(([a], [b]) => a.localeCompare(b));
}

/** The JUnit XML: one suite per namespace, one case per operation; a suite "scope" for a run that checked nothing or lacks a required namespace. */
export function junitXml(report: ContractJunitReport) {
  const s = report.summary;
  const suites: JunitSuite[] = groupByNamespace(report.operations).map(([ns, ops]) => ({
    name: ns,
    tests: ops.length,
    failures: ops.filter((x) => x.verdict === 'failed').length,
    skipped: ops.filter((x) => x.verdict === 'skipped' || x.verdict === 'not-reachable').length,
    timestamp: report.startedAt,
    cases: ops.map((x) => operationCase(ns, x)),
  }));
  // A run that checked nothing, or lacks a required namespace, fails in CI too (issue 23).
  const scope = report.scopeProblems ?? [];
  if (scope.length)
    suites.push({
      name: 'scope',
      tests: scope.length,
      failures: scope.length,
      skipped: 0,
      timestamp: report.startedAt,
      cases: scope.map((p) => ({ classname: 'scope', name: p.split(':')[0], time: '0.000', failure: { message: p, text: p } })),
    });
  return junitDocument(
    { name: `contract ${report.baseUrl}`, tests: s.operations + scope.length, failures: s.failed + scope.length, skipped: s.skipped + s.notReachable },
    suites,
  );
}

/** One operation as a JUnit case: its checks, and why it failed or was skipped. */
function operationCase(ns: string, x: OperationResult): JunitCase {
  const bad = x.checks.filter((c) => !c.ok);
  return {
    classname: ns,
    name: `${x.id} (${x.method} ${x.path})`,
    time: (x.checks.reduce((n, c) => n + (c.ms ?? 0), 0) / 1000).toFixed(3),
    ...(x.verdict === 'failed'
      ? {
          failure: {
            message: `${bad.length} of ${x.checks.length} checks failed`,
            text: bad
              .map((c) => `${c.name}: ${c.request ? `${c.request.method} ${c.request.url} -> ${c.status}\n` : ''}${c.errors.map((e) => `  ${e}`).join('\n')}`)
              .join('\n'),
          },
        }
      : {}),
    ...(x.verdict !== 'failed' && x.verdict !== 'passed' ? { skipped: x.reason ?? x.verdict } : {}),
    systemOut: x.checks
      .map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.request ? `: ${c.request.method} ${c.request.url} -> ${c.status}${c.code ? ` ${c.code}` : ''}` : ''}`)
      .join('\n'),
  };
}

/** One check as HTML: its name, the request and answer, and each reason it failed. */
function checkHtml(c: Check) {
  const req = c.request ? ` <code>${esc(c.request.method)} ${esc(c.request.url)}</code> → ${esc(c.status)}${c.code ? ` <code>${esc(c.code)}</code>` : ''}` : '';
  const reasons = c.errors.length
    ? `<ul class="reason">${c.errors
        .slice(0, 20)
        .map((e) => `<li>${esc(e)}</li>`)
        .join('')}${c.errors.length > 20 ? `<li>… ${esc(c.errors.length - 20)} more in report.json</li>` : ''}</ul>`
    : '';
  return `<li class="check ${c.ok ? 'ok' : 'bad'}"><span class="name">${esc(c.ok ? 'ok' : 'FAIL')} ${esc(c.name)}</span>${req}${reasons}</li>`;
}

/** The report's records section (empty for a read-only run). */
function recordsHtml(r: RunRecords | undefined): string {
  return r
    ? `<section id="records"><h2>Records</h2><p>created ${esc(r.created.length)}, removed ${esc(r.removed.length)}, trashed ${esc(r.trashed.length)}, left behind ${esc(r.leftBehind.length)}</p>
${r.leftBehind.length ? `<ul>${r.leftBehind.map((l) => `<li class="bad">LEFT BEHIND: <code>${esc(JSON.stringify(l))}</code></li>`).join('')}</ul>` : ''}
${(r.suspects ?? []).length ? `<h3>Not deleted: not proved to be this run's</h3><ul>${(r.suspects ?? []).map((x) => `<li><code>${esc(x.path)}</code> ${esc(x.title)}: ${esc(x.why)}</li>`).join('')}</ul>` : ''}
${(r.foreignWrites ?? []).length ? `<ul>${(r.foreignWrites ?? []).map((x) => `<li class="bad">write to a record this run did not create: ${esc(x)}</li>`).join('')}</ul>` : ''}
<table><tr><th>collection</th><th>before</th><th>after</th></tr>${Object.entries(r.before ?? {})
        .map(([p, n]) => `<tr><td><code>${esc(p)}</code></td><td>${esc(n)}</td><td>${esc(r.after?.[p])}</td></tr>`)
        .join('')}</table></section>`
    : '';
}

/** The report's drift section: the site's index against the spec. */
function driftHtml(d: DriftView | undefined): string {
  const driftRows = (d?.params ?? [])
    .map((f) => {
      const w = describeFinding(f);
      return `<tr class="${f.known ? 'known' : ''}"><td><code>${esc(f.method)} ${esc(routeOf(f))}</code></td><td>${esc(paramOf(f))}</td><td>${esc(w.what)}</td><td>${esc(w.verdict)}</td></tr>`;
    })
    .join('\n');
  return `<section id="drift"><h2>Drift (the site's index against the spec)</h2>
<p>Spec namespaces absent on the site: ${esc((d?.specNamespacesAbsent ?? []).map(nsOf).join(', ') || 'none')}. Other site namespaces: ${esc((d?.siteOtherNamespaces ?? []).map((x) => x.namespace).join(', ') || 'none')}. Spec parameters the site has on no route: ${esc((d?.paramsAbsentFromSite ?? []).map(paramOf).join(', ') || 'none')}.</p>
<p>Routes only on the site: ${esc((d?.routes.siteOnly ?? []).map(routeOf).join(', ') || 'none')}</p>
<p>Routes only in the spec: ${esc((d?.routes.specOnly ?? []).map(routeOf).join(', ') || 'none')}</p>
<p>Methods only on the site: ${esc((d?.methods.siteOnly ?? []).map((x) => `${x.method} ${routeOf(x)}`).join(', ') || 'none')}; only in the spec: ${esc((d?.methods.specOnly ?? []).map((x) => `${x.method} ${routeOf(x)}`).join(', ') || 'none')}</p>
${
  driftRows
    ? `<details><summary>${esc(d?.params.length)} parameter findings</summary><table><tr><th>route</th><th>parameter</th><th>what differs</th><th>which side is right</th></tr>
${driftRows}
</table></details>`
    : ''
}</section>`;
}

/**
 * The HTML report, in reading order: a summary (what was checked, what failed, what was not
 * reachable, what was left behind), the failures with every failing check and its reason shown, the
 * namespaces the site does not have one line each, then the other operations (their checks folded),
 * records and drift. Every value from the run goes through esc().
 */
export function html(report: ReportView) {
  const s = report.summary;
  const byNs = groupByNamespace(report.operations);
  const failed = report.operations.filter((x) => x.verdict === 'failed');
  const absent = byNs.map(([ns, ops]) => [ns, ops.filter((x) => x.verdict === 'not-reachable')] as const).filter(([, ops]) => ops.length);
  const rest = report.operations.filter((x) => x.verdict !== 'failed' && x.verdict !== 'not-reachable');
  const r = report.records;
  const leftBehind = r ? r.leftBehind.length + (r.suspects ?? []).length + (r.foreignWrites ?? []).length : 0;
  const failedChecks = failed.reduce((n, x) => n + x.checks.filter((c) => !c.ok).length, 0);
  // Really checked against the site (passed or failed), as the terminal's closing line says.
  const checked = s.checked ?? s.passed + s.failed;
  const opLabel = (x: OperationResult) => `<code>${esc(x.method)} ${esc(x.path)}</code> <span class="id">${esc(x.id)}</span>`;

  const summary = `<section id="summary">
<p class="checked"><strong>Checked</strong>: ${esc(checked)} of the spec's ${esc(s.operations)} operations (${esc(byNs.length)} namespaces) on <code>${esc(report.baseUrl)}</code>; not checked: ${esc(s.notReachable)} not reachable on this site, ${esc(s.skipped)} skipped; against ${esc(report.spec?.title)} ${esc(report.spec?.version)} (${report.strict ? 'strict' : 'lenient'}, ${report.allowWrites ? 'with writes' : 'read-only'}): ${esc(s.checks)} checks, ${esc(s.probes)} negative probes, ${esc(report.requests)} requests · ${esc(report.startedAt)}</p>
<p class="${s.failed ? 'bad' : 'ok'}"><strong>Failed</strong>: ${esc(s.failed)} operation${s.failed === 1 ? '' : 's'}${s.failed ? ` (${esc(failedChecks)} failing checks${s.probesFailed ? `, ${esc(s.probesFailed)} of them probes` : ''}): <a href="#failures">below</a>` : ''} · passed ${esc(s.passed)} · skipped ${esc(s.skipped)}</p>
<p><strong>Not reachable</strong> on this site: ${esc(s.notReachable)} operations${absent.length ? ` in ${esc(absent.length)} namespace${absent.length === 1 ? '' : 's'} the site does not have (${absent.map(([ns, ops]) => `${esc(ns)} ${esc(ops.length)}`).join(', ')})` : ''}</p>
<p class="${leftBehind ? 'bad' : 'ok'}"><strong>Left behind</strong>: ${r ? (leftBehind ? `${esc(r.leftBehind.length)} records left behind, ${esc((r.suspects ?? []).length)} not deleted (not proved to be this run's), ${esc((r.foreignWrites ?? []).length)} writes to records the run did not create: <a href="#records">records</a>` : `nothing (created ${esc(r.created.length)}, removed ${esc(r.removed.length)}, trashed ${esc(r.trashed.length)})`) : 'nothing: a read-only run creates no record'}</p>
${report.stopped ? `<p class="bad"><strong>STOPPED: ${esc(report.stopped)}. This report is partial.</strong></p>` : ''}
${(report.scopeProblems ?? []).map((p) => `<p class="bad"><strong>FAILED: ${esc(p)}</strong></p>`).join('\n')}
${(report.records?.foreignRecords ?? []).length ? `<p class="bad"><strong>Records of others the site answered (FAILED, not touched)</strong>:</p><ul>${(report.records?.foreignRecords ?? []).map((x) => `<li><code>${esc(x.path)}</code> ${esc(x.request)}: ${esc(x.why)}</li>`).join('')}</ul>` : ''}
</section>`;

  const failures = failed.length
    ? `<section id="failures"><h2>Failures (${esc(failed.length)})</h2>
${failed
  .map(
    (x) =>
      `<div class="op failed"><h3>${opLabel(x)} <span class="ns">${esc(x.namespace)}</span></h3><ul class="checks">${x.checks
        .filter((c) => !c.ok)
        .map(checkHtml)
        .join('')}</ul>${
        x.checks.some((c) => c.ok)
          ? `<details><summary>${esc(x.checks.filter((c) => c.ok).length)} checks passed</summary><ul class="checks">${x.checks
              .filter((c) => c.ok)
              .map(checkHtml)
              .join('')}</ul></details>`
          : ''
      }</div>`,
  )
  .join('\n')}
</section>`
    : '<section id="failures"><h2>Failures</h2><p class="ok">none</p></section>';

  const notReachable = absent.length
    ? `<section><h2>Not reachable on this site</h2><ul id="not-reachable">${absent.map(([ns, ops]) => `<li><strong>${esc(ns)}</strong>: ${esc(ops.length)} operations — ${esc(String(ops[0].reason ?? '').replace(/^not reachable on this site: /, ''))}</li>`).join('')}</ul></section>`
    : '';

  const rows = rest
    .map(
      (x) =>
        `<tr class="${esc(x.verdict)}"><td>${esc(x.namespace)}</td><td>${opLabel(x)}</td><td class="verdict">${esc(VERDICT[x.verdict ?? ''])}${x.reason ? `: ${esc(x.reason)}` : ''}</td><td><details><summary>${esc(x.checks.length)} checks</summary><ul class="checks">${x.checks.map(checkHtml).join('')}</ul></details></td></tr>`,
    )
    .join('\n');

  const records = recordsHtml(r);
  const drift = driftHtml(report.drift);

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Contract report: ${esc(report.baseUrl)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1rem 1.5rem;color:#222}h1{margin:.2rem 0 .6rem;font-size:1.4rem}h2{font-size:1.15rem;margin:1.2rem 0 .4rem}h3{font-size:1rem;margin:.6rem 0 .2rem}
#summary{border:1px solid #ccc;border-radius:6px;padding:.3rem .8rem;background:#fafafa}#summary p{margin:.3rem 0}
.bad{color:#b00020}.ok{color:#176917}.op.failed{border-left:4px solid #b00020;padding-left:.6rem;margin:.5rem 0}
ul.checks{margin:.2rem 0;padding-left:1.2rem}li.check{margin:.15rem 0;overflow-wrap:anywhere}li.check .name{font-weight:600}ul.reason{margin:.1rem 0;color:#b00020}
.id,.ns{color:#666;font-weight:normal;font-size:12px}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .5rem;vertical-align:top;text-align:left}th{background:#f4f4f4}
tr.skipped .verdict{color:#777}tr.passed .verdict{color:#176917}tr.known{color:#777}code{font-size:12px;overflow-wrap:anywhere}summary{cursor:pointer}
</style></head><body>
<h1>Contract report</h1>
${summary}
${failures}
${notReachable}
<h2>Other operations (${esc(rest.length)})</h2>
<table><tr><th>namespace</th><th>operation</th><th>verdict</th><th>checks</th></tr>
${rows}
</table>
${records}
${drift}
${(report.notes ?? []).length ? `<h2>Notes</h2><ul>${(report.notes ?? []).map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}

/** Write report.json, drift.json, junit.xml and report.html into `dir` (each text through `redact`); returns the file paths. */
export function writeReports(report: ReportView, dir: string, redact = (t: string) => t) {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    json: join(dir, 'report.json'),
    drift: join(dir, 'drift.json'),
    junit: join(dir, 'junit.xml'),
    html: join(dir, 'report.html'),
  };
  writeFileSync(files.json, redact(`${JSON.stringify(report, null, 2)}\n`));
  writeFileSync(files.drift, redact(`${JSON.stringify(report.drift, null, 2)}\n`));
  if (report.summary && !report.driftOnly) {
    writeFileSync(files.junit, redact(junitXml(report)));
    writeFileSync(files.html, redact(html(report)));
  } else {
    delete files.junit;
    delete files.html;
  }
  return files;
}

/** HTML-escape a string (for the other reports of the CLI, e.g. har-report.ts). */
export { esc as escapeHtml };
