// The `./openapi-fetch` entry: the client typed as openapi-fetch's own `Client<paths>`, and the generated
// `paths` and `operations` that openapi-fetch (and openapi-react-query, …) are generic over. Apart from
// the root and `./types` because they are most of the generated types (2.1 of 2.85 MB): a consumer of
// the root and of `./types` type-checks without them (D258, D259).
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/types.js';
import { internalsOf, type FestivalClient } from './client.js';

export type { paths, operations } from '../generated/types.js';

/**
 * The same client object typed as openapi-fetch's `Client<paths>`, for libraries that expect that type
 * (openapi-react-query, swr-openapi, …): `createQueryClient(asOpenApiClient(site))`. Nothing is copied;
 * the middleware (language, mapping, auth) still applies. Type-checks at openapi-fetch's own cost.
 */
export function asOpenApiClient(client: FestivalClient): Client<paths> {
  internalsOf(client);
  return client as unknown as Client<paths>;
}
