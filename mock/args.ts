// The mock's command line: its flags, its --help text, and the parser (the core's: strict, an unknown
// flag or a missing value is exit 2). Kept apart from mock/main.ts so a test can compare the two.
import { parseArgs, UsageError, type Flags } from '../core/args.ts';

export const MOCK_FLAGS = {
  port: { type: 'string', short: 'p' },
  spec: { type: 'string' },
  seed: { type: 'string' },
  static: { type: 'boolean' },
  now: { type: 'string' },
  release: { type: 'string' },
  wordpress: { type: 'string' },
  errors: { type: 'boolean' },
  verbose: { type: 'boolean' },
  'no-memo': { type: 'boolean' },
  'body-timeout': { type: 'string' },
  'max-records': { type: 'string' },
  'max-store-mb': { type: 'string' },
  'allow-origin': { type: 'list' },
  help: { type: 'boolean', short: 'h' },
} satisfies Flags;

export const MOCK_HELP = `Usage: npm run mock -- [options]      (or: node dist/mock/main.js [options])

Serves the bundled spec as a mock that answers as the platform does, on 127.0.0.1. Posts, pages,
media, menu items and the calendar's events, venues, organizers, categories and tags are a store that
remembers writes (seeded with a festival; POST /__mock/reset restores it); every other route is Prism
answering from the spec's examples. A front gives the platform's errors, paging, context, _fields,
_embed, _envelope and CORS, under the spec's names and the real site's (/wp-json/wp/v2, ?rest_route=). Choose another documented answer with the request header
\`Prefer: code=404\` or \`Prefer: example=<key>\`. Ctrl-C stops it (and every Prism it started).

Options:
  --port <n>              the port on 127.0.0.1 (default 4010, or MOCK_PORT; 0 picks a free one; also -p)
  --spec <file>           the bundle to serve (default generated/openapi.yaml; restart after a build)
  --seed <file>           start the store from this JSON file instead of the built-in festival (see mock/README.md)
  --static                examples only, no state (every answer from the spec's examples, as before 3.1)
  --now <date>            the store's clock starts at this site-time date (default: the festival's first day; real: the real clock)
  --release <tec>         the calendar release the store answers as where releases differ: 6.17.2 (default, the newest
                          sandbox release) or 6.6.4.2 (an unknown event id is 400 rest_invalid_param, a trashed event
                          is read in full with credentials and 403 event-not-accessible without)
  --wordpress <version>   the WordPress release the store answers as (default 7.1.4, the newest sandbox release): a field
                          or link added later (x-since in the spec) is not sent, e.g. 6.8.12 (wp68): files lack filename
  --errors                an example that breaks its schema answers 500 (the tests use it)
  --verbose               Prism logs warnings too, and its sl-violations header is kept
  --no-memo               ask Prism every time (default: a repeated request, and a valid GET of an operation
                          Prism already answered, are answered from memory)
  --body-timeout <ms>     how long a request body may take to arrive, 100-600000 (default 10000), then 408
  --max-records <n>       the store holds at most n records (default 5000); a write beyond answers 507 mock_store_full
  --max-store-mb <n>      the store's records take at most n MB as JSON (default 32); a write beyond answers 507
  --allow-origin <origin> a browser origin trusted like a loopback one (repeatable; default: loopback origins only):
                          from any other Origin the control routes answer 403 and credentials do not pass
  --help                  this text (also -h)

Prints "mock: listening on http://127.0.0.1:<port> (...; listening in <ms> ms ...)" as soon as it
answers (the store's routes at once), then "mock: Prism ready in <ms> ms" once every route is served
(a request for a Prism route waits for it until then). Details: mock/README.md.`;

/** The mock's options, parsed from its argv. */
export interface MockOptions {
  port: string;
  spec: string;
  /** A JSON file of the user's own records to start the store from (`--seed`). */
  seed: string | undefined;
  /** Examples only, no store (`--static`). */
  static: boolean;
  /** Where the store's clock starts (`--now`): a site-time date, `real`, or undefined (the festival's first day). */
  now: string | undefined;
  /** The calendar release the store answers as (`--release`), as given; undefined: the newest. */
  release: string | undefined;
  /** The WordPress release the store answers as (`--wordpress`), as given; undefined: the newest. */
  wordpress: string | undefined;
  errors: boolean;
  verbose: boolean;
  memo: boolean;
  bodyTimeout: string;
  /** The store's limits (`--max-records`, `--max-store-mb`), as given. */
  maxRecords: string;
  maxStoreMb: string;
  /** Browser origins trusted like loopback ones (`--allow-origin`). */
  allowOrigins: string[];
  help: boolean;
}

/** Parse the mock's argv; throws UsageError (core/args.ts) on bad input. `env.MOCK_PORT` is the default port. */
export function parseMockArgs(argv: string[], env: Record<string, string | undefined> = {}): MockOptions {
  let v;
  try {
    v = parseArgs(argv, MOCK_FLAGS, { allowPositionals: false }).values;
  } catch (e) {
    throw e instanceof UsageError ? new UsageError(`${e.message} (see --help)`) : e;
  }
  return {
    port: v.port ?? env.MOCK_PORT ?? '4010',
    spec: v.spec ?? 'generated/openapi.yaml',
    seed: v.seed,
    static: v.static ?? false,
    now: v.now,
    release: v.release,
    wordpress: v.wordpress,
    errors: v.errors ?? false,
    verbose: v.verbose ?? false,
    memo: !v['no-memo'],
    bodyTimeout: v['body-timeout'] ?? '10000',
    maxRecords: v['max-records'] ?? '5000',
    maxStoreMb: v['max-store-mb'] ?? '32',
    allowOrigins: v['allow-origin'] ?? [],
    help: v.help ?? false,
  };
}
