// Reports of a contract run: a text summary per namespace and operation, JUnit XML, JSON and a
// self-contained HTML page (no external assets).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Escape text for HTML and XML: the five special characters, and every character XML 1.0 does not
 * allow (C0 controls but tab, newline and CR; lone surrogates; U+FFFE, U+FFFF) or a reader could
 * misread (DEL, C1) shown as a visible `\uXXXX`, so the JUnit XML stays well-formed and the HTML
 * escaped whatever a site answers (issue 23, D115).
 */
const esc = (s) => String(s ?? '')
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const VERDICT = { passed: 'passed', failed: 'FAILED', 'not-reachable': 'not reachable on this site', skipped: 'skipped' };

function pad(s, n) { s = String(s); return s.length >= n ? s : s + ' '.repeat(n - s.length); }

function recordLines(r, w) {
  const lines = ['', `records: created ${r.created.length}, removed ${r.removed.length}, trashed ${r.trashed.length}, left behind ${r.leftBehind.length}${r.suspects?.length ? `, ${r.suspects.length} suspects not touched` : ''}${r.foreignRecords?.length ? `, ${r.foreignRecords.length} records of others answered by the site (FAILED, not touched)` : ''}`];
  for (const [p, n] of Object.entries(r.before ?? {})) lines.push(`  ${pad(p, w)} before ${n}  after ${r.after?.[p]}`);
  for (const l of r.leftBehind) lines.push(`  LEFT BEHIND: ${JSON.stringify(l)}`);
  for (const f of r.foreign ?? []) lines.push(`  changed by other clients during the run: ${f.collection} appeared ${JSON.stringify(f.appeared)} disappeared ${JSON.stringify(f.disappeared)}`);
  for (const x of r.foreignWrites ?? []) lines.push(`  WRITE TO A RECORD THIS RUN DID NOT CREATE: ${x}`);
  for (const f of r.foreignRecords ?? []) lines.push(`  NOT THIS RUN'S RECORD, NOT TOUCHED: ${f.path} (${f.request}): ${f.why}`);
  for (const t of r.trashed) lines.push(`  trashed (the platform has no force; counts as removed): ${t.path}`);
  for (const x of r.suspects ?? []) lines.push(`  not deleted, not proved to be this run's: ${x.path} ${JSON.stringify(x.title)}: ${x.why}`);
  return lines;
}

function namespaceLines(ns, ops, w) {
  const c = (v) => ops.filter((x) => x.verdict === v).length;
  const lines = ['', `${ns}: ${c('passed')} passed, ${c('failed')} failed, ${c('not-reachable')} not reachable on this site, ${c('skipped')} skipped`];
  // A namespace the site does not have: one line, not one per operation.
  const unreachable = ops.filter((x) => x.verdict === 'not-reachable');
  if (unreachable.length) lines.push(`  ${pad(VERDICT['not-reachable'], 10)} ${unreachable.length} operations: ${unreachable[0].reason.replace(/^not reachable on this site: /, '')}`);
  for (const x of ops.filter((o) => o.verdict !== 'not-reachable')) {
    const probes = x.checks.filter((k) => k.kind === 'probe');
    lines.push(`  ${pad(VERDICT[x.verdict], 10)} ${pad(`${x.method} ${x.path}`, w)} ${pad(x.id, 28)} ${x.checks.length} checks${probes.length ? ` (${probes.length} probes)` : ''}${x.reason && x.verdict !== 'passed' && x.verdict !== 'failed' ? `  ${x.reason}` : ''}`);
    for (const k of x.checks.filter((k) => !k.ok)) lines.push(`      x ${k.name}: ${k.request ? `${k.request.method} ${k.request.url} -> ${k.status}` : ''}`, ...k.errors.slice(0, 8).map((e) => `          ${e}`));
  }
  return lines;
}

/** The plain-text summary: one table per namespace (a namespace the site lacks in one line), then totals. */
export function summaryText(report) {
  const lines = [];
  const byNs = report.driftOnly ? [] : groupByNamespace(report.operations);
  const w = Math.min(60, Math.max(20, ...report.operations.map((x) => `${x.method} ${x.path}`.length)));
  for (const [ns, ops] of byNs) lines.push(...namespaceLines(ns, ops, w));
  const s = report.summary;
  if (report.records) lines.push(...recordLines(report.records, w));
  const d = report.drift?.summary;
  if (d) lines.push('', `drift: ${d.specNamespacesAbsent} spec namespaces absent on the site, ${d.siteOtherNamespaces} other site namespaces, routes site-only ${d.siteOnlyRoutes} / spec-only ${d.specOnlyRoutes}, methods site-only ${d.siteOnlyMethods} / spec-only ${d.specOnlyMethods}, parameter findings ${d.paramFindings} (${d.knownParamFindings} known differences)${d.unparseableRoutes ? `, ${d.unparseableRoutes} unparseable route keys` : ''}`);
  for (const n of report.notes ?? []) lines.push(`note: ${n}`);
  if (s && !report.driftOnly) lines.push('', `${s.operations} operations: ${s.passed} passed, ${s.failed} failed, ${s.notReachable} not reachable on this site, ${s.skipped} skipped; ${s.checked ?? s.passed + s.failed} of them really checked against the site; ${s.checks} checks, ${s.probes} negative probes (${s.probesFailed} failed); ${report.requests} requests`);
  for (const p of report.scopeProblems ?? []) lines.push(`FAILED: ${p}`);
  if (report.stopped) lines.push('', `STOPPED: ${report.stopped}. This report is partial.`);
  return lines.join('\n');
}

const list = (xs, n = 20) => (xs.length > n ? `${xs.slice(0, n).join(', ')}, … (${xs.length - n} more)` : xs.join(', ')) || 'none';

/** The drift report in full, as text (`--drift`, the `drift` command). */
export function driftText(d) {
  if (!d) return '';
  const lines = ['', 'drift report (the site index against the spec):'];
  lines.push(`  spec namespaces absent on the site: ${list(d.specNamespacesAbsent.map((x) => `${x.namespace} (${x.routes} routes)`))}`);
  lines.push(`  other namespaces of the site: ${list(d.siteOtherNamespaces.map((x) => `${x.namespace} (${x.routes.length})`))}`);
  lines.push(`  routes only on the site: ${list(d.routes.siteOnly.map((x) => x.route))}`);
  lines.push(`  routes only in the spec: ${list(d.routes.specOnly.map((x) => x.route))}`);
  lines.push(`  methods only on the site: ${list(d.methods.siteOnly.map((x) => `${x.method} ${x.route}`))}`);
  lines.push(`  methods only in the spec: ${list(d.methods.specOnly.map((x) => `${x.method} ${x.route}`))}`);
  lines.push(`  spec parameters the site has on no route: ${list(d.paramsAbsentFromSite.map((x) => `${x.param}${x.known ? ' (known)' : ''}`))}`);
  const unknown = d.params.filter((f) => !f.known || String(f.known).startsWith('partly'));
  lines.push(`  parameter findings: ${d.params.length} (${d.params.length - unknown.length} known differences)`);
  for (const f of unknown.slice(0, 40)) lines.push(`    ${f.method} ${f.route} ${f.param}: ${f.kind} ${JSON.stringify({ spec: f.spec ?? f.specOnly, site: f.site ?? f.siteOnly })}`);
  if (unknown.length > 40) lines.push(`    … ${unknown.length - 40} more in drift.json`);
  if (d.unparseableRoutes?.length) {
    lines.push(`  unparseable route keys of the site index (${d.unparseableRoutes.length}, not compared):`);
    for (const u of d.unparseableRoutes.slice(0, 20)) lines.push(`    ${JSON.stringify(u.key)}: ${u.error}`);
  }
  return lines.join('\n');
}

function groupByNamespace(ops) {
  const m = new Map();
  for (const x of ops) { if (!m.has(x.namespace)) m.set(x.namespace, []); m.get(x.namespace).push(x); }
  return [...m].sort(([a], [b]) => a.localeCompare(b));
}

export function junitXml(report) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const s = report.summary;
  const scopeCount = report.scopeProblems?.length ?? 0;
  out.push(`<testsuites name="contract ${esc(report.baseUrl)}" tests="${s.operations + scopeCount}" failures="${s.failed + scopeCount}" skipped="${s.skipped + s.notReachable}">`);
  for (const [ns, ops] of groupByNamespace(report.operations)) {
    const f = ops.filter((x) => x.verdict === 'failed').length;
    const sk = ops.filter((x) => x.verdict === 'skipped' || x.verdict === 'not-reachable').length;
    out.push(`  <testsuite name="${esc(ns)}" tests="${ops.length}" failures="${f}" skipped="${sk}" timestamp="${esc(report.startedAt)}">`);
    for (const x of ops) {
      const time = (x.checks.reduce((n, c) => n + (c.ms ?? 0), 0) / 1000).toFixed(3);
      out.push(`    <testcase classname="${esc(ns)}" name="${esc(`${x.id} (${x.method} ${x.path})`)}" time="${time}">`);
      if (x.verdict === 'failed') {
        const bad = x.checks.filter((c) => !c.ok);
        out.push(`      <failure message="${esc(`${bad.length} of ${x.checks.length} checks failed`)}">${esc(bad.map((c) => `${c.name}: ${c.request ? `${c.request.method} ${c.request.url} -> ${c.status}\n` : ''}${c.errors.map((e) => `  ${e}`).join('\n')}`).join('\n'))}</failure>`);
      } else if (x.verdict !== 'passed') out.push(`      <skipped message="${esc(x.reason ?? x.verdict)}"/>`);
      out.push(`      <system-out>${esc(x.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.request ? `: ${c.request.method} ${c.request.url} -> ${c.status}${c.code ? ` ${c.code}` : ''}` : ''}`).join('\n'))}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  // A run that checked nothing, or lacks a required namespace, fails in CI too (issue 23).
  const scope = report.scopeProblems ?? [];
  if (scope.length) {
    out.push(`  <testsuite name="scope" tests="${scope.length}" failures="${scope.length}" skipped="0" timestamp="${esc(report.startedAt)}">`);
    for (const p of scope) out.push(`    <testcase classname="scope" name="${esc(p.split(':')[0])}" time="0.000">`, `      <failure message="${esc(p)}">${esc(p)}</failure>`, '    </testcase>');
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

export function html(report) {
  const s = report.summary;
  const rows = report.operations.map((x) => `<tr class="${x.verdict}"><td>${esc(x.namespace)}</td><td><code>${esc(x.method)} ${esc(x.path)}</code></td><td>${esc(x.id)}</td><td>${esc(VERDICT[x.verdict])}</td><td>${x.checks.length}</td><td>${x.checks.filter((c) => c.kind === 'probe').length}</td><td><details><summary>${esc(x.reason ?? (x.verdict === 'failed' ? 'failures' : 'checks'))}</summary><ul>${x.checks.map((c) => `<li class="${c.ok ? 'ok' : 'bad'}">${esc(c.name)}${c.request ? ` — <code>${esc(c.request.method)} ${esc(c.request.url)}</code> → ${esc(c.status)}${c.code ? ` <code>${esc(c.code)}</code>` : ''}` : ''}${c.errors.length ? `<ul>${c.errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : ''}</li>`).join('')}</ul></details></td></tr>`).join('\n');
  const d = report.drift;
  const driftRows = (d?.params ?? []).map((f) => `<tr class="${f.known ? 'known' : ''}"><td><code>${esc(f.method)} ${esc(f.route)}</code></td><td>${esc(f.param)}</td><td>${esc(f.kind)}</td><td><code>${esc(JSON.stringify({ spec: f.spec ?? f.specOnly, site: f.site ?? f.siteOnly }))}</code></td><td>${esc(f.known ?? '')}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contract report: ${esc(report.baseUrl)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}table{border-collapse:collapse;width:100%;margin:1rem 0}
td,th{border:1px solid #ddd;padding:.3rem .5rem;vertical-align:top;text-align:left}th{background:#f4f4f4}
tr.passed td:nth-child(4){color:#176917}tr.failed td:nth-child(4){color:#b00020;font-weight:bold}tr.not-reachable td:nth-child(4),tr.skipped td:nth-child(4){color:#777}
li.bad{color:#b00020}li.ok{color:#176917}tr.known{color:#777}code{font-size:12px}summary{cursor:pointer}
</style></head><body>
<h1>Contract report</h1>
<p>Site <code>${esc(report.baseUrl)}</code> · spec ${esc(report.spec?.title)} ${esc(report.spec?.version)} · ${report.strict ? 'strict' : 'lenient'} · ${report.allowWrites ? 'with writes' : 'read-only'} · ${esc(report.startedAt)}</p>
<p><strong>${s.operations}</strong> operations: <strong>${s.passed}</strong> passed, <strong>${s.failed}</strong> failed, ${s.notReachable} not reachable on this site, ${s.skipped} skipped · ${s.checks} checks · ${s.probes} negative probes (${s.probesFailed} failed) · ${report.requests} requests</p>
${report.stopped ? `<p><strong>STOPPED: ${esc(report.stopped)}. This report is partial.</strong></p>` : ''}
${(report.scopeProblems ?? []).map((p) => `<p><strong>FAILED: ${esc(p)}</strong></p>`).join('\n')}
${(report.records?.foreignRecords ?? []).length ? `<h2>Records of others the site answered (FAILED, not touched)</h2><ul>${report.records.foreignRecords.map((x) => `<li><code>${esc(x.path)}</code> ${esc(x.request)}: ${esc(x.why)}</li>`).join('')}</ul>` : ''}
${(report.records?.suspects ?? []).length ? `<h2>Not deleted: not proved to be this run's</h2><ul>${report.records.suspects.map((x) => `<li><code>${esc(x.path)}</code> ${esc(x.title)}: ${esc(x.why)}</li>`).join('')}</ul>` : ''}
${report.records ? `<h2>Records</h2><p>created ${report.records.created.length}, removed ${report.records.removed.length}, trashed ${report.records.trashed.length}, left behind ${report.records.leftBehind.length}</p><table><tr><th>collection</th><th>before</th><th>after</th></tr>${Object.entries(report.records.before ?? {}).map(([p, n]) => `<tr><td><code>${esc(p)}</code></td><td>${esc(n)}</td><td>${esc(report.records.after?.[p])}</td></tr>`).join('')}</table>` : ''}
<h2>Operations</h2>
<table><tr><th>namespace</th><th>operation</th><th>operationId</th><th>verdict</th><th>checks</th><th>probes</th><th>details</th></tr>
${rows}
</table>
<h2>Drift</h2>
<p>Spec namespaces absent on the site: ${esc((d?.specNamespacesAbsent ?? []).map((x) => x.namespace).join(', ') || 'none')}. Other site namespaces: ${esc((d?.siteOtherNamespaces ?? []).map((x) => x.namespace).join(', ') || 'none')}. Spec parameters the site has on no route: ${esc((d?.paramsAbsentFromSite ?? []).map((x) => x.param).join(', ') || 'none')}.</p>
<p>Routes only on the site: ${esc((d?.routes.siteOnly ?? []).map((x) => x.route).join(', ') || 'none')}</p>
<p>Routes only in the spec: ${esc((d?.routes.specOnly ?? []).map((x) => x.route).join(', ') || 'none')}</p>
<p>Methods only on the site: ${esc((d?.methods.siteOnly ?? []).map((x) => `${x.method} ${x.route}`).join(', ') || 'none')}; only in the spec: ${esc((d?.methods.specOnly ?? []).map((x) => `${x.method} ${x.route}`).join(', ') || 'none')}</p>
<table><tr><th>route</th><th>parameter</th><th>kind</th><th>difference</th><th>known difference</th></tr>
${driftRows}
</table>
${(report.notes ?? []).length ? `<h2>Notes</h2><ul>${report.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}

/** Write report.json, drift.json, junit.xml and report.html into `dir` (each text through `redact`); returns the file paths. */
export function writeReports(report, dir, redact = (t) => t) {
  mkdirSync(dir, { recursive: true });
  const files = { json: join(dir, 'report.json'), drift: join(dir, 'drift.json'), junit: join(dir, 'junit.xml'), html: join(dir, 'report.html') };
  writeFileSync(files.json, redact(`${JSON.stringify(report, null, 2)}\n`));
  writeFileSync(files.drift, redact(`${JSON.stringify(report.drift, null, 2)}\n`));
  if (report.summary && !report.driftOnly) {
    writeFileSync(files.junit, redact(junitXml(report)));
    writeFileSync(files.html, redact(html(report)));
  } else { delete files.junit; delete files.html; }
  return files;
}

/** HTML-escape a string (for the other reports of the CLI, e.g. har-report.mjs). */
export { esc as escapeHtml };
