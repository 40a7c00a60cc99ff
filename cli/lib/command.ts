// What the commands (contract, drift, validate-har, breaking) share around their own work: their flag
// tables, the frame of a run (flags, --help and -h, a failure in one line, exit 2), the bundle --spec
// names, and running as the script node was started with. The reading of a command line itself is
// the core's (`core/args.ts`: Node's util.parseArgs and the shared rules, DECISIONS.md D146).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMain, parseArgs, UsageError, type ArgValues, type Flags } from '../../core/args.js';
import { DEFAULT_SPEC, loadBundle } from '../../core/spec.js';
import type { OpenApiDoc } from '../../core/spec.js';
import { errorPart } from './types.js';

/** The table flagTable builds: each name with its type, and `help` (also `-h`), which every command answers. */
export type FlagTable<S extends string, L extends string, B extends string> = { [K in S]: { type: 'string' } } & {
  [K in L]: { type: 'list' };
} & { [K in B]: { type: 'boolean' } } & { help: { type: 'boolean'; short: 'h' } };

/**
 * A flag table for the core's parseArgs from the names of each type: a value, a repeatable value,
 * none. `help` (short `-h`) is always in it: the frame (runCommand) answers it.
 */
export function flagTable<const S extends string = never, const L extends string = never, const B extends string = never>({
  string = [],
  list = [],
  boolean = [],
}: {
  string?: readonly S[];
  list?: readonly L[];
  boolean?: readonly B[];
}): FlagTable<S, L, B> {
  const table: Flags = {};
  for (const [type, names] of [
    ['string', string],
    ['list', list],
    ['boolean', boolean],
  ] as const)
    for (const name of names) table[name] = { type };
  table.help = { type: 'boolean', short: 'h' };
  return table as FlagTable<S, L, B>;
}

/** The bundle `--spec` names (default: the package's generated/openapi.json); a missing or unreadable one is a usage error. */
export function loadSpecFlag(value: string | undefined): { specFile: string; doc: OpenApiDoc } {
  const specFile = resolve(value ?? DEFAULT_SPEC);
  if (!existsSync(specFile)) throw new UsageError(`--spec ${specFile}: no such file${specFile === DEFAULT_SPEC ? ' (run `npm run build`)' : ''}`);
  try {
    return { specFile, doc: loadBundle(specFile) };
  } catch (e) {
    // loadBundle throws an Error with a readable message.
    throw new UsageError(String(errorPart(e, 'message')));
  }
}

/** When `metaUrl` is the script node was started with: run `main` on the process's arguments, its result the exit code. */
export async function runIfMain(metaUrl: string, main: (argv: string[]) => Promise<number>): Promise<void> {
  if (isMain(metaUrl)) process.exitCode = await main(process.argv.slice(2));
}

/**
 * A command's failure in one line on stderr, exit code 2: a usage error with the hint to --help,
 * anything else as an internal error. `show` makes a message fit to print (cut to `max` characters).
 */
export function failure(name: string, e: unknown, err: (line: string) => void, show: (text: string, max: number) => string = (t) => t): number {
  if (e instanceof UsageError || errorPart(e, 'usage')) err(`${name}: ${show(String(errorPart(e, 'message')), 500)}\nRun with --help for usage.`);
  else err(`${name}: internal error: ${show(String(errorPart(e, 'message') ?? e), 300)}`);
  return 2;
}

/**
 * The frame of a command: `argv` parsed against `flags` by the core's parseArgs; --help (or -h)
 * prints `help` (exit 0); otherwise `run` does the work and returns the exit code. Whatever it
 * throws ends as `failed` says (by default `failure`).
 */
export async function runCommand<F extends Flags & { help: { type: 'boolean' } }>(
  name: string,
  argv: readonly string[],
  io: {
    flags: F;
    help: string;
    say: (line: string) => void;
    err: (line: string) => void;
    show?: (text: string, max: number) => string;
    failed?: (e: unknown) => number;
  },
  run: (values: ArgValues<F>, positionals: string[]) => Promise<number> | number,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs(argv, io.flags);
    if (values.help) {
      io.say(io.help);
      return 0;
    }
    return await run(values, positionals);
  } catch (e) {
    return io.failed ? io.failed(e) : failure(name, e, io.err, io.show);
  }
}
