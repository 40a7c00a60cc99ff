// The client's serialisers: PHP-style queries and forms (the core's, core/php-query.ts) and JSON.
import { phpFormSerializer } from '../core/php-query.js';

export { phpFormSerializer, phpQuerySerializer } from '../core/php-query.js';

/** Serialise a JSON body (the default). */
export function jsonBodySerializer(body: unknown): string {
  return JSON.stringify(body);
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The request options that send a call's body as a PHP-style form. */
export type FormInit = {
  bodySerializer: (body: unknown) => string;
  headers: Record<string, string>;
};

/**
 * Send one call's body as `application/x-www-form-urlencoded` in PHP bracket form; spread it into
 * the call's options (the body keeps its spec type): `client.POST('/core/v2/posts', { body, ...asForm() })`.
 * Give the call's other headers to `asForm` (a spread `headers` key replaces the earlier one).
 */
export function asForm(headers?: Record<string, string> | Headers): FormInit {
  const out: Record<string, string> = {};
  if (headers instanceof Headers)
    headers.forEach((v, k) => {
      out[k] = v;
    });
  else if (headers) Object.assign(out, headers);
  for (const k of Object.keys(out)) if (k.toLowerCase() === 'content-type') delete out[k];
  out['Content-Type'] = FORM_CONTENT_TYPE;
  return { bodySerializer: phpFormSerializer, headers: out };
}
