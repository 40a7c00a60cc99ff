// The mock's shared types. The bundle is read with the core's OpenAPI model (core/openapi.ts); JSON
// bodies (a request's, a site's answer) are `unknown` until checked (core/json.ts); the store's
// records are `WpRecord` (store/record.ts).
import type { Agent, IncomingMessage } from 'node:http';
import { isObject } from '../core/json.ts';
import type { Route, RouteMatch } from '../core/match.ts';
import type { OpenApiDoc, OperationObject, Parameter } from '../core/spec.ts';
import type { Naming } from './naming.ts';
import type { StoreHost } from './store/host.ts';

/** A Prism to forward to: its address, and the kept-alive agent for it. */
export interface Target {
  host: string;
  port: number;
  agent?: Agent;
}

/** A request as the front forwards it. */
export interface Forwarded {
  method: string;
  path: string;
  headers: Headers;
  body: Buffer;
}

/** The answer memo as the front uses it (memo.ts's AnswerMemo): replayed answers by request key. */
export interface Memo {
  key(req: IncomingMessage, body: Buffer): string | null;
  get(key: string | null): Reply | undefined;
  set(key: string | null, reply: Reply): void;
}

/** A parameter of an operation (after $ref resolution). */
export type Param = Parameter;

/** A matched operation: the operation object and its merged parameters. */
export interface Entry {
  op: OperationObject;
  params: Param[];
}

/** Query or form pairs, in order, as PHP reads them. */
export type Pairs = [string, string][];

/** One invalid parameter as the platform details it. */
export interface Detail {
  code: string;
  message: string;
  data: { param: string } | null;
}

/** The platform's error body. */
export interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

/** Whether a value is the platform's error body (a documented error example's value, say). */
export const isErrorBody = (v: unknown): v is ErrorBody =>
  isObject(v) && typeof v.code === 'string' && typeof v.message === 'string' && (v.data === null || isObject(v.data));

/** An answer the front decides itself: a status and the platform's error body. */
export interface PlatformAnswer {
  status: number;
  body: ErrorBody;
}

/** A file uploaded with a multipart request, as the front hands it to the store (`__upload`). */
export interface Upload {
  filename: string;
  type: string;
  size: number;
}

/** Headers as Node's http module gives and takes them. */
export type Headers = Record<string, string | string[] | undefined>;

/** A reply ready to write: status, headers and the body's bytes. */
export interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The body's URLs are already on the mock's origin in the request's naming (only the headers are left). */
  named?: boolean;
}

/** What the front's request handling needs: the bundle and its routes, the Prisms, itself. */
export interface Front {
  doc: OpenApiDoc;
  table: Route[];
  memo: Memo | null;
  /** Prism's answer per operation, replayed for the valid requests of it (example-memo.ts), or null (`--no-memo`). */
  examples: Memo | null;
  verbose: boolean;
  bodyTimeoutMs: number;
  /** The store answering the store-backed routes, or null (`--static`: every answer from Prism). */
  store: StoreHost | null;
  /** The bundle's namespaces (the REST URLs of an answer). */
  namespaces: string[];
  /** Browser origins trusted like loopback ones (`--allow-origin`; cors.ts). */
  allowOrigins: string[];
  /** The Prism serving a route template (waits while it restarts). */
  targetFor(template: string | undefined): Promise<Target>;
  /** The embed-context answer of one of the mock's own paths (for `_embed`), or null. */
  fetchEmbed(path: string, auth: string | undefined): Promise<unknown>;
  /** The front's own port. */
  port(): number | undefined;
}

/** A matched request, read. */
export interface Asked {
  match: RouteMatch;
  method: string;
  pairs: Pairs;
  body: Buffer;
  origin: string;
  /** The naming the request came in (naming.ts). */
  naming: Naming;
}

/** The request to forward (to Prism, or to the store) and what the front found invalid in it. */
export interface ToForward {
  fwd: Forwarded;
  invalid: Map<string, Detail>;
  exampleKey: string | undefined;
  context: string | undefined;
}

/** The front's own answer before asking Prism, or the request to forward. */
export type Prepared = { reply: Reply } | ToForward;
