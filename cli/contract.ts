#!/usr/bin/env node
// `festival-site-api contract`: check a live site against the spec. Read-only unless --allow-writes.
// `festival-site-api drift`: only the drift report (the site's index against the spec).
// Exit codes: 0 every check passed, 1 a check failed, a record was left behind or the run was stopped
// by its deadline (partial report), 2 bad input, an unreachable site or rejected credentials,
// 130 interrupted (SIGINT; partial report).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, type ArgValues } from '../core/args.js';
import { failure, flagTable, loadSpecFlag, runCommand, runIfMain } from './lib/command.js';
import { formatBytes } from './lib/http.js';
import { checkBaseUrl as checkBase } from '../core/base-url.js';
import { asString, isObject, member } from '../core/json.js';
import * as coreMapping from '../core/mapping.js';
import { createRecorder, type Recorder } from './lib/record.js';
import { createRedactor, forTerminal } from '../core/redact.js';
import { driftText, summaryText, writeReports } from './lib/report.js';
import { CredentialsRejected, runContract, SiteUnreachable } from './lib/runner.js';
import { PACKAGE_ROOT } from '../core/spec.js';
import { errorPart } from './lib/types.js';

/** Where the reports go without --out, per command (the help texts say the same). */
export const DEFAULT_OUT: Record<string, string> = { contract: 'test-output/contract', drift: 'test-output/drift' };

const limits = (command: string) => `  --timeout <duration>    per request, headers and body (default 20s; e.g. 500ms, 20s, 1m)
  --max-body <size>       largest answer read; a larger one is cut off and fails (default 64MB; e.g. 512KB, 64MB)
  --deadline <duration>   the whole run; then it stops with a partial report, exit 1 (default 30m)
  --record <file.har>     write every exchange as HAR 1.2 (credentials redacted in every form)
  --out <dir>             where to write the reports (default ${DEFAULT_OUT[command]})
  --quiet                 no progress and no phase lines (for CI)`;

export const HELP = `Usage: festival-site-api contract --base-url <REST root> [options]

Checks a live site against the spec: every operation's documented status, content type, headers and
body schema, negative probes (missing required parameter, wrong type, out-of-range per_page, bad enum,
non-existent id, unauthenticated write), and a drift report of the site's own route index.
Read-only by default: only GET requests are sent.

Options:
  --base-url <url>        the site's REST root: https://site/wp-json, or https://site/?rest_route= for a
                          site without pretty permalinks (every request then uses that form) (required)
  --map <spec=site>       a name mapping pair, repeatable, e.g. --map core/v2=wp/v2. Without it the mapping
                          is chosen from the site's index: each real name of the festival platform the
                          index has (wp/v2, tribe/events/v1, wpml/v1, forminator/v1, ..., wpml_language);
                          a namespace the site lacks is "not on this site", not a failure. A pair given
                          here overrides the detected one of the same name
  --config <file>         a JSON config: {"baseUrl", "map": ["core/v2=wp/v2"], "namespace": [], "operation": [], "requireNamespace": [], "strict", "out", "spec", "timeout", "maxBody", "deadline"}
  --namespace <ns>        check only this spec namespace (repeatable), e.g. core/v2, (index), batch/v1
  --operation <id>        check only this operationId (repeatable), e.g. listPosts
  --require-namespace <ns>  fail (exit 1) unless this spec namespace is on the site and at least one of
                          its operations was checked (repeatable), e.g. cal/events/v1 in CI. A run that
                          checks no operation at all always fails
  --spec <file>           the bundled spec (default: the package's generated/openapi.json)
  --strict                fail on undocumented response fields
  --allow-writes          also create, update and delete records the run creates itself (removed at the end)
  --drift                 also print the drift report in full (it is always in drift.json)
${limits('contract')}
  --help                  this text (also -h)

Credentials come from the environment only: WP_USER and WP_APP_PASSWORD (an application password).
They are checked first (one request that needs them), sent only to the base URL's origin and never
printed or recorded, in any encoding.
Exit codes: 0 passed, 1 a check failed, nothing was checked, a required namespace is missing, a record
was left behind, a create answered a record the run did not make, or the deadline stopped the run,
2 bad input, unreachable site or rejected credentials, 130 interrupted.`;

export const DRIFT_HELP = `Usage: festival-site-api drift --base-url <REST root> [options]

Only the drift report: the site's own route index against the spec (routes, methods, parameters
one side has and the other lacks; known version and plugin differences marked). One GET request.

Options:
  --base-url <url>        the site's REST root (https://site/wp-json or https://site/?rest_route=) (required)
  --map <spec=site>       a name mapping pair, repeatable (default: chosen from the site's index)
  --config <file>         the contract config file
  --spec <file>           the bundled spec (default: the package's generated/openapi.json)
${limits('drift')}
  --help                  this text (also -h)
Exit codes: 0 the report was written, 2 bad input or unreachable site.`;

export const DRIFT_FLAGS = flagTable({
  string: ['base-url', 'config', 'spec', 'out', 'timeout', 'max-body', 'deadline', 'record'],
  list: ['map'],
  boolean: ['quiet'],
});
export const FLAGS = {
  ...DRIFT_FLAGS,
  ...flagTable({ list: ['namespace', 'operation', 'require-namespace'], boolean: ['strict', 'allow-writes', 'drift'] }),
};
const CONFIG_KEYS = new Set([
  'baseUrl',
  'map',
  'namespace',
  'operation',
  'requireNamespace',
  'strict',
  'out',
  'spec',
  'timeout',
  'maxBody',
  'deadline',
  '$comment',
]);

/** A config file's settings (readConfig), checked as far as the run relies on their types. */
interface Config {
  /** Checked by checkBaseUrl, as --base-url is. */
  baseUrl?: unknown;
  map?: string[];
  namespace?: string[];
  operation?: string[];
  requireNamespace?: string[];
  /** Any value: its truth counts. */
  strict?: unknown;
  out?: string | null;
  spec?: string | null;
  timeout?: string | number;
  maxBody?: string | number;
  deadline?: string | number;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function readConfig(file: string): Config {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--config ${file}: cannot read it (${errorPart(e, 'code') ?? errorPart(e, 'message')})`);
  }
  let cfg: unknown;
  try {
    cfg = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--config ${file}: not valid JSON (${errorPart(e, 'message')})`);
  }
  if (!isObject(cfg)) throw new UsageError(`--config ${file}: expected a JSON object`);
  for (const k of Object.keys(cfg)) {
    if (/pass|secret|token|user|auth/i.test(k))
      throw new UsageError(`--config ${file}: "${k}" is not allowed: credentials come from WP_USER and WP_APP_PASSWORD only`);
    if (!CONFIG_KEYS.has(k))
      throw new UsageError(`--config ${file}: unknown key "${k}" (allowed: ${[...CONFIG_KEYS].filter((x) => x !== '$comment').join(', ')})`);
  }
  const mapValue = cfg.map ?? [];
  const map = isObject(mapValue) ? Object.entries(mapValue).map(([a, b]) => `${a}=${b}`) : mapValue;
  if (!isStrings(map)) throw new UsageError(`--config ${file}: "map" must be a list of "spec=site" strings or an object`);
  const list = (k: string): string[] | undefined => {
    const v = cfg[k];
    if (v !== undefined && !isStrings(v)) throw new UsageError(`--config ${file}: "${k}" must be a list of strings`);
    return v;
  };
  const [namespace, operation, requireNamespace] = [list('namespace'), list('operation'), list('requireNamespace')];
  const limit = (k: string): string | number | undefined => {
    const v = cfg[k];
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'number')
      throw new UsageError(`--config ${file}: "${k}" must be a string such as "20s" or "64MB"`);
    return v;
  };
  const [timeout, maxBody, deadline] = [limit('timeout'), limit('maxBody'), limit('deadline')];
  // A path that is not a string (null: not given) was an internal error of path.resolve; now a usage error.
  const path = (k: string): string | null | undefined => {
    const v = cfg[k];
    if (v !== undefined && v !== null && typeof v !== 'string') throw new UsageError(`--config ${file}: "${k}" must be a string (a path)`);
    return v;
  };
  const [out, spec] = [path('out'), path('spec')];
  return { ...cfg, map, namespace, operation, requireNamespace, timeout, maxBody, deadline, out, spec };
}

/** Check and normalise --base-url (the core's rules, core/base-url.ts): `https://site/wp-json` or `https://site/?rest_route=`. */
export function checkBaseUrl(value: unknown): string {
  // The core's check answers `empty` for a value that is not a string (a config file's baseUrl may be anything).
  const r = typeof value === 'string' ? checkBase(value) : { problem: { kind: 'empty' as const } };
  if ('base' in r) return r.base.prefix;
  const p = r.problem;
  switch (p.kind) {
    case 'port':
      throw new UsageError(`--base-url: port ${p.port} is out of range (1-65535): give the port the site listens on, e.g. http://127.0.0.1:8080/wp-json`);
    case 'empty':
    case 'not-url':
      throw new UsageError(`--base-url ${JSON.stringify(value)} is not a URL (expected e.g. https://site/wp-json or https://site/?rest_route=)`);
    case 'scheme':
      throw new UsageError(`--base-url must be http or https, got ${p.protocol}`);
    case 'credentials':
      throw new UsageError('--base-url must not hold credentials: use WP_USER and WP_APP_PASSWORD');
    case 'fragment':
      throw new UsageError('--base-url must not have a fragment (#...)');
    default:
      throw new UsageError(
        '--base-url must be the REST root without a query (https://site/wp-json), or the form https://site/?rest_route= of a site without pretty permalinks',
      );
  }
}

const UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const UNITS_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `20s`, `500ms`, `30m`, a bare number of seconds -> milliseconds. */
export function parseDuration(flag: string, value: string | number): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(String(value).trim());
  if (!m) throw new UsageError(`--${flag} ${JSON.stringify(String(value))}: expected a duration such as 500ms, 20s, 5m`);
  const ms = Number(m[1]) * UNITS_MS[(m[2] ?? 's').toLowerCase()];
  if (!(ms >= 1) || ms > 24 * 3_600_000) throw new UsageError(`--${flag} ${value}: must be between 1ms and 24h`);
  return Math.round(ms);
}

/** `64MB`, `512KB`, a bare number of bytes -> bytes. */
export function parseSize(flag: string, value: string | number): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(String(value).trim());
  if (!m) throw new UsageError(`--${flag} ${JSON.stringify(String(value))}: expected a size such as 512KB or 64MB`);
  const n = Math.round(Number(m[1]) * UNITS_BYTES[(m[2] ?? 'b').toLowerCase()]);
  if (n < 1024 || n > 4 * 1024 ** 3) throw new UsageError(`--${flag} ${value}: must be between 1KB and 4GB`);
  return n;
}

/** The progress and phase lines: redacted and neutralised before they are cut (`clean`). */
/** Where the command writes (process.stdout and process.stderr, or a test's capture). */
export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

function progressWriter(stderr: OutStream, quiet: boolean | undefined, clean: (s: unknown) => string) {
  const tty = Boolean(stderr.isTTY);
  const progress = quiet || !tty ? undefined : (line: string) => stderr.write(`\r\x1b[K${clean(line).slice(0, (stderr.columns ?? 100) - 1)}`);
  const phase = quiet ? undefined : (line: string) => stderr.write(`${tty ? '\r\x1b[K' : ''}contract: ${clean(line)}\n`);
  const clear = () => {
    if (progress) stderr.write('\r\x1b[K');
  };
  return { progress, phase, clear };
}

function signals(installSignals: boolean) {
  const soft = new AbortController();
  const hard = new AbortController();
  let count = 0;
  const onSigint = () => {
    count++;
    if (count === 1) soft.abort(new Error('interrupted (SIGINT)'));
    else if (count === 2) hard.abort(new Error('interrupted twice (SIGINT)'));
    else process.exit(130);
  };
  if (installSignals) process.on('SIGINT', onSigint);
  return {
    soft,
    hard,
    dispose: () => {
      if (installSignals) process.off('SIGINT', onSigint);
    },
  };
}

/** Options of both commands, from flags and config. */
async function options(values: ArgValues<typeof FLAGS>, command: string) {
  const cfg: Config = values.config ? readConfig(values.config) : {};
  const baseRaw = values['base-url'] ?? cfg.baseUrl;
  if (!baseRaw) throw new UsageError('--base-url is required (the REST root, e.g. https://site/wp-json)');
  const baseUrl = checkBaseUrl(baseRaw);
  const map = coreMapping;
  const mapPairs = [...(cfg.map ?? []), ...(values.map ?? [])];
  try {
    map.parseMapping(mapPairs);
  } catch (e) {
    throw new UsageError(String(errorPart(e, 'message')));
  }
  const { specFile, doc } = loadSpecFlag(values.spec ?? cfg.spec ?? undefined);
  return {
    cfg,
    baseUrl,
    map,
    mapPairs,
    specFile,
    doc,
    out: resolve(values.out ?? cfg.out ?? DEFAULT_OUT[command === 'drift' ? 'drift' : 'contract']),
    timeoutMs: parseDuration('timeout', values.timeout ?? cfg.timeout ?? '20s'),
    maxBodyBytes: parseSize('max-body', values['max-body'] ?? cfg.maxBody ?? '64MB'),
    deadlineMs: parseDuration('deadline', values.deadline ?? cfg.deadline ?? '30m'),
  };
}

function packageVersion(): string {
  try {
    return asString(member(JSON.parse(readFileSync(resolve(PACKAGE_ROOT, 'package.json'), 'utf8')), 'version')) ?? '0';
  } catch {
    return '0';
  }
}

/** The HAR recorder of --record; a file that cannot be written is a usage error. */
function openRecorder(file: string, redact: (t: string) => string, command: string, baseUrl: string): Recorder {
  try {
    return createRecorder(resolve(file), {
      redact,
      creator: { name: 'festival-site-api contract', version: packageVersion() },
      comment: `${command} run against ${baseUrl}`,
    });
  } catch (e) {
    throw new UsageError(`--record ${file}: cannot write it (${errorPart(e, 'code') ?? errorPart(e, 'message')})`);
  }
}

/** Say why the run failed; returns its exit code (2: usage, unreachable site, rejected credentials, internal error). */
function failed(e: unknown, command: string, err: (s: string) => void): number {
  if (e instanceof SiteUnreachable || e instanceof CredentialsRejected) {
    err(`${command}: ${e.message}`);
    return 2;
  }
  return failure(command, e, err);
}

/** What `main` writes to and reads from (tests capture the output), and which command it runs. */
export interface MainIo {
  env?: Record<string, string | undefined>;
  stdout?: OutStream;
  stderr?: OutStream;
  fetch?: typeof fetch;
  command?: 'contract' | 'drift';
  installSignals?: boolean;
}

/** Run the command; returns the exit code. `io` lets tests capture output. */
export async function main(
  argv: readonly string[],
  { env = process.env, stdout = process.stdout, stderr = process.stderr, fetch, command = 'contract', installSignals = false }: MainIo = {},
): Promise<number> {
  const credentials = env.WP_USER && env.WP_APP_PASSWORD ? { user: env.WP_USER, password: env.WP_APP_PASSWORD } : undefined;
  const { redact, redactDeep } = createRedactor(credentials ?? (env.WP_APP_PASSWORD ? { user: env.WP_USER ?? '', password: env.WP_APP_PASSWORD } : undefined));
  // Everything printed is redacted first, then neutralised for the terminal (no control character of a site's).
  const clean = (s: unknown) => forTerminal(redact(String(s)));
  const say = (s: unknown) => stdout.write(`${clean(s)}\n`);
  const err = (s: unknown) => stderr.write(`${clean(s)}\n`);
  const drift = command === 'drift';
  let recorder: Recorder | undefined;
  const sig = signals(installSignals);
  // drift's flags are a subset of contract's: its values are contract's with some never given.
  const flags = (drift ? DRIFT_FLAGS : FLAGS) as typeof FLAGS;
  const frame = { flags, help: drift ? DRIFT_HELP : HELP, say, err, failed: (e: unknown) => failed(e, command, err) };
  try {
    return await runCommand(command, argv, frame, async (values, positionals) => {
      if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
      const opt = await options(values, command);
      if ((env.WP_USER && !env.WP_APP_PASSWORD) || (!env.WP_USER && env.WP_APP_PASSWORD))
        throw new UsageError('set both WP_USER and WP_APP_PASSWORD, or neither');
      const allowWrites = !drift && Boolean(values['allow-writes']);
      const strict = !drift && Boolean(values.strict ?? opt.cfg.strict);
      const { progress, phase, clear } = progressWriter(stderr, values.quiet, clean);
      const rec = values.record ? openRecorder(values.record, redact, command, opt.baseUrl) : undefined;
      recorder = rec;
      const mode = drift
        ? 'drift report only'
        : `${allowWrites ? 'WITH WRITES (records this run creates)' : 'read-only'}${strict ? ' · strict' : ''}${values.drift ? ' · drift report' : ''}`;
      err(
        `${command}: ${opt.baseUrl} · spec ${opt.doc.info?.version ?? '?'} · ${mode} · ${credentials ? `as ${credentials.user}` : 'anonymous'} · timeout ${opt.timeoutMs / 1000} s, max body ${formatBytes(opt.maxBodyBytes)}, deadline ${opt.deadlineMs / 1000} s`,
      );
      const report = await runContract({
        doc: opt.doc,
        specFile: opt.specFile,
        baseUrl: opt.baseUrl,
        map: opt.map,
        mapPairs: opt.mapPairs,
        credentials,
        fetch,
        namespaces: drift ? [] : [...(opt.cfg.namespace ?? []), ...(values.namespace ?? [])],
        operations: drift ? [] : [...(opt.cfg.operation ?? []), ...(values.operation ?? [])],
        requireNamespaces: drift ? [] : [...(opt.cfg.requireNamespace ?? []), ...(values['require-namespace'] ?? [])],
        strict,
        allowWrites,
        driftOnly: drift,
        progress,
        phase,
        info: (line: string) => err(`${command}: ${line}`),
        timeoutMs: opt.timeoutMs,
        maxBodyBytes: opt.maxBodyBytes,
        deadlineMs: opt.deadlineMs,
        signal: sig.soft.signal,
        hardSignal: sig.hard.signal,
        onExchange: rec ? (x) => rec.add(x) : undefined,
      });
      clear();
      const files: Record<string, string> = writeReports(redactDeep(report), opt.out, redact);
      if (recorder) {
        files.har = recorder.close();
        recorder = undefined;
      }
      say(summaryText(report));
      if (values.drift || drift) say(driftText(report.drift));
      say(`reports: ${Object.values(files).join(', ')}`);
      if (report.stopped) err(`${command}: STOPPED: ${report.stopped}; the reports are partial`);
      for (const line of report.scopeProblems ?? []) err(`${command}: FAILED: ${line}`);
      if (drift) return report.stopped ? 1 : 0;
      if (report.stopped && sig.soft.signal.aborted) return 130;
      return report.ok ? 0 : 1;
    });
  } finally {
    recorder?.close();
    sig.dispose();
  }
}

await runIfMain(import.meta.url, (argv) => main(argv, { installSignals: true }));
