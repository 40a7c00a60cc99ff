// The shapes the CLI's modules pass between them: an answer of the site and the run context.
import type { Judge } from '../../core/judge.js';
import type * as mapModule from '../../core/mapping.js';
import type { Json, OpenApiDoc, Operation } from '../../core/spec.js';

/** The name mapping module (core/mapping.ts), passed to the modules that map names. */
export type MapModule = typeof mapModule;

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
  /** The parsed body (spec names), undefined when it is not JSON. */
  json: Json;
  ms: number;
}

/** A check of one operation's result. */
export interface Check {
  name: string;
  kind: string;
  ok: boolean;
  errors: string[];
  request?: { method: string; url: string };
  status?: number;
  code?: string;
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
  [k: string]: Json;
}

/**
 * The run context every phase receives (runner.ts builds it). Its parts are read and extended by
 * the phases; the ones the modules share are named here.
 */
export interface RunContext {
  doc: OpenApiDoc;
  map: MapModule;
  mapping: mapModule.NameMapping;
  http: Json;
  strict: boolean;
  allowWrites: boolean;
  user: string | undefined;
  judge: Judge;
  allOps: Operation[];
  opByKey: Map<string, Operation>;
  getByRoute: Map<string, Operation>;
  results: Map<string, OperationResult>;
  stamp: string;
  marker: string;
  done: number;
  progress: (line: string) => void;
  stop: (why: string) => void;
  [k: string]: Json;
}
