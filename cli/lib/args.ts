// A small strict argument parser: unknown flags and missing values are usage errors (exit 2).
import type { Json } from '../../core/spec.js';

export class UsageError extends Error {
  constructor(message: Json) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Parse argv against `flags`: `{ name: { type: 'string' | 'boolean' | 'list' } }`. Accepts
 * `--name value` and `--name=value`; list flags may repeat. Returns `{ values, positionals }`.
 */
export function parseArgs(argv: Json, flags: Json) {
  const values: Record<string, Json> = {};
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
    const [, name, inline] = m;
    const def = flags[name];
    if (!def) throw new UsageError(`unknown option --${name}`);
    if (def.type === 'boolean') {
      if (inline !== undefined && !/^(true|false|1|0)$/.test(inline)) throw new UsageError(`--${name} takes no value`);
      values[name] = inline === undefined ? true : /^(true|1)$/.test(inline);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new UsageError(`--${name} needs a value`);
      value = argv[++i];
    }
    if (value === '') throw new UsageError(`--${name} needs a non-empty value`);
    if (def.type === 'list') (values[name] ??= []).push(value);
    else {
      if (values[name] !== undefined) throw new UsageError(`--${name} given twice`);
      values[name] = value;
    }
  }
  return { values, positionals };
}

/** True when `metaUrl` is the script node was started with (also through an npm bin symlink). */
export async function isMain(metaUrl: Json) {
  if (!process.argv[1]) return false;
  const { realpathSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  try {
    return pathToFileURL(realpathSync(process.argv[1])).href === metaUrl;
  } catch {
    return false;
  }
}
