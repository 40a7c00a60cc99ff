// An injected fetch for client tests: records every request and answers from a handler (no network).
export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export type Handler = (req: Recorded) => Response | Promise<Response>;

export function mockFetch(handler: Handler = () => json([])) {
  const calls: Recorded[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const rec: Recorded = {
      method: input.method,
      url: new URL(input.url),
      headers: new Headers(input.headers),
      body: input.body ? await input.text() : '',
    };
    calls.push(rec);
    return handler(rec);
  };
  return { fetch, calls };
}

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...(init.headers ?? {}) },
  });
}

/** The decoded query of a recorded request as [key, value] pairs, in order. */
export function queryPairs(url: URL): [string, string][] {
  return [...url.searchParams.entries()];
}

export const BASE = 'https://festival.example/wp-json';
