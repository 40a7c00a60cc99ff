// The command line the generating stages share (batchable.ts, client-routes.ts):
//   node dist/scripts/<stage>.js [--spec generated/openapi.json] [--out <path>] [--check] [--help|-h]
// The flags are read by the core's parser (core/args.ts: an unknown flag, a missing value or a
// positional argument is a usage error, exit 2). The stage reads the bundle and derives files from
// it; a file whose text changed is written (and named), an unchanged one is left alone; with --check
// nothing is written and each stale file is named. A missing bundle or a bundle the stage cannot
// derive from fails (exit 1).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs, type ArgValues, type Flags } from '../core/args.ts';
import type { OpenApiDoc } from '../core/spec.ts';

const FLAGS = { spec: { type: 'string' }, out: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } satisfies Flags;

/** What a stage writes to: --out's default, and its line in --help (what the path names). */
export interface StageOut {
  default: string;
  help: string;
}

/** The flags of stage `name`; --help prints the stage's help and exits 0, a usage error exits 2. */
function stageArgs(name: string, argv: string[], out: StageOut): ArgValues<typeof FLAGS> {
  let values;
  try {
    values = parseArgs(argv, FLAGS, { allowPositionals: false }).values;
  } catch (e) {
    console.error(`${name}: ${e instanceof Error ? e.message : String(e)} (see --help)`);
    process.exit(2);
  }
  if (values.help) {
    console.log(`Usage: node dist/scripts/${name}.js [options]   (a stage of npm run build)

Options:
  --spec <file>           the bundle (default generated/openapi.json)
  --out <path>            ${out.help} (default ${out.default})
  --check                 write nothing; exit 1 when the output is stale
  --help                  this text (also -h)`);
    process.exit(0);
  }
  return values;
}

/**
 * Run stage `name`: `derive` maps the bundle and the --out path (default `out.default`) to the files
 * to write (path -> text). Returns --out, --check and whether a file was stale (the caller exits 1).
 */
export function generate(
  name: string,
  argv: string[],
  stageOut: StageOut,
  derive: (spec: OpenApiDoc, out: string) => Record<string, string>,
): { out: string; check: boolean; stale: boolean } {
  const args = stageArgs(name, argv, stageOut);
  const specPath = args.spec ?? 'generated/openapi.json';
  const out = args.out ?? stageOut.default;
  const check = Boolean(args.check);
  if (!existsSync(specPath)) {
    console.error(`${name}: ${specPath} not found (run npm run build first)`);
    process.exit(1);
  }
  let files: Record<string, string>;
  try {
    // The build's own bundle, taken as the core's parseBundle takes one.
    files = derive(JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDoc, out);
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
