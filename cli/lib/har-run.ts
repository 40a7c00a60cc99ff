// Validate HAR files against the spec and build the report: entries are read one at a time
// (har-reader.ts), judged (har-judge.ts), counted per namespace and operation; only the entries
// worth naming (not conforming, unreadable, an invalid request) are kept, up to LIST_LIMIT, so memory
// stays bounded whatever the file's size. Every string taken from a HAR is cleaned (control and
// bidi characters, length) and redacted (credentials the file carries, in raw, URL and base64 form).
import { basename } from 'node:path';
import { createRedactor } from '../../core/redact.js';
import type { NameMapping } from '../../core/mapping.js';
import type { OpenApiDoc } from '../../core/spec.js';
import { createHarJudge, secretsOf, type EntryVerdict, type OperationRef } from './har-judge.js';
import { NotAHar, readHarEntries, type HarLimits } from './har-reader.js';

const LIST_LIMIT = 2000;
const MAX_CLASSES = 500;
const MAX_REASONS = 100;
// Strings are cut to this many characters beyond their printed length before any pattern runs on
// them (longer than any secret and its encodings), so no pattern ever scans a huge hostile string.
const PRECUT = 12_000;

/** Remove control and bidi characters and bound the length of a string from a HAR. */
export function clean(s: unknown, max = 300) {
  const t = String(s ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/g, '?');
  return t.length > max ? `${t.slice(0, max)}…(${t.length - max} more)` : t;
}

/** The shape of a pointer for counting classes: array indices become `*`. */
const pointerClass = (p: string) => p.replace(/\/\d+(?=\/|$)/g, '/*');

type Redactor = ReturnType<typeof createRedactor>;

/** The counts of a validation (report.summary). */
export interface HarSummary {
  files: number;
  entries: number;
  inScope: number;
  conforming: number;
  nonConforming: number;
  notInSpec: number;
  notSelected: number;
  noResponse: number;
  unreadable: number;
  requestsInvalid: number;
  requestsInvalidAccepted: number;
  bodiesNotRecorded: number;
}

/** The counts of one operation (report.operations). */
export interface OperationRow extends OperationRef {
  entries: number;
  conforming: number;
  nonConforming: number;
  notJudged: number;
  requestsInvalid: number;
}

/** A reason entries are not in the spec, and how many (report.notInSpec). */
export interface ReasonCount {
  reason: string;
  count: number;
}

/** A class of failures: operation, pointer shape and reason; its failures and the entries with one (report.failureClasses). */
export interface FailureClass {
  operation: string | undefined;
  pointer: string;
  reason: string;
  entries: number;
  count: number;
}

/** A failure or a request problem, cleaned and redacted. */
export interface Problem {
  pointer: string;
  reason: string;
}

/** The request's verdict of a listed entry. */
export interface RequestLine {
  verdict: string;
  accepted?: boolean;
  problems: Problem[];
}

/** An entry the report names (report.entries): one that does not conform, is unreadable, or whose request is invalid. */
export interface ListedEntry {
  file: string;
  index: number;
  method: string | undefined;
  url: string | undefined;
  comment: string | undefined;
  status: number | undefined;
  operation: OperationRef | undefined;
  verdict: string;
  reason: string | undefined;
  failures: Problem[];
  request: RequestLine;
  notes: string[];
}

/** One file read (report.files). */
export interface HarFileInfo {
  file: string;
  entries: number;
  version?: string;
  error?: string;
}

/** The report of a validation (report.json). */
export interface HarReport {
  tool: string;
  startedAt: string;
  spec: { file: string; title: string | undefined; version: string | undefined };
  mapping: NameMapping;
  strict: boolean;
  namespaces: readonly string[];
  files: HarFileInfo[];
  summary: HarSummary;
  operations: OperationRow[];
  notInSpec: ReasonCount[];
  failureClasses: FailureClass[];
  entries: ListedEntry[];
  unlisted: number;
  ok: boolean;
}

/** What validateHarFiles reads: the files, the spec and the options of the command. */
export interface HarValidation {
  files: string[];
  doc: OpenApiDoc;
  specFile: string;
  mapping: NameMapping;
  strict?: boolean;
  namespaces?: readonly string[];
  restPrefixes?: readonly string[];
  limits?: Partial<HarLimits>;
}

/** The running counts of one validation, which record() adds each entry to. */
interface Tally {
  summary: HarSummary;
  byOp: Map<string, OperationRow>;
  reasons: Map<string, ReasonCount>;
  classes: Map<string, FailureClass>;
  listed: ListedEntry[];
  unlisted: number;
  redactor: Redactor;
}

/** Count `key` in `map0` (a new row from `fresh`), or '(other)' once `limit` keys are there. */
const count = <V extends { count: number }>(map0: Map<string, V>, key: string, limit: number, fresh: () => V) => {
  const k = map0.has(key) || map0.size < limit ? key : '(other)';
  const v = map0.get(k) ?? fresh();
  v.count++;
  map0.set(k, v);
};

/** `v` with every string in it passed through `redact`: the same shape, strings stay strings. */
function redactDeep<T>(v: T, redact: (s: string) => string): T {
  // Each cast follows the check of what `v` is, and the value built has that same shape.
  if (typeof v === 'string') return redact(v) as T;
  if (Array.isArray(v)) return v.map((x) => redactDeep(x, redact)) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactDeep(x, redact)])) as T;
  return v;
}

/**
 * Validate `files` (paths). Returns `{ report, badFiles: [{file, message}] }`; never throws for a bad
 * HAR (a file that is not a HAR lands in badFiles with its reason).
 */
export function validateHarFiles({ files, doc, specFile, mapping, strict = false, namespaces = [], restPrefixes, limits }: HarValidation) {
  const judge = createHarJudge({ doc, mapping, strict, namespaces, restPrefixes }).judge;
  const redactor = createRedactor();
  const summary: HarSummary = {
    files: files.length,
    entries: 0,
    inScope: 0,
    conforming: 0,
    nonConforming: 0,
    notInSpec: 0,
    notSelected: 0,
    noResponse: 0,
    unreadable: 0,
    requestsInvalid: 0,
    requestsInvalidAccepted: 0,
    bodiesNotRecorded: 0,
  };
  const t: Tally = { summary, byOp: new Map(), reasons: new Map(), classes: new Map(), listed: [], unlisted: 0, redactor };
  const fileInfo: HarFileInfo[] = [];
  const badFiles: { file: string; message: string }[] = [];

  for (const file of files) {
    const name = clean(basename(file), 200);
    const info: HarFileInfo = { file: name, entries: 0 };
    fileInfo.push(info);
    try {
      for (const item of readHarEntries(file, limits)) {
        if (item.kind === 'end') {
          info.version = item.version;
          continue;
        }
        info.entries++;
        summary.entries++;
        const secrets = item.kind === 'entry' ? secretsOf(item.value) : new Set<string>();
        redactor.add(secrets);
        const v: EntryVerdict = item.kind === 'entry' ? judge(item.value) : { scope: 'unreadable', reason: item.reason, failures: [], notes: [] };
        record(t, name, item.index, v);
      }
    } catch (e) {
      if (!(e instanceof NotAHar)) throw e;
      info.error = e.message;
      badFiles.push({ file, message: e.message });
    }
  }

  const report: HarReport = {
    tool: 'festival-site-api validate-har',
    startedAt: new Date().toISOString(),
    spec: { file: specFile, title: doc.info?.title, version: doc.info?.version },
    mapping,
    strict,
    namespaces,
    files: fileInfo,
    ...tallied(t),
    ok: summary.nonConforming === 0 && summary.unreadable === 0 && badFiles.length === 0,
  };
  // A last pass with every secret seen (an entry may echo another entry's credential).
  return {
    report: redactDeep(report, redactor.redact),
    badFiles: badFiles.map((b) => ({ file: b.file, message: clean(redactor.redact(b.message), 300) })),
    redact: redactor.redact,
  };
}

/** The report's members from the tally, in the report's order: summary, operations, notInSpec, failureClasses, entries, unlisted. */
function tallied(t: Tally) {
  return {
    summary: t.summary,
    operations: [...t.byOp.values()].sort((a, b) => a.namespace.localeCompare(b.namespace) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    notInSpec: [...t.reasons.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    failureClasses: [...t.classes.values()].sort(
      (a, b) => b.count - a.count || String(a.operation).localeCompare(String(b.operation)) || a.pointer.localeCompare(b.pointer),
    ),
    entries: t.listed,
    unlisted: t.unlisted,
  };
}

/** The row of `op` in the per-operation counts (made on first sight), its entries counted. */
function operationRow(byOp: Map<string, OperationRow>, op: OperationRef): OperationRow {
  const o = byOp.get(`${op.method} ${op.path}`) ?? {
    namespace: op.namespace,
    id: op.id,
    method: op.method,
    path: op.path,
    entries: 0,
    conforming: 0,
    nonConforming: 0,
    notJudged: 0,
    requestsInvalid: 0,
  };
  byOp.set(`${op.method} ${op.path}`, o);
  o.entries++;
  return o;
}

/** The verdict of an entry in scope, counted in the summary and in its operation's row `o` (an entry in scope always has one). */
function verdictOf(summary: HarSummary, v: EntryVerdict, o: OperationRow | undefined): string {
  if (v.scope === 'unreadable') {
    summary.unreadable++;
    if (o) o.nonConforming++;
    return 'unreadable';
  }
  if (v.scope === 'no-response') {
    summary.noResponse++;
    if (o) o.notJudged++;
    return 'no response';
  }
  summary.inScope++;
  if (v.failures.length) {
    summary.nonConforming++;
    if (o) o.nonConforming++;
    return 'does not conform';
  }
  summary.conforming++;
  if (o) o.conforming++;
  return 'conforms';
}

/** Count an entry's failures by class (operation, pointer shape, reason), each class once per entry. */
function countClasses(classes: Map<string, FailureClass>, op: OperationRef | undefined, failures: Problem[]) {
  const seenHere = new Set<FailureClass>();
  for (const f of failures) {
    const key = `${op?.id} ${pointerClass(f.pointer)} ${f.reason}`;
    count(classes, key, MAX_CLASSES, () => ({ operation: op?.id, pointer: pointerClass(f.pointer), reason: f.reason, entries: 0, count: 0 }));
    const c = classes.get(classes.has(key) ? key : '(other)');
    if (c && !seenHere.has(c)) {
      seenHere.add(c);
      c.entries++;
    }
  }
}

/** Count one judged entry `v` (entry `index` of `file`) and keep it when it is worth naming. */
function record(t: Tally, file: string, index: number, v: EntryVerdict) {
  const { summary } = t;
  const red = (s: unknown, max: number) => clean(t.redactor.redact(String(s ?? '').slice(0, max + PRECUT)), max);
  const base = {
    file,
    index,
    method: v.method ? red(v.method, 20) : undefined,
    url: v.url !== undefined ? red(v.url, 300) : undefined,
    comment: v.comment ? red(v.comment, 200) : undefined,
  };
  if (v.notes?.some((n) => n.startsWith('the body is not in the HAR'))) summary.bodiesNotRecorded++;
  if (v.scope === 'not-in-spec') {
    summary.notInSpec++;
    count(t.reasons, red(v.reason, 200), MAX_REASONS, () => ({ reason: red(v.reason, 200), count: 0 }));
    return;
  }
  if (v.scope === 'not-selected') {
    summary.notSelected++;
    return;
  }
  const op = v.operation;
  const o = op ? operationRow(t.byOp, op) : undefined;
  const request: RequestLine = v.request
    ? {
        verdict: v.request.verdict,
        accepted: v.request.accepted,
        problems: v.request.problems.map((p) => ({ pointer: red(p.pointer, 200), reason: red(p.reason, 300) })),
      }
    : { verdict: 'not judged', problems: [] };
  if (request.verdict === 'invalid') {
    summary.requestsInvalid++;
    if (o) o.requestsInvalid++;
    if (request.accepted) summary.requestsInvalidAccepted++;
  }
  const verdict = verdictOf(summary, v, o);
  const failures = v.failures.map((f) => ({ pointer: red(f.pointer, 200), reason: red(f.reason, 300) }));
  countClasses(t.classes, op, failures);
  if (verdict === 'conforms' && request.verdict !== 'invalid') return;
  if (verdict === 'no response' && request.verdict !== 'invalid') return;
  if (t.listed.length >= LIST_LIMIT) {
    t.unlisted++;
    return;
  }
  t.listed.push({
    ...base,
    status: v.status,
    operation: op ? { id: op.id, method: op.method, path: op.path, namespace: op.namespace } : undefined,
    verdict,
    reason: v.reason ? red(v.reason, 300) : undefined,
    failures,
    request,
    notes: (v.notes ?? []).map((n) => red(n, 300)),
  });
}
