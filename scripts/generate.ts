// The command line the generating stages share (batchable.ts, client-routes.ts):
//   node dist/scripts/<stage>.js [--spec generated/openapi.json] [--out <path>] [--check]
// The stage reads the bundle and derives files from it; a file whose text changed is written (and
// named), an unchanged one is left alone; with --check nothing is written and each stale file is
// named. A missing bundle or a bundle the stage cannot derive from fails (exit 1).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Json } from '../core/spec.ts';

/** True when the module at `metaUrl` is the script node was started with. */
export const isScript = (metaUrl: string): boolean => Boolean(process.argv[1]) && fileURLToPath(metaUrl) === process.argv[1];

/**
 * Run stage `name`: `derive` maps the bundle and the --out path (default `defaultOut`) to the files
 * to write (path -> text). Returns --out, --check and whether a file was stale (the caller exits 1).
 */
export function generate(
  name: string,
  argv: string[],
  defaultOut: string,
  derive: (spec: Json, out: string) => Record<string, string>,
): { out: string; check: boolean; stale: boolean } {
  const opt = (flag: string, dflt: string): string => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const specPath = opt('--spec', 'generated/openapi.json');
  const out = opt('--out', defaultOut);
  const check = argv.includes('--check');
  if (!existsSync(specPath)) {
    console.error(`${name}: ${specPath} not found (run npm run build first)`);
    process.exit(1);
  }
  let files: Record<string, string>;
  try {
    files = derive(JSON.parse(readFileSync(specPath, 'utf8')), out);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
  let stale = false;
  for (const [path, text] of Object.entries(files)) {
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    if (check) {
      console.error(`${name}: ${path} is stale; run npm run build`);
      stale = true;
    } else {
      writeFileSync(path, text);
      console.log(`${name}: wrote ${path}`);
    }
  }
  return { out, check, stale };
}
