// The command line of every command (the CLI's, the mock's, `npm start`, the scripts'): Node's own
// `util.parseArgs` does the reading (`--name value`, `--name=value`, `-h`, `--`, short groups),
// strict; this module states the rules every command shares on top of it and words the errors
// (DECISIONS.md D146):
// - an unknown option, a missing or empty value, a value given to a switch (a boolean flag), a
//   string option given twice, and (where a command takes none) a positional argument are a
//   UsageError (the command prints it and exits 2);
// - a `list` option may repeat (its values keep their order); a switch given twice is still on;
// - a value that starts with `-` must be given inline (`--timeout=-5`): `--base-url --quiet` is a
//   missing value, not the URL "--quiet".
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from 'node:util';

/** Bad input on the command line (or in what it names): the command prints the message and exits 2. */
export class UsageError extends Error {
  readonly usage = true;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** One option: a string, a boolean switch, or a repeatable string (`list`); `short` is its one-letter form (`h` for `-h`). */
export interface FlagDef {
  type: 'string' | 'boolean' | 'list';
  short?: string;
}
export type Flags = Record<string, FlagDef>;

type ValueOf<D extends FlagDef> = D['type'] extends 'boolean' ? boolean : D['type'] extends 'list' ? string[] : string;
/** The parsed values: each option given, by name (an option not given is absent). */
export type ArgValues<F extends Flags> = { -readonly [K in keyof F]?: ValueOf<F[K]> };

export interface Parsed<F extends Flags> {
  values: ArgValues<F>;
  positionals: string[];
}

/** The options as Node's parseArgs takes them: every option `multiple`, so that a repeat is seen. */
function nodeOptions(flags: Flags): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, def] of Object.entries(flags))
    options[name] = { type: def.type === 'boolean' ? 'boolean' : 'string', multiple: true, ...(def.short ? { short: def.short } : {}) };
  return options;
}

/** The rules on Node's tokens (read leniently first, so that each problem gets its own clear message). */
function checkTokens(argv: string[], flags: Flags, allowPositionals: boolean): void {
  const { tokens } = nodeParseArgs({ args: argv, options: nodeOptions(flags), strict: false, allowPositionals: true, tokens: true });
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind === 'positional') {
      if (!allowPositionals) throw new UsageError(`unexpected argument ${JSON.stringify(t.value)}`);
      continue;
    }
    if (t.kind !== 'option') continue;
    const def = Object.hasOwn(flags, t.name) ? flags[t.name] : undefined;
    const shown = t.rawName.startsWith('--') ? t.rawName : `${t.rawName} (--${t.name})`;
    if (!def) throw new UsageError(`unknown option ${JSON.stringify(t.rawName).slice(1, -1)}`);
    if (def.type === 'boolean') {
      if (t.value !== undefined) throw new UsageError(`${shown} takes no value`);
    } else if (t.value === undefined || (!t.inlineValue && t.value.startsWith('-'))) {
      throw new UsageError(`${shown} needs a value${t.value === undefined ? '' : ` (a value that starts with "-" is given as --${t.name}=<value>)`}`);
    } else if (t.value === '') throw new UsageError(`${shown} needs a non-empty value`);
    if (def.type === 'string' && seen.has(t.name)) throw new UsageError(`--${t.name} given twice`);
    seen.add(t.name);
  }
}

/**
 * Parse `argv` against `flags` (`{ name: { type: 'string' | 'boolean' | 'list', short? } }`).
 * Returns `{ values, positionals }`; throws UsageError on any input the rules above refuse.
 * `allowPositionals: false` refuses every positional argument.
 */
export function parseArgs<F extends Flags>(argv: readonly string[], flags: F, { allowPositionals = true } = {}): Parsed<F> {
  const args = [...argv];
  checkTokens(args, flags, allowPositionals);
  let parsed;
  try {
    parsed = nodeParseArgs({ args, options: nodeOptions(flags), strict: true, allowPositionals });
  } catch (e) {
    // checkTokens refuses everything strict parsing refuses; this is the backstop, in Node's words.
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const values: Record<string, string | boolean | string[]> = {};
  for (const [name, given] of Object.entries(parsed.values)) {
    if (given === undefined) continue;
    const list = given as (string | boolean)[];
    values[name] = flags[name].type === 'list' ? (list as string[]) : list[list.length - 1];
  }
  return { values: values as ArgValues<F>, positionals: parsed.positionals };
}

/**
 * True when `metaUrl` (a module's `import.meta.url`) is the script node was started with, also
 * through an npm bin symlink or a relative path: the one "is this the main module" check.
 */
export function isMain(metaUrl: string): boolean {
  if (!process.argv[1]) return false;
  try {
    return pathToFileURL(realpathSync(process.argv[1])).href === metaUrl;
  } catch {
    return false;
  }
}
