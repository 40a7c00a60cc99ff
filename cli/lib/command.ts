// What the commands (contract, drift, validate-har, breaking) share around their own work: their flag
// tables, the bundle --spec names, and running as the script node was started with.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SPEC, loadBundle } from '../../core/spec.js';
import type { Json } from '../../core/spec.js';
import { isMain, UsageError } from './args.js';

export type FlagType = 'string' | 'list' | 'boolean';

/** A flag table for parseArgs (`{ name: { type } }`) from the names of each type: a value, a repeatable value, none. */
export function flagTable({ string = [], list = [], boolean = [] }: Partial<Record<FlagType, string[]>>): Record<string, { type: FlagType }> {
  const table: Record<string, { type: FlagType }> = {};
  for (const [type, names] of [
    ['string', string],
    ['list', list],
    ['boolean', boolean],
  ] as const)
    for (const name of names) table[name] = { type };
  return table;
}

/** The bundle `--spec` names (default: the package's generated/openapi.json); a missing or unreadable one is a usage error. */
export function loadSpecFlag(value: string | undefined): { specFile: string; doc: Json } {
  const specFile = resolve(value ?? DEFAULT_SPEC);
  if (!existsSync(specFile)) throw new UsageError(`--spec ${specFile}: no such file${specFile === DEFAULT_SPEC ? ' (run `npm run build`)' : ''}`);
  try {
    return { specFile, doc: loadBundle(specFile) };
  } catch (e: Json) {
    throw new UsageError(e.message);
  }
}

/** When `metaUrl` is the script node was started with: run `main` on the process's arguments, its result the exit code. */
export async function runIfMain(metaUrl: string, main: (argv: string[]) => Promise<number>): Promise<void> {
  if (await isMain(metaUrl)) process.exitCode = await main(process.argv.slice(2));
}
