// The platform's errors as a typed exception. Every error body is `{code, message, data}` with
// `data.status` repeating the HTTP status; a body that is not such JSON (a proxy's HTML page, an
// empty 502) still becomes an ApiError, with `code` `http_<status>`.

/** The platform's error body `{code, message, data}`. */
export interface ApiErrorBody {
  code: string;
  message: string;
  data: { status?: number; [key: string]: unknown } | null;
  additional_errors?: { code: string; message: string; data: unknown }[];
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  data?: unknown;
  additionalErrors?: ApiErrorBody['additional_errors'];
}

function isErrorBody(v: unknown): v is ApiErrorBody {
  return !!v && typeof v === 'object' && typeof (v as ApiErrorBody).code === 'string' && typeof (v as ApiErrorBody).message === 'string';
}

/**
 * An error answer of the platform (or a transport-level failure shaped like one). Branch on `code`,
 * never on `message` (it is translated to the site's language). It carries no request data, so no
 * credentials can leak through logging it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status (0 when no response was received for the item, e.g. a batch item that did not run). */
  readonly status: number;
  /** The platform's machine code, e.g. `rest_invalid_param`. */
  readonly code: string;
  /** The platform's `data` (often `{status, params, details}`), or `null`. */
  readonly data: unknown;
  readonly additionalErrors?: ApiErrorBody['additional_errors'];

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.data = init.data ?? null;
    if (init.additionalErrors) this.additionalErrors = init.additionalErrors;
  }

  /** Build from a parsed (or raw text) error body and its HTTP status. */
  static fromBody(body: unknown, status: number, statusText = ''): ApiError {
    if (isErrorBody(body)) {
      return new ApiError({ status, code: body.code, message: body.message, data: body.data, additionalErrors: body.additional_errors });
    }
    const text = typeof body === 'string' ? body : body === undefined ? '' : safeJson(body);
    const snippet = text.length > 500 ? `${text.slice(0, 500)}…` : text;
    return new ApiError({
      status,
      code: `http_${status}`,
      message: `HTTP ${status}${statusText ? ` ${statusText}` : ''}${snippet ? `: ${snippet}` : ''}`,
      data: { status, body: snippet },
    });
  }

  /** Build from openapi-fetch's `{error, response}`. */
  static from(error: unknown, response: Response): ApiError {
    return ApiError.fromBody(error, response.status, response.statusText);
  }

  /** The error as the platform's body shape (what `JSON.stringify` gives). */
  toJSON(): ApiErrorBody & { status: number } {
    const out: ApiErrorBody & { status: number } = { status: this.status, code: this.code, message: this.message, data: this.data as ApiErrorBody['data'] };
    if (this.additionalErrors) out.additional_errors = this.additionalErrors;
    return out;
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

/** True for an ApiError (also across copies of this package). */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError || (!!e && typeof e === 'object' && (e as Error).name === 'ApiError' && typeof (e as ApiError).code === 'string');
}

type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * Await an openapi-fetch call and return its data, or throw an ApiError for any non-2xx answer:
 * `const posts = await unwrap(client.GET('/core/v2/posts'))`.
 */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R> | R): Promise<DataOf<R>> {
  const res = await call;
  if (res.error !== undefined || !res.response.ok) throw ApiError.from(res.error, res.response);
  return res.data as DataOf<R>;
}
