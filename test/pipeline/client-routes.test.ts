// The client-routes stage (scripts/client-routes.ts): its generated files carry `// @ts-nocheck` so
// consumers do not check them again; this is the one step that type-checks them with the header
// removed, under strict. It also proves the equivalence test covers every operation of the bundle and
// can fail, that an unknown path gets a readable error (issue 16), and that no comment of types.ts or
// routes.ts makes tsc parse it as a doc comment (D253).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/spec.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const NOCHECK = /^\/\/ @ts-nocheck[^\n]*\n/;
const work = mkdtempSync(join(tmpdir(), 'client-routes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (f: string) => readFileSync(join(ROOT, 'generated', f), 'utf8');

/** A temporary project holding generated/*.ts with the header removed (optionally changed) and extra files. */
function project(name: string, edit: (file: string, text: string) => string, extra: Record<string, string> = {}): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'generated'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const f of ['types.ts', 'components.ts', 'routes.ts', 'routes-equivalence.ts'])
    writeFileSync(join(dir, 'generated', f), edit(f, read(f).replace(NOCHECK, '')));
  for (const [f, text] of Object.entries(extra)) writeFileSync(join(dir, f), text);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        types: [],
      },
      include: ['generated/*.ts', ...Object.keys(extra)],
    }),
  );
  return dir;
}

function tsc(dir: string): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}

describe('client-routes stage', () => {
  const spec = JSON.parse(read('openapi.json')) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const operations = Object.entries(spec.paths).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => `${m} ${p}`));

  it('its files (and types.ts) carry the header; consumers skip them', () => {
    for (const f of ['types.ts', 'components.ts', 'routes.ts']) expect(read(f)).toMatch(NOCHECK);
    expect(read('routes-equivalence.ts')).not.toMatch(/@ts-nocheck/);
  });

  it('their comments never name @see or @link: tsc parses such a doc comment in every consumer program (D253)', () => {
    // tsc reads a .ts or .d.ts file's doc comments as plain comments unless one matches /@(?:see|link)/i;
    // a description copied onto hundreds of operations would then be parsed hundreds of times.
    for (const f of ['types.ts', 'components.ts', 'routes.ts']) expect(read(f).match(/@(?:see|link)/gi) ?? [], f).toEqual([]);
  });

  it('routes.ts loads components.ts alone, never types.ts (paths, operations); types.ts re-exports components (D258)', () => {
    const imports = (f: string) => [...read(f).matchAll(/^import [^;]* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports('routes.ts')).toEqual(['openapi-fetch', './components.js']);
    expect(imports('components.ts')).toEqual([]);
    expect(read('routes.ts')).not.toMatch(/\b(?:operations|paths)\[/);
    expect(read('types.ts')).toContain('import type { components } from "./components.js";\nexport type { components };\n');
    expect(read('types.ts')).not.toMatch(/^export interface components\b/m);
  });

  it('has one table row, one call signature and one equivalence row per operation of the bundle', () => {
    expect(operations.length).toBeGreaterThan(200);
    const routes = read('routes.ts');
    const eq = read('routes-equivalence.ts');
    expect(eq).toContain(`export const OPERATIONS = ${operations.length};`);
    const rows = [...eq.matchAll(/^ {2}Equivalent<(\w+)Routes\["([^"]+)"\], FetchResponse<paths\["[^"]+"\]\["(\w+)"\]/gm)].map((m) => `${m[3]} ${m[2]}`);
    expect(rows.sort()).toEqual([...operations].sort());
    const calls = [...routes.matchAll(/^ {2}\(path: "([^"]+)", init\??: (\w+)I</gm)].map((m) => `${m[2].toLowerCase()} ${m[1]}`);
    expect(calls.sort()).toEqual([...operations].sort());
    expect(eq.match(/\btrue\b(?=[,\]])/g)?.length).toBe(operations.length);
  });

  it('type-checks under strict with the header removed: tables, signatures, equivalence of every operation, and the readable unknown-path error', () => {
    const probe = [
      'import type { GetCalls, PostCalls } from "./generated/routes.js";',
      'declare const get: GetCalls;',
      'declare const post: PostCalls;',
      'export async function probe() {',
      '  await get("/core/v2/postz");',
      '  await post("/core/v2/posts", { body: "not a post" });',
      '}',
    ].join('\n');
    const out = tsc(project('clean', (_f, t) => t, { 'probe.ts': probe }));
    const lines = out.split('\n').filter((l) => /error TS/.test(l));
    // Only the two probe lines fail: the generated files themselves are clean.
    expect(
      lines.map((l) => l.replace(/\(.*$/, '')),
      out,
    ).toEqual(['probe.ts', 'probe.ts']);
    expect(out).toContain("Argument of type '\"/core/v2/postz\"' is not assignable to parameter of type 'keyof GetRoutes'");
    expect(out).not.toContain('Expected 2 arguments');
    expect(out).toMatch(/Type '"not a post"' has no properties in common with type|Type 'string' has no properties in common with type/);
  }, 240_000);

  it('the equivalence test fails, naming the part, when a row differs from openapi-fetch', () => {
    const out = tsc(
      project('broken', (f, t) =>
        f !== 'routes.ts'
          ? t
          : t
              .replace(/("\/core\/v2\/posts": \{ init: \{ params\?: [\s\S]*?; body\?: never \}; )initOptional: true/, '$1initOptional: false')
              .replace(/("\/core\/v2\/pages\/\{id\}": \{ init: [\s\S]*?\}; initOptional: false; data: )/, '$1string | '),
      ),
    );
    expect(out).toContain('init optionality of get /core/v2/posts');
    expect(out).toContain('data of get /core/v2/pages/{id}');
  }, 240_000);
});
