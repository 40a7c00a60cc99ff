// The client's base URL: the core's parsing, re-exported for the client's modules.
export { isDotSegment, parseBaseUrl, routeOfUrl, urlOfRoute, type BaseUrl } from '../core/base-url.js';
