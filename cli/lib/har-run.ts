// Validate HAR files against the spec and build the report: entries are read one at a time
// (har-reader.ts), judged (har-judge.ts), counted per namespace and operation; only the entries
// worth naming (not conforming, unreadable, an invalid request) are kept, up to LIST_LIMIT, so memory
// stays bounded whatever the file's size. Every string taken from a HAR is cleaned (control and
// bidi characters, length) and redacted (credentials the file carries, in raw, URL and base64 form).
import { basename } from 'node:path';
import { createRedactor } from '../../core/redact.js';
import { createHarJudge, secretsOf } from './har-judge.js';
import { NotAHar, readHarEntries } from './har-reader.js';
import type { Json } from '../../core/spec.js';

const LIST_LIMIT = 2000;
const MAX_CLASSES = 500;
const MAX_REASONS = 100;
// Strings are cut to this many characters beyond their printed length before any pattern runs on
// them (longer than any secret and its encodings), so no pattern ever scans a huge hostile string.
const PRECUT = 12_000;

/** Remove control and bidi characters and bound the length of a string from a HAR. */
export function clean(s: Json, max = 300) {
  const t = String(s ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/g, '?');
  return t.length > max ? `${t.slice(0, max)}…(${t.length - max} more)` : t;
}

/** The shape of a pointer for counting classes: array indices become `*`. */
const pointerClass = (p: Json) => p.replace(/\/\d+(?=\/|$)/g, '/*');

type Redactor = ReturnType<typeof createRedactor>;

/** The running counts of one validation, which record() adds each entry to. */
interface Tally {
  summary: Json;
  byOp: Map<string, Json>;
  reasons: Map<string, Json>;
  classes: Map<string, Json>;
  listed: Json[];
  unlisted: number;
  redactor: Redactor;
}

/** Count `key` in `map0`, or '(other)' once `limit` keys are there. */
const count = (map0: Json, key: Json, limit: Json, extra: Json) => {
  const k = map0.has(key) || map0.size < limit ? key : '(other)';
  const v = map0.get(k) ?? { ...extra, count: 0 };
  v.count++;
  map0.set(k, v);
};

/**
 * Validate `files` (paths). Returns `{ report, badFiles: [{file, message}] }`; never throws for a bad
 * HAR (a file that is not a HAR lands in badFiles with its reason).
 */
export function validateHarFiles({ files, doc, specFile, mapping, strict = false, namespaces = [], restPrefixes, limits }: Json) {
  const judge = createHarJudge({ doc, mapping, strict, namespaces, restPrefixes }).judge;
  const redactor = createRedactor();
  const summary = {
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
  const fileInfo = [];
  const badFiles = [];

  for (const file of files) {
    const name = clean(basename(file), 200);
    const info: Json = { file: name, entries: 0 };
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
        const v = item.kind === 'entry' ? judge(item.value) : { scope: 'unreadable', reason: item.reason, failures: [], notes: [] };
        record(t, name, item.index, v);
      }
    } catch (e: Json) {
      if (!(e instanceof NotAHar)) throw e;
      info.error = e.message;
      badFiles.push({ file, message: e.message });
    }
  }

  const report = {
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
  const deep = (v: Json): Json =>
    typeof v === 'string'
      ? redactor.redact(v)
      : Array.isArray(v)
        ? v.map(deep)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]))
          : v;
  return { report: deep(report), badFiles: badFiles.map((b) => ({ file: b.file, message: clean(redactor.redact(b.message), 300) })), redact: redactor.redact };
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
function operationRow(byOp: Map<string, Json>, op: Json): Json {
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

/** The verdict of an entry in scope, counted in the summary and in its operation's row `o`. */
function verdictOf(summary: Json, v: Json, o: Json): string {
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
    o.nonConforming++;
    return 'does not conform';
  }
  summary.conforming++;
  o.conforming++;
  return 'conforms';
}

/** Count an entry's failures by class (operation, pointer shape, reason), each class once per entry. */
function countClasses(classes: Map<string, Json>, op: Json, failures: Json[]) {
  const seenHere = new Set();
  for (const f of failures) {
    const key = `${op?.id} ${pointerClass(f.pointer)} ${f.reason}`;
    count(classes, key, MAX_CLASSES, { operation: op?.id, pointer: pointerClass(f.pointer), reason: f.reason, entries: 0 });
    const c = classes.get(classes.has(key) ? key : '(other)');
    if (!seenHere.has(c)) {
      seenHere.add(c);
      c.entries++;
    }
  }
}

/** Count one judged entry `v` (entry `index` of `file`) and keep it when it is worth naming. */
function record(t: Tally, file: Json, index: Json, v: Json) {
  const { summary } = t;
  const red = (s: Json, max: Json) => clean(t.redactor.redact(String(s ?? '').slice(0, max + PRECUT)), max);
  const base = {
    file,
    index,
    method: v.method ? red(v.method, 20) : undefined,
    url: v.url !== undefined ? red(v.url, 300) : undefined,
    comment: v.comment ? red(v.comment, 200) : undefined,
  };
  if (v.notes?.some((n: Json) => n.startsWith('the body is not in the HAR'))) summary.bodiesNotRecorded++;
  if (v.scope === 'not-in-spec') {
    summary.notInSpec++;
    count(t.reasons, red(v.reason, 200), MAX_REASONS, { reason: red(v.reason, 200) });
    return;
  }
  if (v.scope === 'not-selected') {
    summary.notSelected++;
    return;
  }
  const op = v.operation;
  const o = op ? operationRow(t.byOp, op) : undefined;
  const request = v.request
    ? {
        verdict: v.request.verdict,
        accepted: v.request.accepted,
        problems: v.request.problems.map((p: Json) => ({ pointer: red(p.pointer, 200), reason: red(p.reason, 300) })),
      }
    : { verdict: 'not judged', problems: [] };
  if (request.verdict === 'invalid') {
    summary.requestsInvalid++;
    if (o) o.requestsInvalid++;
    if (request.accepted) summary.requestsInvalidAccepted++;
  }
  const verdict = verdictOf(summary, v, o);
  const failures = v.failures.map((f: Json) => ({ pointer: red(f.pointer, 200), reason: red(f.reason, 300) }));
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
    notes: (v.notes ?? []).map((n: Json) => red(n, 300)),
  });
}
