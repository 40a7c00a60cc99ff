// The Prism host: one child process that serves every group's document (groups.ts), each through
// its own Prism HTTP server on its own loopback port (D242). Prism's modules (its validators, the
// faker data of its dynamic mode, ...) cost ~130 MB of resident memory before any document is read;
// one process per group paid them once per group. The servers are Prism's own
// (`@stoplight/prism-http-server`, the package the `prism mock` command runs, resolved next to
// `@stoplight/prism-cli`), configured as that command configures them: request validation, security
// checks, CORS, static examples; the examples are checked against their response schemas only with
// `--errors` (the only case in which a failing check changes an answer: a 500). The document is not
// watched (the mock serves a snapshot). Run by prism.ts as a guarded child:
// `node prism-host.js <level> <errors|-> <port> <spec> [<port> <spec> ...]` (each document's path an
// argument of its own, as `prism mock <spec>` had it; port 0: the system picks one). Once every server
// listens it prints `[HOST] listening on ports <port>,<port>,...` (the ports in the groups' order):
// that line is its readiness (prism.ts `hostPorts`). Logging as the command's (`[NAME] message`
// lines); a request's own violations and the server's per-request lines only at `--verbose`.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { HOST_LISTENING_PREFIX, type HostConfig } from './prism.ts';

/** A configuration from the host's arguments (prism.ts writes them). */
function configOf(args: string[]): HostConfig {
  const [level = 'error', errors = '-', ...rest] = args;
  const groups: HostConfig['groups'] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) groups.push({ port: Number(rest[i]), spec: rest[i + 1] });
  return { level, errors: errors === 'errors', groups };
}

/** The lines of a request (violations, negotiation, the server's) that only `--verbose` shows. */
const PER_REQUEST = new Set(['VALIDATOR', 'NEGOTIATOR', 'HTTP SERVER']);

interface Logger {
  child(bindings: { name: string }): Logger;
  fatal(message: string): void;
}
interface PrismServer {
  /** Resolves to the address it listens on (`http://127.0.0.1:4010`). */
  listen(port: number, host: string): Promise<string>;
}
interface PrismModules {
  getHttpOperationsFromSpec(spec: string): Promise<unknown[]>;
  resetJSONSchemaGenerator(): void;
  createServer(operations: unknown[], opts: { cors: boolean; config: object; components: { logger: Logger } }): PrismServer;
  createLogger(name: string, options: object, destination: Writable): Logger;
}

/** Prism's packages, as the installed `prism` command loads them. */
function prismModules(): PrismModules {
  const cli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'));
  const http = cli('@stoplight/prism-http') as Pick<PrismModules, 'getHttpOperationsFromSpec' | 'resetJSONSchemaGenerator'>;
  const server = cli('@stoplight/prism-http-server') as Pick<PrismModules, 'createServer'>;
  const core = cli('@stoplight/prism-core') as Pick<PrismModules, 'createLogger'>;
  return { ...http, ...server, ...core };
}

/** Prism's log records (pino's JSON lines) as the command prints them: `[NAME] message`, per-request lines only when verbose. */
function logLines(verbose: boolean): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        let name = '';
        let msg = line;
        try {
          const rec = JSON.parse(line) as { name?: unknown; msg?: unknown };
          name = typeof rec.name === 'string' ? rec.name : '';
          msg = typeof rec.msg === 'string' ? rec.msg : line;
        } catch {
          /* not a record: the line as it is */
        }
        if (!verbose && PER_REQUEST.has(name)) continue;
        process.stdout.write(`[${name || 'CLI'}] ${msg}\n`);
      }
      done();
    },
  });
}

/** Start every group's server; exit 1 (with the reason) when one cannot start. */
async function host(config: HostConfig): Promise<void> {
  const prism = prismModules();
  prism.resetJSONSchemaGenerator();
  const logger = prism.createLogger(
    'CLI',
    { customLevels: { start: 31 }, level: config.level, formatters: { level: (level: string) => ({ level }) } },
    logLines(config.level !== 'error'),
  );
  const ports: number[] = [];
  for (const g of config.groups) {
    const operations = await prism.getHttpOperationsFromSpec(g.spec);
    if (operations.length === 0) throw new Error(`No operations found in ${g.spec}.`);
    const server = prism.createServer(operations, {
      cors: true,
      config: {
        validateRequest: true,
        validateResponse: config.errors,
        checkSecurity: true,
        errors: config.errors,
        upstreamProxy: undefined,
        mock: { dynamic: false, ignoreExamples: false, seed: null },
        isProxy: false,
      },
      components: { logger: logger.child({ name: 'HTTP SERVER' }) },
    });
    const address = await server.listen(g.port, '127.0.0.1');
    const port = /:(\d+)\/?$/.exec(address)?.[1];
    if (!port) throw new Error(`Prism listens on an address without a port: ${address}`);
    ports.push(Number(port));
  }
  process.stdout.write(`${HOST_LISTENING_PREFIX}${ports.join(',')}\n`);
}

host(configOf(process.argv.slice(2))).catch((e: unknown) => {
  console.error(`[CLI] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
