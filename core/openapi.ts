// The OpenAPI 3.1 document model the tools read: the objects and the members they use, typed; any
// other member (extensions `x-…` included) is `unknown` until checked. A node may be a `$ref`
// (`Ref`) until `deref` (spec.ts) resolves it. Written for this project: only what the bundle holds.

/** A JSON value as parsed from text. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };

/** A local reference, resolved by `deref`. */
export interface Ref {
  $ref: string;
}

/** A node that may still be a reference. */
export type MaybeRef<T> = T | Ref;

/** A JSON Schema 2020-12 node as OpenAPI 3.1 uses it. */
export interface Schema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  unevaluatedProperties?: boolean | Schema;
  propertyNames?: Schema;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  uniqueItems?: boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  contentMediaType?: string;
  contentEncoding?: string;
  [k: string]: unknown;
}

/** A named example. */
export interface Example {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
  [k: string]: unknown;
}

/** A media type of a body. */
export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, MaybeRef<Example>>;
  encoding?: Record<string, { contentType?: string; [k: string]: unknown }>;
  [k: string]: unknown;
}

/** A response header. */
export interface Header {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: Schema;
  example?: unknown;
  [k: string]: unknown;
}

/** A parameter (path, query, header or cookie). */
export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, MaybeRef<Example>>;
  [k: string]: unknown;
}

/** A request body. */
export interface RequestBody {
  description?: string;
  required?: boolean;
  content: Record<string, MediaType>;
  [k: string]: unknown;
}

/** A response. */
export interface Response {
  description?: string;
  headers?: Record<string, MaybeRef<Header>>;
  content?: Record<string, MediaType>;
  links?: Record<string, unknown>;
  [k: string]: unknown;
}

/** A security requirement: scheme name to scopes. */
export type SecurityRequirement = Record<string, string[]>;

/** An operation of a path item. */
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: MaybeRef<ParameterObject>[];
  requestBody?: MaybeRef<RequestBody>;
  responses?: Record<string, MaybeRef<Response>>;
  security?: SecurityRequirement[];
  servers?: { url: string; [k: string]: unknown }[];
  [k: string]: unknown;
}

/** A path item. */
export interface PathItem {
  $ref?: string;
  summary?: string;
  description?: string;
  parameters?: MaybeRef<ParameterObject>[];
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  patch?: OperationObject;
  head?: OperationObject;
  options?: OperationObject;
  trace?: OperationObject;
  [k: string]: unknown;
}

/** The reusable objects. */
export interface Components {
  schemas?: Record<string, Schema>;
  parameters?: Record<string, MaybeRef<ParameterObject>>;
  responses?: Record<string, MaybeRef<Response>>;
  requestBodies?: Record<string, MaybeRef<RequestBody>>;
  headers?: Record<string, MaybeRef<Header>>;
  examples?: Record<string, MaybeRef<Example>>;
  securitySchemes?: Record<string, { type: string; scheme?: string; description?: string; [k: string]: unknown }>;
  [k: string]: unknown;
}

/** A tag. */
export interface Tag {
  name: string;
  description?: string;
  [k: string]: unknown;
}

/** An OpenAPI bundle. */
export interface OpenApiDoc {
  openapi: string;
  info?: { title?: string; version?: string; description?: string; [k: string]: unknown };
  servers?: { url: string; description?: string; [k: string]: unknown }[];
  paths: Record<string, PathItem>;
  components?: Components;
  security?: SecurityRequirement[];
  tags?: Tag[];
  [k: string]: unknown;
}
