#!/usr/bin/env node
// The package's command: `festival-site-api <contract|drift|validate-har|breaking> [options]`.

import { isMain } from '../core/args.js';

const USAGE = `Usage: festival-site-api <command> [options]

Commands:
  contract      check a live site against the spec (read-only unless --allow-writes); see contract --help
  drift         only the drift report: the site's route index against the spec; see drift --help
  validate-har  judge recorded traffic (HAR files) against the spec; see validate-har --help
  breaking      list the changes between two bundles that break clients; see breaking --help`;

export async function dispatch(argv: readonly string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === 'contract' || cmd === 'drift') return (await import('./contract.js')).main(rest, { command: cmd, installSignals: true });
  if (cmd === 'breaking') return (await import('./breaking.js')).main(rest);
  if (cmd === 'validate-har') return (await import('./validate-har.js')).main(rest);
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return cmd === undefined ? 2 : 0;
  }
  process.stderr.write(`festival-site-api: unknown command ${JSON.stringify(cmd)}\n${USAGE}\n`);
  return 2;
}

if (isMain(import.meta.url)) {
  dispatch(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
