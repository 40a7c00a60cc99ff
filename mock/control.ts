// The mock's control routes, outside the REST prefix: `POST /__mock/reset` (the store back to its
// seed) and `GET /__mock/state` (the records counted, the clock), for this machine's clients only.
import { trimRoute } from '../core/match.ts';
import { CORS } from './cors.ts';
import { mockError } from './errors.ts';
import { jsonReply, platformReply } from './reply.ts';
import { stateOf, type StoreHost } from './store/host.ts';
import type { Reply } from './types.ts';

/**
 * The control routes outside the REST prefix: `POST /__mock/reset` (back to the seed) and `GET
 * /__mock/state`; null for any other path. `method` is the request's own: `_method` and
 * `X-HTTP-Method-Override` are the REST API's, so an `<img src=".../__mock/reset?_method=POST">`
 * on any page is a GET. A request from a `foreign` browser page (cors.ts) is refused: a
 * cross-origin `text/plain` POST needs no preflight, so any page could otherwise wipe the store.
 */
export function controlReply(host: StoreHost, method: string, path: string, foreign: boolean): Reply | null {
  const p = trimRoute(path);
  if (p !== '/__mock/reset' && p !== '/__mock/state') return null;
  if (foreign)
    return platformReply(
      mockError(403, 'mock_foreign_origin', `${p} is not for pages of another origin (the mock trusts loopback origins and --allow-origin).`),
    );
  if (p === '/__mock/reset' && method === 'post') {
    host.store.reset();
    return jsonReply(200, CORS, { reset: true, ...stateOf(host) });
  }
  if (p === '/__mock/state' && (method === 'get' || method === 'head')) return jsonReply(200, CORS, stateOf(host));
  return platformReply(mockError(405, 'mock_method_not_allowed', `${p} takes ${p === '/__mock/reset' ? 'POST' : 'GET'}.`));
}
