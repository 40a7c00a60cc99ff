// The mock's shared types. The bundle is read with the core's OpenAPI model (core/openapi.ts); JSON
// bodies (a request's, a site's answer) are `unknown` until checked (core/json.ts); the store's
// records are `WpRecord` (store/record.ts).
import { isObject } from '../core/json.ts';
import type { OperationObject, Parameter } from '../core/spec.ts';

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
