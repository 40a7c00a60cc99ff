// Compile-time tests of the generated call signatures (generated/routes.ts): the body hole of
// openapi-fetch 0.17 is closed, unknown parameters and wrong parameter types are errors, an unknown
// path names the path (not "Expected 2 arguments"), raw reads keep their types, and the interop helper
// gives openapi-fetch's own `Client<paths>` (the `./openapi-fetch` entry, D258). Every `@ts-expect-error`
// line must fail to compile.
import type { Client } from 'openapi-fetch';
import { paginate, unwrap, type FestivalClient } from '../../src/index.ts';
import { asOpenApiClient, type paths } from '../../src/openapi-fetch.ts';
import type { CoreListPath } from '../../src/index.ts';
import type { CallResult, GetRoutes } from '../../generated/routes.ts';

declare const site: FestivalClient;

export async function bodies(): Promise<void> {
  // @ts-expect-error the body hole: a string is not a post (openapi-fetch 0.17 accepts it)
  await site.POST('/core/v2/posts', { body: 'not a post' });
  // @ts-expect-error a number is not a post either
  await site.POST('/core/v2/posts', { body: 42 });
  // @ts-expect-error an array is not a post
  await site.POST('/core/v2/posts', { body: [{ title: 'x' }] });
  // @ts-expect-error an unknown body field
  await site.POST('/core/v2/posts', { body: { title: 'x', titel: 'typo' } });
  // @ts-expect-error a body field of the wrong type
  await site.POST('/core/v2/posts/{id}', { params: { path: { id: 1 } }, body: { sticky: 'yes' } });
  // @ts-expect-error a body on a route that takes none
  await site.DELETE('/core/v2/posts/{id}', { params: { path: { id: 1 } }, body: { force: true } });
  // @ts-expect-error the calendar's create body needs its dates
  await site.POST('/cal/events/v1/events', { body: 'title=x' });
  const ok = await site.POST('/core/v2/posts', { body: { title: 'x', status: 'draft' } });
  if (ok.data) {
    const id: number = ok.data.id;
    void id;
  }
}

export async function parameters(): Promise<void> {
  // @ts-expect-error an unknown query parameter
  await site.GET('/core/v2/posts', { params: { query: { per_pgae: 5 } } });
  // @ts-expect-error an unknown path parameter
  await site.GET('/core/v2/posts/{id}', { params: { path: { id: 1, slug: 'x' } } });
  // @ts-expect-error a path parameter of the wrong type
  await site.GET('/core/v2/posts/{id}', { params: { path: { id: 'one' } } });
  // @ts-expect-error a query parameter of the wrong type
  await site.GET('/core/v2/posts', { params: { query: { page: '2' } } });
  // @ts-expect-error an unknown parameter location
  await site.GET('/core/v2/posts', { params: { queries: { page: 2 } } });
  // @ts-expect-error an unknown top-level option (a typo of params)
  await site.GET('/core/v2/posts', { param: { query: { page: 2 } } });
  // @ts-expect-error the init is required where a path parameter is
  await site.GET('/core/v2/posts/{id}');
  // @ts-expect-error a required query parameter (oEmbed's url) is missing
  await site.GET('/oembed/1.0/embed', { params: { query: {} } });
  // Per-call options still type-check.
  await site.GET('/core/v2/posts', { params: { query: { page: 2 } }, headers: { 'X-Test': '1' }, signal: AbortSignal.timeout(1000), cache: 'no-store' });
}

export async function unknownPath(): Promise<void> {
  // Issue 16: an unknown path is reported on the path, by the catch-all signature. The expected
  // message ("Argument of type '"/core/v2/postz"' is not assignable to parameter of type …") is
  // asserted by test/pipeline/client-routes.test.ts; here: it is an error, with and without init.
  // @ts-expect-error unknown path, no init
  await site.GET('/core/v2/postz');
  // @ts-expect-error unknown path, with an init
  await site.GET('/core/v2/postz', { params: { query: { page: 1 } } });
  // @ts-expect-error a path of another method
  await site.PATCH('/core/v2/posts');
}

export async function generic(path: '/core/v2/posts' | '/core/v2/pages', p: CoreListPath): Promise<void> {
  // A union of paths goes through the catch-all: still typed.
  const res = await site.GET(path, { params: { query: { per_page: 5 } } });
  if (res.data) {
    const n: number = res.data.length;
    void n;
  }
  for await (const page of paginate(site, p, undefined)) void page.items;
  // @ts-expect-error a wrong parameter on a union of paths
  await site.GET(path, { params: { query: { per_page: 'five' } } });
}

export async function rawReads(): Promise<void> {
  const text = await site.GET('/core/v2/posts', { parseAs: 'text' });
  if (text.data !== undefined) {
    const s: string = text.data;
    void s;
  }
  const blob = await site.GET('/core/v2/media/{id}', { params: { path: { id: 1 } }, parseAs: 'blob' });
  if (blob.data) {
    const b: Blob = blob.data;
    void b;
  }
  const json = await unwrap(site.GET('/core/v2/posts/{id}', { params: { path: { id: 1 } } }));
  const id: number = json.id;
  void id;
  // @ts-expect-error parseAs takes openapi-fetch's names only
  await site.GET('/core/v2/posts', { parseAs: 'xml' });
}

export async function request(): Promise<void> {
  const r = await site.request('get', '/core/v2/posts/{id}', { params: { path: { id: 3 } } });
  if (r.data) {
    const id: number = r.data.id;
    void id;
  }
  // @ts-expect-error the body hole is closed on request() too
  await site.request('post', '/core/v2/posts', { body: 'not a post' });
}

export function interop(): void {
  // One helper gives openapi-fetch's own client type (for openapi-react-query and similar).
  const raw: Client<paths> = asOpenApiClient(site);
  void raw;
  // @ts-expect-error FestivalClient is not openapi-fetch's Client<paths> without the helper
  const direct: Client<paths> = site;
  void direct;
  const row: CallResult<GetRoutes['/core/v2/posts']['data'], GetRoutes['/core/v2/posts']['error']> | undefined = undefined;
  void row;
}
