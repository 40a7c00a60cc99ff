#!/usr/bin/env node
// `festival-site-api validate-har <file.har>...`: judge recorded HTTP traffic (a HAR from the browser's
// developer tools, a proxy, or `contract --record`) against the spec. Offline: nothing is sent.
// Exit codes: 0 every in-scope entry conforms, 1 an in-scope entry does not conform (or is
// unreadable), 2 bad input (a file that is not a HAR, an unknown flag, a bad mapping or spec).
import { resolve } from 'node:path';
import { UsageError } from '../core/args.js';
import { flagTable, loadSpecFlag, runCommand, runIfMain } from './lib/command.js';
import { writeHarReports, harSummaryText } from './lib/har-report.js';
import { clean, validateHarFiles } from './lib/har-run.js';
import * as coreMapping from '../core/mapping.js';
import { specNamespaces } from '../core/spec.js';
import type { HarLimits } from './lib/har-reader.js';

export const HELP = `Usage: festival-site-api validate-har <file.har>... [options]

Judges every recorded exchange of HAR files against the spec: the entry's URL (…/wp-json/<route> or
?rest_route=<route>) is mapped to the spec's names and matched to an operation; the response must have
a documented status, content type and documented headers, and a body valid against the schema; the
request's path and query parameters and body are judged too and reported on their own line (they do
not change the exit code). Entries the spec does not describe (other namespaces, other plugins, static
files, pages) are counted as "not in the spec", not as failures. Nothing is sent to any site.

Options:
  --map <spec=site>       a name mapping pair, repeatable, added to the festival platform's (every
                          namespace of the spec with its real name, e.g. core/v2=wp/v2,
                          ml/v1=wpml/v1, forms/v1=forminator/v1; route segments such as
                          builder/v1:font-library=google-fonts; i18n_language=wpml_language), which
                          apply whenever the file holds the real names; a pair may override one
  --namespace <ns>        judge only this spec namespace (repeatable), e.g. cal/events/v1
  --strict                fail on undocumented response fields (and flag undocumented request parameters)
  --spec <file>           the bundled spec (default: the package's generated/openapi.json)
  --rest-prefix <path>    the REST root's path on the site (repeatable; default /wp-json)
  --out <dir>             where to write report.json, junit.xml, report.html (default test-output/validate-har)
  --quiet                 print only the totals line and the report paths
  --help                  this text (also -h)

Credentials a HAR carries (Authorization, cookies, nonces) are never printed or written.
Exit codes: 0 every in-scope entry conforms, 1 an entry does not conform or is unreadable, 2 bad input.`;

export const FLAGS = flagTable({ string: ['spec', 'out'], list: ['map', 'namespace', 'rest-prefix'], boolean: ['strict', 'quiet'] });

/** Where a run prints (tests capture it), and the reader's bounds (tests lower them). */
export interface HarMainIo {
  stdout?: { write(s: string): unknown };
  stderr?: { write(s: string): unknown };
  limits?: Partial<HarLimits>;
}

/** Run the command; returns the exit code. `io` lets tests capture output. */
export async function main(argv: readonly string[], { stdout = process.stdout, stderr = process.stderr, limits }: HarMainIo = {}) {
  const say = (s: string) => stdout.write(`${s}\n`);
  const err = (s: string) => stderr.write(`${s}\n`);
  return runCommand('validate-har', argv, { flags: FLAGS, help: HELP, say, err, show: clean }, async (values, positionals) => {
    if (!positionals.length) throw new UsageError('name at least one HAR file');
    const map = coreMapping;
    let mapping;
    try {
      mapping = map.parseMapping(values.map ?? [], map.FESTIVAL_PLATFORM);
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
    const { specFile, doc } = loadSpecFlag(values.spec);
    const namespaces = values.namespace ?? [];
    const known = new Set([...specNamespaces(doc), '(index)']);
    const unknown = namespaces.filter((n) => !known.has(n));
    if (unknown.length) throw new UsageError(`unknown namespace ${unknown.join(', ')} (the spec has ${[...known].sort().join(', ')})`);
    const restPrefixes = (values['rest-prefix'] ?? ['/wp-json']).map((p) => {
      if (!/^\/[A-Za-z0-9._~/-]*$/.test(p)) throw new UsageError(`--rest-prefix ${JSON.stringify(p)}: expected a path such as /wp-json`);
      return p.replace(/\/+$/, '') || '/';
    });
    const out = resolve(values.out ?? 'test-output/validate-har');
    const files = positionals.map((f) => resolve(f));
    const { report, badFiles } = validateHarFiles({ files, doc, specFile, mapping, strict: Boolean(values.strict), namespaces, restPrefixes, limits });
    for (const b of badFiles) err(`validate-har: ${clean(b.file, 300)}: ${b.message}`);
    // A file that is not a HAR is a failed start (exit 2): the reports of an earlier run stay as they were.
    const paths = badFiles.length ? {} : writeHarReports(report, out);
    const text = harSummaryText(report);
    if (values.quiet) say(text.split('\n').pop() ?? '');
    else {
      const pairs = map
        .mappingLines(mapping)
        .filter((l) => !/^([^=:]+)=\1$/.test(l))
        .join(', ');
      say(`validate-har: ${files.length} file(s) · spec ${doc.info?.version ?? '?'}${values.strict ? ' · strict' : ''} · mapping ${pairs || 'none'}`);
      say(text);
    }
    if (badFiles.length) {
      say(`reports: none written (a file is not a HAR); ${out} is left as it was`);
      return 2;
    }
    say(`reports: ${Object.values(paths).join(', ')}`);
    return report.ok ? 0 : 1;
  });
}

await runIfMain(import.meta.url, main);
