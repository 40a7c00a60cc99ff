// What the commands (contract, drift, validate-har, breaking) share around their own work: their flag
// tables, the frame of a run (flags, --help, a failure in one line, exit 2), the bundle --spec names,
// and running as the script node was started with.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SPEC, loadBundle } from '../../core/spec.js';
import type { Json } from '../../core/spec.js';
import { isMain, parseArgs, UsageError } from './args.js';

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

/**
 * A command's failure in one line on stderr, exit code 2: a usage error with the hint to --help,
 * anything else as an internal error. `show` makes a message fit to print (cut to `max` characters).
 */
export function failure(name: string, e: Json, err: (line: string) => void, show: (text: string, max: number) => string = (t) => t): number {
  if (e instanceof UsageError || e?.usage) err(`${name}: ${show(e.message, 500)}\nRun with --help for usage.`);
  else err(`${name}: internal error: ${show(String(e?.message ?? e), 300)}`);
  return 2;
}

/**
 * The frame of a command: `argv` parsed against `flags`; --help prints `help` (exit 0); otherwise
 * `run` does the work and returns the exit code. Whatever it throws ends as `failed` says (by
 * default `failure`).
 */
export async function runCommand(
  name: string,
  argv: string[],
  io: {
    flags: Record<string, { type: FlagType }>;
    help: string;
    say: (line: string) => void;
    err: (line: string) => void;
    show?: (text: string, max: number) => string;
    failed?: (e: Json) => number;
  },
  run: (values: Json, positionals: string[]) => Promise<number> | number,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs(argv, io.flags);
    if (values.help) {
      io.say(io.help);
      return 0;
    }
    return await run(values, positionals);
  } catch (e: Json) {
    return io.failed ? io.failed(e) : failure(name, e, io.err, io.show);
  }
}
