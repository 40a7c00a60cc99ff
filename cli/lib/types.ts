// The shapes the CLI's modules pass between them: an answer of the site, an exchange for the HAR
// recording, the result of an operation, the run's records audit, the report and the run context.
import type { Judge } from '../../core/judge.js';
import type * as mapModule from '../../core/mapping.js';
import type { OpenApiDoc, Operation } from '../../core/spec.js';
import type { computeDrift } from './drift.js';
import type { IndexRoutes, SiteRoute } from './routes.js';

/** The name mapping module (core/mapping.ts), passed to the modules that map names. */
export type MapModule = typeof mapModule;

/** A member of a thrown value as `e?.[k]` reads it (own or inherited, e.g. a DOMException's `name`); undefined when it is not an object. */
export function errorPart(e: unknown, k: string): unknown {
  // Any object can be read by key (a missing member is undefined): it is an object, checked just before.
  return typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[k] : undefined;
}

/** One answer of the site (http.ts), with the spec's names. */
export interface HttpResult {
  method: string;
  /** The site URL requested. */
  url: string;
  specPath: string;
  /** The spec-named path and query. */
  specUrl: string;
  status: number;
  statusText: string;
  /** Lower-case names; `link` and `location` mapped to spec names. */
  headers: Record<string, string>;
  /** The content type. */
  type: string;
  text: string;
  /** The parsed body (spec names), undefined when it is not JSON: the site's, of any shape. */
  json: unknown;
  /** `json` holds only the first items of a list too long to parse whole (http.ts parseBounded); the judge reads `text`. */
  partial?: true;
  ms: number;
}

/** The requests of a run (http.ts `createHttp`): the CLI's only way to the network. */
export interface Http {
  /** Send a request (spec names); a failure throws (http.ts RequestError, WriteRefused, RunStopped). */
  request(method: string, specPath: string, opts?: RequestOptions): Promise<HttpResult>;
  /** The site URL of a spec path with a spec-named query. */
  url(specPath: string, query?: Record<string, unknown>): URL;
  readonly rootText: string;
  readonly restRoute: boolean;
  readonly origin: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /** Requests sent so far. */
  readonly count: number;
  readonly consecutiveTimeouts: number;
  /** Replace the stop signal (cleanup after a stop runs on its own signal). */
  setSignal(signal: AbortSignal): void;
  readonly hasCredentials: boolean;
}

/** A request body sent as it is (an upload): its bytes or text, its type and extra headers. */
export interface RawBody {
  data: string | Buffer<ArrayBuffer>;
  type: string;
  headers?: Record<string, string>;
}

/** How one request is sent (http.ts `request`). */
export interface RequestOptions {
  /** Spec-named query values: string, number, boolean or a list of them. */
  query?: Record<string, unknown>;
  /** A JSON value. */
  body?: unknown;
  /** A body sent as it is (an upload). */
  raw?: RawBody;
  /** Send the credentials (only to the base URL's origin); default true. */
  auth?: boolean;
  headers?: Record<string, string>;
  /** The HAR entry's comment. */
  comment?: string;
  /** Parse the answer whole whatever its size (the site index: the drift report needs every route). */
  wholeBody?: boolean;
}

/** One exchange as the HAR recording (record.ts) takes it: the request sent, and the answer when one came. */
export interface Exchange {
  startedAt?: Date;
  method: string;
  url: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string | Buffer;
  comment?: string;
  ms?: number;
  status?: number;
  statusText?: string;
  responseHeaders?: [string, string][];
  responseBody?: Buffer;
  /** Why no complete answer came. */
  error?: string;
}

/** A check of one operation's result. */
export interface Check {
  name: string;
  kind: string;
  ok: boolean;
  errors: string[];
  request?: { method: string; url: string };
  status?: number;
  code?: unknown;
  ms?: number;
}

/** The result of one operation in a run. */
export interface OperationResult {
  namespace: string;
  id: string;
  method: string;
  path: string;
  verdict?: string;
  reason?: string;
  checks: Check[];
}

/** A record in the records audit: its path (spec names), its title, how it got there. */
export interface RecordNote {
  path: string;
  title: string;
  note?: string;
}

/** What the records audit found left on the site: a record, or a collection whose count does not add up. */
export type LeftBehind = { record: string; title: string } | { collection: string; before: number; after: number; explainedByOthers: number };

/** The records audit of a run with writes (runner.ts builds it, the phases fill it). */
export interface RunRecords {
  /** Per counted collection: its total, or why there is none (`status 500`, `no answer`). */
  before: Record<string, number | string> | undefined;
  after: Record<string, number | string> | undefined;
  created: RecordNote[];
  removed: RecordNote[];
  trashed: RecordNote[];
  leftBehind: LeftBehind[];
  suspects: { path: string; title: string; why: string }[];
  foreignRecords: ForeignRecord[];
  /** Ids that appeared or disappeared in a collection during the run (the site's ids). */
  foreign?: { collection: string; appeared: unknown[]; disappeared: unknown[] }[];
  foreignWrites?: string[];
  /** A calendar record's core route, proved the same record (purge.ts). */
  aliases?: { alias: string; of: string }[];
}

/** A record the run was about to write to but could not prove its own. */
export interface ForeignRecord {
  path: string;
  request: string;
  why: string;
}

/** A write the run sent (its method and spec path), for the foreign-writes check. */
export interface WriteLogEntry {
  method: string;
  path: string;
}

/** The totals of a run. */
export interface RunSummary {
  operations: number;
  passed: number;
  failed: number;
  notReachable: number;
  skipped: number;
  checks: number;
  probes: number;
  probesFailed: number;
  leftBehind: number;
  foreignWrites: number;
  suspects: number;
  foreignRecords: number;
  /** Operations really checked against the site: passed or failed. */
  checked: number;
}

/** The report of a contract (or drift) run: what report.ts writes. Members are added in this order as the run goes. */
export interface ContractReport {
  tool: string;
  startedAt: string;
  baseUrl: string;
  restRoute: true | undefined;
  spec: { file: string | undefined; title: string | undefined; version: string | undefined };
  mapping: mapModule.NameMapping;
  mappingDetected: string[];
  strict: boolean;
  allowWrites: boolean;
  credentials: string;
  limits: { timeoutMs: number; maxBodyBytes: number; deadlineMs: number | undefined };
  marker: string | undefined;
  operations: OperationResult[];
  records: RunRecords | undefined;
  drift: ReturnType<typeof computeDrift>;
  notes: string[];
  driftOnly?: boolean;
  credentialsCheck?: { request: string; status: number };
  notReachable?: { namespace: string; operations: number; evidence: string }[];
  stopped?: string;
  finishedAt?: string;
  requests?: number;
  summary?: RunSummary;
  scopeProblems?: string[];
  ok?: boolean;
}

/** A run's report once its verdicts and totals are in (runner.ts `finish`): what report.ts writes. */
export type FinishedReport = ContractReport & { summary: RunSummary };

/** The index of the site as far as the run reads it, with spec names (the routes are in `siteRoutes`). */
export interface SiteIndex {
  url: unknown;
  home: unknown;
  namespaces: string[];
}

/**
 * The run context every phase receives (runner.ts builds it). Its parts are read and extended by
 * the phases.
 */
export interface RunContext {
  doc: OpenApiDoc;
  map: MapModule;
  mapping: mapModule.NameMapping;
  http: Http;
  strict: boolean;
  allowWrites: boolean;
  user: string | undefined;
  judge: Judge;
  allOps: Operation[];
  opByKey: Map<string, Operation>;
  getByRoute: Map<string, Operation>;
  siteIndex: SiteIndex;
  /** The site's routes by route key (routes.ts `routeKey`). */
  siteRoutes: Map<string, SiteRoute>;
  indexRoutes: IndexRoutes;
  /** Spec namespaces the site does not have. */
  absentNs: Set<string>;
  selected: Operation[];
  results: Map<string, OperationResult>;
  stamp: string;
  /** The text every record this run creates carries in its title. */
  marker: string;
  /** List answers (records) by path and query. */
  listCache: Map<string, unknown[]>;
  writeLog: WriteLogEntry[];
  /** Removal of the records the run created, run in reverse at the end. */
  cleanup: (() => Promise<void>)[];
  /** The ids of each counted collection before the writes (the site's ids). */
  idsBefore: Record<string, unknown[]>;
  counted: Operation[];
  done: number;
  records: RunRecords;
  progress: (line: string) => void;
  phase: (line: string) => void;
  stop: (why: string) => void;
  report: ContractReport;
  requiredNamespaces: string[];
  /** Before the cleanup: a stopped run's requests get their own time budget. */
  enterCleanup: () => Promise<void>;
  /** The index answer, when it was over 1 MB: the read of `GET /` reuses it once. */
  indexAnswer?: HttpResult;
  /** A URL of the site for parameters that take one (lookup.ts `sample`). */
  sampleUrl?: unknown;
  /** Core route bases of post types (purge.ts). */
  coreBases?: Map<string, string | undefined>;
}
