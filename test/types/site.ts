// A strict consumer of the generated types for the site-wide routes: the site index, POST /batch/v1
// and oembed/1.0. Type-checked with `tsc -p tsconfig.json`; every `@ts-expect-error` line must fail
// to compile, so a schema that loosens (an enum lost, a required field dropped) breaks the check.
import type { paths } from '../../generated/types.ts';

// --- site index -----------------------------------------------------------------------------------
type SiteIndexOp = paths['/']['get'];
type SiteIndex = SiteIndexOp['responses'][200]['content']['application/json'];
type SiteIndexQuery = NonNullable<SiteIndexOp['parameters']['query']>;

export function describeSite(index: SiteIndex): string {
  const name: string = index.name;
  const offset: number | string = index.gmt_offset;
  const namespaces: string[] = index.namespaces;
  // Fields newer than older sites are optional.
  const front: number | undefined = index.page_on_front;
  const logo: number | undefined = index.site_logo;
  const routes = Object.entries(index.routes).map(([pattern, route]) => {
    const ns: string = route.namespace;
    const methods: string[] = route.methods;
    const batchable = route.endpoints.some((e) => e.allow_batch?.v1 === true);
    return `${pattern} ${ns} ${methods.join(',')} ${batchable}`;
  });
  const auth = Array.isArray(index.authentication) ? undefined : index.authentication['application-passwords']?.endpoints.authorization;
  const help = index._links?.help?.[0]?.href;
  return [name, offset, namespaces.length, front, logo, routes.length, auth, help].join(' ');
}

export const indexQuery: SiteIndexQuery = { context: 'view', i18n_language: 'nl' };
// The site index ignores the language (D186): any code is accepted.
export const anyIndexLanguage: SiteIndexQuery = { i18n_language: 'fr' };
// @ts-expect-error the site index's parameters are strings
export const badIndexQuery: SiteIndexQuery = { i18n_language: 1 };

// @ts-expect-error the site index has no `title` field
export const noTitle = (index: SiteIndex) => index.title;

// --- batch ----------------------------------------------------------------------------------------
type BatchOp = paths['/batch/v1']['post'];
type BatchBody = BatchOp['requestBody']['content']['application/json'];
type BatchAnswer = BatchOp['responses'][207]['content']['application/json'];
type BatchError = BatchOp['responses'][400]['content']['application/json'];

export const createTwo: BatchBody = {
  validation: 'require-all-validate',
  requests: [
    { method: 'POST', path: '/core/v2/posts', body: { title: 'Opening night', status: 'publish' } },
    { path: '/core/v2/posts', body: { title: 'Closing night' }, headers: { 'X-WP-Nonce': 'abc', Accept: ['application/json'] } },
    { method: 'DELETE', path: '/core/v2/posts/123?force=true' },
  ],
};

export const formBody: BatchOp['requestBody']['content']['application/x-www-form-urlencoded'] = createTwo;

// @ts-expect-error GET cannot be batched: method is POST, PUT, PATCH or DELETE
export const getInBatch: BatchBody = { requests: [{ method: 'GET', path: '/core/v2/posts' }] };

// @ts-expect-error `requests` is required
export const noRequests: BatchBody = { validation: 'normal' };

// @ts-expect-error validation is require-all-validate or normal
export const badValidation: BatchBody = { validation: 'strict', requests: [] };

// @ts-expect-error each request needs a path
export const noPath: BatchBody = { requests: [{ method: 'POST' }] };

// @ts-expect-error header values are strings or lists of strings
export const numericHeader: BatchBody = { requests: [{ method: 'PATCH', path: '/core/v2/posts', headers: { 'X-Count': 1 } }] };

export function statuses(answer: BatchAnswer): number[] {
  const failed: 'validation' | undefined = answer.failed;
  void failed;
  return answer.responses.map((r) => (r === null ? 0 : r.status));
}

export function headerNames(answer: BatchAnswer): string[] {
  return answer.responses.flatMap((r) => (r === null || Array.isArray(r.headers) ? [] : Object.keys(r.headers)));
}

export function tooMany(error: BatchError): boolean {
  const details = error.data?.details;
  return error.code === 'rest_invalid_param' && details !== undefined && !Array.isArray(details) && details.requests?.code === 'rest_too_many_items';
}

// --- oEmbed ---------------------------------------------------------------------------------------
type NamespaceOp = paths['/oembed/1.0']['get'];
type EmbedOp = paths['/oembed/1.0/embed']['get'];
type EmbedQuery = EmbedOp['parameters']['query'];
type ProxyQuery = NonNullable<paths['/oembed/1.0/proxy']['get']['parameters']['query']>;
type OEmbed = EmbedOp['responses'][200]['content']['application/json'];

export const nsQuery: NonNullable<NamespaceOp['parameters']['query']> = { namespace: 'oembed/1.0', context: 'view' };
export const routesOf = (ns: NamespaceOp['responses'][200]['content']['application/json']): string[] => Object.keys(ns.routes);

export const embedJson: EmbedQuery = { url: 'https://festival.example/opening-night/', format: 'json', maxwidth: 400 };
export const embedXml: EmbedQuery = { url: 'https://festival.example/opening-night/', format: 'xml' };
export const xmlBody = (x: EmbedOp['responses'][200]['content']['text/xml']): string => x;

// @ts-expect-error format is json or xml
export const embedBadFormat: EmbedQuery = { url: 'https://festival.example/opening-night/', format: 'html' };

// @ts-expect-error url is required
export const embedNoUrl: EmbedQuery = { format: 'json' };

export const proxy: ProxyQuery = { url: 'https://video.example/watch/festival-trailer', format: 'xml', maxwidth: 600, maxheight: 400, discover: false };

// @ts-expect-error format is json or xml
export const proxyBadFormat: ProxyQuery = { url: 'https://video.example/watch/1', format: 'oembed' };

// @ts-expect-error discover is a boolean
export const proxyBadDiscover: ProxyQuery = { url: 'https://video.example/watch/1', discover: 'yes' };

export function embedSize(o: OEmbed): string {
  const version: '1.0' = o.version;
  const type: 'rich' | 'video' | 'link' = o.type;
  return `${version} ${type} ${o.width ?? 0}x${o.height ?? 0} ${o.thumbnail_url ?? ''}`;
}
