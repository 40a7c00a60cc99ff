// The mock's shared types. The bundle and the JSON bodies are read loosely (`Node`, the core's
// `Json`): their shape is the spec's, which the pipeline's lint and the tests check.
import type { Json, Parameter } from '../core/spec.ts';

/** A node of the bundle or of a JSON body. */
export type Node = Json;

/** A parameter of an operation (after $ref resolution). */
export type Param = Parameter;

/** A matched operation: the operation object and its merged parameters. */
export interface Entry {
  op: Node;
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

/** An answer the front decides itself: a status and the platform's error body. */
export interface PlatformAnswer {
  status: number;
  body: ErrorBody;
}

/** Headers as Node's http module gives and takes them. */
export type Headers = Record<string, string | string[] | undefined>;
