// Reports of `validate-har`, in the contract command's convention: a text summary per namespace and
// operation, report.json, junit.xml and a self-contained report.html (no external assets) in --out.
// Every string in the report was cleaned and redacted by har-run.ts; here it is only escaped.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { junitDocument, type JunitCase, type JunitSuite } from './junit.js';
import { escapeHtml as esc, groupByNamespace, pad } from './report.js';
import type { OperationRef } from './har-judge.js';
import type { HarReport, HarSummary, ListedEntry, OperationRow } from './har-run.js';

const PRINT_PER_OP = 20;

/** What the lines of an entry read of it (an entry of the report, its notes aside). */
export type EntryLines = Pick<ListedEntry, 'file' | 'index' | 'method' | 'url' | 'status' | 'comment' | 'verdict' | 'reason' | 'failures' | 'request'> & {
  operation?: Pick<OperationRef, 'id' | 'method' | 'path'>;
};

/** What the JUnit XML reads of a report. */
export interface HarJunitReport {
  startedAt: string;
  summary: Pick<HarSummary, 'inScope' | 'unreadable' | 'nonConforming'>;
  operations: Pick<OperationRow, 'namespace' | 'id' | 'method' | 'path' | 'entries' | 'conforming' | 'nonConforming'>[];
  entries: EntryLines[];
}

const entryTitle = (e: EntryLines) =>
  `${e.file}#${e.index} ${e.method ?? '?'} ${e.url ?? '(no URL)'}${e.status !== undefined ? ` -> ${e.status}` : ''}${e.comment ? `  (${e.comment})` : ''}`;
const requestLine = (e: EntryLines) =>
  e.request.verdict === 'invalid'
    ? `request: invalid${e.request.accepted ? ' (yet the site accepted it: the spec may be too narrow)' : ''}: ${e.request.problems.map((p) => `${p.pointer} ${p.reason}`).join('; ')}`
    : `request: ${e.request.verdict}`;
const opKey = (e: EntryLines) => (e.operation ? `${e.operation.method} ${e.operation.path}` : '');

/** The plain-text summary: one table per namespace, failing entries under their operation, totals. */
export function harSummaryText(report: HarReport) {
  const lines: string[] = [];
  const s = report.summary;
  const w = Math.min(60, Math.max(20, ...report.operations.map((x) => `${x.method} ${x.path}`.length)));
  for (const [ns, ops] of groupByNamespace(report.operations)) {
    const sum = (k: 'entries' | 'conforming' | 'nonConforming' | 'notJudged' | 'requestsInvalid') => ops.reduce((n, x) => n + x[k], 0);
    lines.push(
      '',
      `${ns}: ${sum('entries')} entries: ${sum('conforming')} conform, ${sum('nonConforming')} do not conform${sum('notJudged') ? `, ${sum('notJudged')} without a response` : ''}${sum('requestsInvalid') ? `; ${sum('requestsInvalid')} requests invalid` : ''}`,
    );
    for (const x of ops) {
      const verdict = x.nonConforming ? 'FAILED' : 'conforms';
      lines.push(
        `  ${pad(verdict, 9)} ${pad(`${x.method} ${x.path}`, w)} ${pad(x.id, 28)} ${x.entries} entries${x.nonConforming ? ` (${x.nonConforming} do not conform)` : ''}${x.requestsInvalid ? ` (${x.requestsInvalid} requests invalid)` : ''}`,
      );
      const mine = report.entries.filter((e) => opKey(e) === `${x.method} ${x.path}`);
      for (const e of mine.slice(0, PRINT_PER_OP)) {
        lines.push(`      ${e.verdict === 'conforms' ? 'ok' : 'x '} ${entryTitle(e)}`);
        for (const f of e.failures.slice(0, 8)) lines.push(`          ${f.pointer} ${f.reason}`);
        if (e.failures.length > 8) lines.push(`          … ${e.failures.length - 8} more in report.json`);
        lines.push(`          ${requestLine(e)}`);
      }
      if (mine.length > PRINT_PER_OP) lines.push(`      … ${mine.length - PRINT_PER_OP} more entries in report.json`);
    }
  }
  const orphans = report.entries.filter((e) => !e.operation);
  if (orphans.length) {
    lines.push('', `unreadable entries: ${orphans.length}`);
    for (const e of orphans.slice(0, PRINT_PER_OP)) lines.push(`  x ${entryTitle(e)}: ${e.reason}`);
  }
  if (report.notInSpec.length) {
    lines.push('', `not in the spec: ${s.notInSpec} entries (not failures)`);
    for (const r of report.notInSpec.slice(0, 20)) lines.push(`  ${pad(r.count, 6)} ${r.reason}`);
    if (report.notInSpec.length > 20) lines.push(`  … ${report.notInSpec.length - 20} more reasons in report.json`);
  }
  if (report.failureClasses.length) {
    lines.push('', 'failure classes (failures, entries, operation, pointer, reason):');
    for (const c of report.failureClasses.slice(0, 40))
      lines.push(`  ${pad(c.count, 5)} ${pad(c.entries, 5)} ${pad(c.operation ?? '', 24)} ${c.pointer} ${c.reason}`);
    if (report.failureClasses.length > 40) lines.push(`  … ${report.failureClasses.length - 40} more classes in report.json`);
  }
  if (report.unlisted) lines.push('', `${report.unlisted} further entries not listed (the report names the first ${report.entries.length})`);
  lines.push(
    '',
    `${s.entries} entries in ${s.files} file(s): ${s.inScope} in scope (${s.conforming} conform, ${s.nonConforming} do not conform), ${s.notInSpec} not in the spec, ${s.unreadable} unreadable${s.notSelected ? `, ${s.notSelected} in namespaces not selected` : ''}${s.noResponse ? `, ${s.noResponse} without a response` : ''}; requests: ${s.requestsInvalid} invalid${s.requestsInvalidAccepted ? ` (${s.requestsInvalidAccepted} of them answered 2xx)` : ''}${s.bodiesNotRecorded ? `; ${s.bodiesNotRecorded} bodies not recorded (not judged)` : ''}`,
  );
  return lines.join('\n');
}

/** JUnit XML: one suite per namespace, one test case per listed entry and per operation's conforming entries. */
export function harJunitXml(report: HarJunitReport) {
  const s = report.summary;
  const suites: JunitSuite[] = groupByNamespace(report.operations).map(([ns, ops]) => ({
    name: ns,
    tests: ops.reduce((n, x) => n + x.entries, 0),
    failures: ops.reduce((n, x) => n + x.nonConforming, 0),
    skipped: 0,
    timestamp: report.startedAt,
    cases: ops.flatMap((x) => operationCases(report, ns, x)),
  }));
  const orphans = report.entries.filter((e) => !e.operation);
  if (orphans.length)
    suites.push({
      name: 'unreadable entries',
      tests: orphans.length,
      failures: orphans.length,
      skipped: 0,
      cases: orphans.map((e) => ({ classname: 'unreadable', name: `${e.file}#${e.index}`, time: '0', failure: { message: e.reason } })),
    });
  return junitDocument({ name: 'validate-har', tests: s.inScope + s.unreadable, failures: s.nonConforming + s.unreadable, skipped: 0 }, suites);
}

/** The cases of one operation: each listed entry, then one case for its entries not listed and one for its other conforming entries. */
function operationCases(report: HarJunitReport, ns: string, x: HarJunitReport['operations'][number]): JunitCase[] {
  const mine = report.entries.filter((e) => opKey(e) === `${x.method} ${x.path}`);
  const failing = (e: EntryLines) => e.verdict !== 'conforms' && e.verdict !== 'no response';
  const cases: JunitCase[] = mine.map((e) => ({
    classname: ns,
    name: `${x.id} ${e.file}#${e.index} ${e.method} ${e.url}`,
    time: '0',
    ...(failing(e)
      ? {
          failure: {
            message: `${e.failures.length || 1} problem(s)`,
            text: [...e.failures.map((f) => `${f.pointer} ${f.reason}`), ...(e.reason ? [e.reason] : [])].join('\n'),
          },
        }
      : {}),
    systemOut: `${entryTitle(e)}\n${requestLine(e)}`,
  }));
  const unlisted = x.nonConforming - mine.filter(failing).length;
  if (unlisted > 0)
    cases.push({
      classname: ns,
      name: `${x.id} (${x.method} ${x.path}): ${unlisted} further entries that do not conform (not listed)`,
      time: '0',
      failure: { message: `${unlisted} entries not listed; see the failure classes in report.json` },
    });
  const rest = x.conforming - mine.filter((e) => e.verdict === 'conforms').length;
  if (rest > 0) cases.push({ classname: ns, name: `${x.id} (${x.method} ${x.path}): ${rest} conforming entries`, time: '0' });
  return cases;
}

/** A self-contained HTML page naming each failing entry, its pointer and the reason. */
export function harHtml(report: HarReport) {
  const s = report.summary;
  const opRows = report.operations
    .map(
      (x) =>
        `<tr class="${x.nonConforming ? 'failed' : 'passed'}"><td>${esc(x.namespace)}</td><td><code>${esc(x.method)} ${esc(x.path)}</code></td><td>${esc(x.id)}</td><td>${x.entries}</td><td>${x.conforming}</td><td>${x.nonConforming}</td><td>${x.requestsInvalid}</td></tr>`,
    )
    .join('\n');
  const entryRows = report.entries
    .map(
      (e) =>
        `<tr class="${e.verdict === 'conforms' ? 'passed' : 'failed'}"><td>${esc(e.file)}#${e.index}</td><td><code>${esc(e.method)} ${esc(e.url)}</code></td><td>${esc(e.status)}</td><td>${esc(e.operation?.id ?? '')}</td><td>${esc(e.comment ?? '')}</td><td>${esc(e.verdict)}${e.reason ? `: ${esc(e.reason)}` : ''}<ul>${e.failures.map((f) => `<li><code>${esc(f.pointer)}</code> ${esc(f.reason)}</li>`).join('')}</ul></td><td>${esc(e.request.verdict)}<ul>${e.request.problems.map((p) => `<li><code>${esc(p.pointer)}</code> ${esc(p.reason)}</li>`).join('')}</ul></td></tr>`,
    )
    .join('\n');
  const classRows = report.failureClasses
    .map((c) => `<tr><td>${c.count}</td><td>${c.entries}</td><td>${esc(c.operation)}</td><td><code>${esc(c.pointer)}</code></td><td>${esc(c.reason)}</td></tr>`)
    .join('\n');
  const reasonRows = report.notInSpec.map((r) => `<tr><td>${r.count}</td><td>${esc(r.reason)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HAR validation report</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}table{border-collapse:collapse;width:100%;margin:1rem 0}
td,th{border:1px solid #ddd;padding:.3rem .5rem;vertical-align:top;text-align:left}th{background:#f4f4f4}
table.entries tr.failed td:nth-child(6){color:#b00020}table.entries tr.passed td:nth-child(6){color:#176917}code{font-size:12px;word-break:break-all}
table.entries td:nth-child(2){min-width:24em}table.entries td:nth-child(6),table.entries td:nth-child(7){min-width:18em}ul{margin:.2rem 0;padding-left:1.1rem}
</style></head><body>
<h1>HAR validation report</h1>
<p>Files ${report.files.map((f) => `<code>${esc(f.file)}</code> (${f.entries} entries${f.error ? `; not a HAR: ${esc(f.error)}` : ''})`).join(', ')} · spec ${esc(report.spec?.title)} ${esc(report.spec?.version)} · ${report.strict ? 'strict' : 'lenient'} · ${esc(report.startedAt)}</p>
<p><strong>${s.entries}</strong> entries: <strong>${s.inScope}</strong> in scope (<strong>${s.conforming}</strong> conform, <strong>${s.nonConforming}</strong> do not conform), ${s.notInSpec} not in the spec, ${s.unreadable} unreadable, ${s.noResponse} without a response; ${s.requestsInvalid} requests invalid</p>
<h2>Operations</h2>
<table><tr><th>namespace</th><th>operation</th><th>operationId</th><th>entries</th><th>conform</th><th>do not conform</th><th>requests invalid</th></tr>
${opRows}
</table>
<h2>Entries that do not conform, are unreadable, or whose request is invalid</h2>
${report.unlisted ? `<p>${report.unlisted} further entries are not listed.</p>` : ''}
<table class="entries"><tr><th>entry</th><th>request</th><th>status</th><th>operation</th><th>comment</th><th>response verdict (pointer, reason)</th><th>request verdict</th></tr>
${entryRows}
</table>
<h2>Failure classes</h2>
<table><tr><th>failures</th><th>entries</th><th>operation</th><th>pointer</th><th>reason</th></tr>
${classRows}
</table>
<h2>Not in the spec</h2>
<table><tr><th>count</th><th>reason</th></tr>
${reasonRows}
</table>
</body></html>
`;
}

/** Write report.json, junit.xml and report.html into `dir`; returns the file paths. */
export function writeHarReports(report: HarReport, dir: string) {
  mkdirSync(dir, { recursive: true });
  const files = { json: join(dir, 'report.json'), junit: join(dir, 'junit.xml'), html: join(dir, 'report.html') };
  // Every text is built first, then each file is written beside its place and renamed into it: a
  // failure on the way leaves the earlier reports whole.
  const texts: Record<string, string> = { json: `${JSON.stringify(report, null, 2)}\n`, junit: harJunitXml(report), html: harHtml(report) };
  for (const [k, file] of Object.entries(files)) {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, texts[k]);
    renameSync(tmp, file);
  }
  return files;
}
