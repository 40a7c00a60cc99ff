#!/usr/bin/env node
// `festival-site-api contract`: check a live site against the spec. Read-only unless --allow-writes.
// Exit codes: 0 every check passed, 1 a check failed (or a record was left behind), 2 bad input or an
// unreachable site.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMain, parseArgs, UsageError } from './lib/args.mjs';
import { loadMapping } from './lib/mapping.mjs';
import { summaryText, writeReports } from './lib/report.mjs';
import { runContract, SiteUnreachable } from './lib/runner.mjs';
import { DEFAULT_SPEC, loadBundle } from './lib/spec.mjs';

export const HELP = `Usage: festival-site-api contract --base-url <REST root> [options]

Checks a live site against the spec: every operation's documented status, content type, headers and
body schema, negative probes (missing required parameter, wrong type, out-of-range per_page, bad enum,
non-existent id, unauthenticated write), and a drift report of the site's own route index.
Read-only by default: only GET requests are sent.

Options:
  --base-url <url>        the site's REST root, e.g. https://site/wp-json (required)
  --map <spec=site>       a name mapping pair, repeatable: --map core/v2=wp/v2 --map i18n_language=wpml_language
  --config <file>         a JSON config: {"baseUrl", "map": ["core/v2=wp/v2"], "namespace": [], "operation": [], "strict", "out", "spec"}
  --namespace <ns>        check only this spec namespace (repeatable), e.g. core/v2, (index), batch/v1
  --operation <id>        check only this operationId (repeatable), e.g. listPosts
  --spec <file>           the bundled spec (default: the package's generated/openapi.json)
  --strict                fail on undocumented response fields
  --allow-writes          also create, update and delete records the run creates itself (removed at the end)
  --drift                 only the drift report (no operation checks)
  --out <dir>             where to write report.json, drift.json, junit.xml, report.html (default test-output/contract)
  --quiet                 no progress line
  --help                  this text

Credentials come from the environment only: WP_USER and WP_APP_PASSWORD (an application password).
They are sent only to the base URL's origin and never printed.
Exit codes: 0 passed, 1 a check failed or a record was left behind, 2 bad input or unreachable site.`;

const FLAGS = {
  'base-url': { type: 'string' }, map: { type: 'list' }, config: { type: 'string' }, namespace: { type: 'list' },
  operation: { type: 'list' }, spec: { type: 'string' }, strict: { type: 'boolean' }, 'allow-writes': { type: 'boolean' },
  drift: { type: 'boolean' }, out: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean' },
};
const CONFIG_KEYS = new Set(['baseUrl', 'map', 'namespace', 'operation', 'strict', 'out', 'spec', '$comment']);

function readConfig(file) {
  let text;
  try { text = readFileSync(file, 'utf8'); } catch (e) { throw new UsageError(`--config ${file}: cannot read it (${e.code ?? e.message})`); }
  let cfg;
  try { cfg = JSON.parse(text); } catch (e) { throw new UsageError(`--config ${file}: not valid JSON (${e.message})`); }
  if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) throw new UsageError(`--config ${file}: expected a JSON object`);
  for (const k of Object.keys(cfg)) {
    if (/pass|secret|token|user|auth/i.test(k)) throw new UsageError(`--config ${file}: "${k}" is not allowed: credentials come from WP_USER and WP_APP_PASSWORD only`);
    if (!CONFIG_KEYS.has(k)) throw new UsageError(`--config ${file}: unknown key "${k}" (allowed: ${[...CONFIG_KEYS].filter((x) => x !== '$comment').join(', ')})`);
  }
  let map = cfg.map ?? [];
  if (map && typeof map === 'object' && !Array.isArray(map)) map = Object.entries(map).map(([a, b]) => `${a}=${b}`);
  if (!Array.isArray(map) || map.some((m) => typeof m !== 'string')) throw new UsageError(`--config ${file}: "map" must be a list of "spec=site" strings or an object`);
  for (const k of ['namespace', 'operation']) if (cfg[k] !== undefined && (!Array.isArray(cfg[k]) || cfg[k].some((x) => typeof x !== 'string'))) throw new UsageError(`--config ${file}: "${k}" must be a list of strings`);
  return { ...cfg, map };
}

function checkBaseUrl(value) {
  let u;
  try { u = new URL(value); } catch { throw new UsageError(`--base-url ${JSON.stringify(value)} is not a URL (expected e.g. https://site/wp-json)`); }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`--base-url must be http or https, got ${u.protocol}`);
  if (u.username || u.password) throw new UsageError('--base-url must not hold credentials: use WP_USER and WP_APP_PASSWORD');
  if (u.search || u.hash) throw new UsageError('--base-url must be the REST root without a query or fragment');
  return u.toString().replace(/\/+$/, '');
}

/** Run the command; returns the exit code. `io` lets tests capture output. */
export async function main(argv, { env = process.env, stdout = process.stdout, stderr = process.stderr, fetch } = {}) {
  const say = (s) => stdout.write(`${s}\n`);
  const err = (s) => stderr.write(`${s}\n`);
  const creds = [env.WP_APP_PASSWORD].filter(Boolean);
  const redact = (s) => creds.reduce((t, c) => t.split(c).join('[redacted]'), String(s));
  try {
    const { values, positionals } = parseArgs(argv, FLAGS);
    if (values.help) { say(HELP); return 0; }
    if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    const cfg = values.config ? readConfig(values.config) : {};
    const baseRaw = values['base-url'] ?? cfg.baseUrl;
    if (!baseRaw) throw new UsageError('--base-url is required (the REST root, e.g. https://site/wp-json)');
    const baseUrl = checkBaseUrl(baseRaw);
    const map = await loadMapping();
    let mapping;
    try { mapping = map.parseMapping([...(cfg.map ?? []), ...(values.map ?? [])]); } catch (e) { throw new UsageError(e.message); }
    const specFile = resolve(values.spec ?? cfg.spec ?? DEFAULT_SPEC);
    if (!existsSync(specFile)) throw new UsageError(`--spec ${specFile}: no such file${specFile === DEFAULT_SPEC ? ' (run `npm run build`)' : ''}`);
    let doc;
    try { doc = loadBundle(specFile); } catch (e) { throw new UsageError(e.message); }
    if ((env.WP_USER && !env.WP_APP_PASSWORD) || (!env.WP_USER && env.WP_APP_PASSWORD)) throw new UsageError('set both WP_USER and WP_APP_PASSWORD, or neither');
    const credentials = env.WP_USER && env.WP_APP_PASSWORD ? { user: env.WP_USER, password: env.WP_APP_PASSWORD } : undefined;
    const out = resolve(values.out ?? cfg.out ?? 'test-output/contract');
    const tty = Boolean(stderr.isTTY);
    let last = 0;
    const progress = values.quiet ? undefined : (line) => {
      if (tty) stderr.write(`\r\x1b[K${line.slice(0, (stderr.columns ?? 100) - 1)}`);
      else if (Date.now() - last > 2000) { last = Date.now(); err(line); }
    };
    err(`contract: ${baseUrl} · spec ${doc.info?.version ?? '?'} · ${values['allow-writes'] ? 'WITH WRITES (records this run creates)' : 'read-only'}${values.strict ?? cfg.strict ? ' · strict' : ''} · ${credentials ? `as ${credentials.user}` : 'anonymous'}`);
    const report = await runContract({
      doc, specFile, baseUrl, mapping, map, credentials, fetch,
      namespaces: [...(cfg.namespace ?? []), ...(values.namespace ?? [])],
      operations: [...(cfg.operation ?? []), ...(values.operation ?? [])],
      strict: Boolean(values.strict ?? cfg.strict), allowWrites: Boolean(values['allow-writes']), driftOnly: Boolean(values.drift), progress,
    });
    if (tty && progress) stderr.write('\r\x1b[K');
    const files = JSON.parse(redact(JSON.stringify(writeReports(JSON.parse(redact(JSON.stringify(report))), out))));
    say(redact(summaryText(report)));
    say(`reports: ${Object.values(files).join(', ')}`);
    if (values.drift) return 0;
    return report.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof UsageError || e.usage) { err(`contract: ${redact(e.message)}\nRun with --help for usage.`); return 2; }
    if (e instanceof SiteUnreachable) { err(`contract: ${redact(e.message)}`); return 2; }
    err(`contract: internal error: ${redact(e?.message ?? e)}`);
    return 2;
  }
}

if (await isMain(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
