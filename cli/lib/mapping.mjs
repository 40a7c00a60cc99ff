// The CLI uses THE name mapping of the package (src/mapping.ts, compiled to dist/src/mapping.js).
// In a development checkout the TypeScript source wins when it is newer than the compiled file
// (transpiled in memory with the project's TypeScript), so the CLI never runs a stale mapping.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './spec.mjs';

let cached;

/** Import the mapping module: `{ parseMapping, mapPath, mapParam, mapBody, mapUrl, mapLinkHeader, mapNamespace, IDENTITY, ... }`. */
export async function loadMapping() {
  if (cached) return cached;
  const src = join(PACKAGE_ROOT, 'src', 'mapping.ts');
  const dist = join(PACKAGE_ROOT, 'dist', 'src', 'mapping.js');
  const distFresh = existsSync(dist) && (!existsSync(src) || statSync(dist).mtimeMs >= statSync(src).mtimeMs);
  if (!distFresh && existsSync(src)) {
    try {
      const tsModule = await import('typescript');
      const ts = tsModule.default ?? tsModule;
      const js = ts.transpileModule(readFileSync(src, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      cached = await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
      return cached;
    } catch { /* no TypeScript here: fall back to the compiled module */ }
  }
  if (!existsSync(dist)) throw new Error(`the name mapping module is missing (${dist}); run \`npm run build:client\``);
  cached = await import(new URL(`file://${dist}`).href);
  return cached;
}
