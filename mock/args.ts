// The mock's command line: its flags, its --help text, and the parser (strict: an unknown flag or a
// missing value is exit 2). Kept apart from mock/main.ts so a test can compare the two.

export interface FlagDef {
  type: 'string' | 'boolean';
  alias?: string;
}

export const MOCK_FLAGS: Record<string, FlagDef> = {
  port: { type: 'string', alias: '-p' },
  spec: { type: 'string' },
  errors: { type: 'boolean' },
  verbose: { type: 'boolean' },
  'no-memo': { type: 'boolean' },
  'body-timeout': { type: 'string' },
  static: { type: 'boolean' },
  seed: { type: 'string' },
  now: { type: 'string' },
  help: { type: 'boolean', alias: '-h' },
};

export const MOCK_HELP = `Usage: npm run mock -- [options]      (or: node dist/mock/main.js [options])

Serves the bundled spec as a mock that answers as the platform does, on 127.0.0.1: Prism answering
from the spec's examples, behind a front that gives the platform's errors, paging, context, _fields,
_embed, _envelope and CORS. Choose another documented answer with the request header
\`Prefer: code=404\` or \`Prefer: example=<key>\`. Ctrl-C stops it (and every Prism it started).

Options:
  --port <n>              the port on 127.0.0.1 (default 4010, or MOCK_PORT; 0 picks a free one)
  --spec <file>           the bundle to serve (default generated/openapi.yaml; restart after a build)
  --errors                an example that breaks its schema answers 500 (the tests use it)
  --verbose               Prism logs warnings too, and its sl-violations header is kept
  --no-memo               ask Prism every time (default: a repeated request is answered from memory)
  --body-timeout <ms>     how long a request body may take to arrive, 100-600000 (default 10000), then 408
  --static                examples only, no state (every answer from the spec's examples, as before 3.1)
  --seed <file>           start the store from this JSON file instead of the built-in festival (see mock/README.md)
  --now <date>|real       the store's clock starts at this site-time date (default: the festival's first day); real: the real clock
  --help                  this text

Prints "mock: listening on http://127.0.0.1:<port> ..." once it answers. Details: mock/README.md.`;

/** Parse the mock's argv: `{ port, spec, errors, verbose, memo, bodyTimeout, help }`; throws Error on bad input. */
export interface MockOptions {
  port: string;
  spec: string;
  errors: boolean;
  verbose: boolean;
  memo: boolean;
  bodyTimeout: string;
  help: boolean;
  static: boolean;
  seed: string | undefined;
  now: string | undefined;
}

export function parseMockArgs(argv: string[], env: Record<string, string | undefined> = {}): MockOptions {
  const opts: MockOptions = {
    port: env.MOCK_PORT ?? '4010',
    spec: 'generated/openapi.yaml',
    errors: false,
    verbose: false,
    memo: true,
    bodyTimeout: '10000',
    help: false,
    static: false,
    seed: undefined,
    now: undefined,
  };
  const byAlias = Object.fromEntries(
    Object.entries(MOCK_FLAGS)
      .filter(([, d]) => d.alias)
      .map(([n, d]) => [d.alias, n]),
  ) as Record<string, string>;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(a);
    const name = m ? m[1] : byAlias[a];
    const def = name === undefined ? undefined : MOCK_FLAGS[name];
    if (!def) throw new Error(`unknown argument ${JSON.stringify(a)} (see --help)`);
    let value: string | undefined;
    if (def.type === 'string') {
      value = m?.[2];
      if (value === undefined) {
        if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new Error(`--${name} needs a value`);
        value = argv[++i];
      }
    } else if (m?.[2] !== undefined) throw new Error(`--${name} takes no value`);
    if (name === 'port') opts.port = value!;
    else if (name === 'spec') opts.spec = value!;
    else if (name === 'body-timeout') opts.bodyTimeout = value!;
    else if (name === 'seed') opts.seed = value!;
    else if (name === 'now') opts.now = value!;
    else if (name === 'static') opts.static = true;
    else if (name === 'no-memo') opts.memo = false;
    else if (name === 'errors' || name === 'verbose' || name === 'help') opts[name] = true;
  }
  return opts;
}
