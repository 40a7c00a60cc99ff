// HAR 1.2 written by tests for validate-har: a GET answered with a JSON body, and the document
// around entries (what a browser's "Save all as HAR" holds, with the fields validate-har reads).

const JSON_TYPE = 'application/json; charset=UTF-8';

/** One entry: GET `url` answered `status` with `body` as JSON, plus the response `headers` given. */
export function harEntry(
  url: string,
  status: number,
  body: unknown,
  { statusText = '', headers = {} }: { statusText?: string; headers?: Record<string, string> } = {},
) {
  const queryString = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString, headersSize: -1, bodySize: 0 },
    response: {
      status,
      statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: JSON_TYPE }, ...Object.entries(headers).map(([name, value]) => ({ name, value }))],
      content: { size: 0, mimeType: JSON_TYPE, text: JSON.stringify(body) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

/** The HAR document of `entries`. */
export const harOf = (entries: unknown[]) => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, pages: [], entries } });
