// The published package, as a consumer gets it: `npm pack` the project, install the tarball into a
// fresh project that has only TypeScript, compile a consumer file under `strict` that imports the
// client and the types by package name, and run it against the mock. This proves the `exports`, the
// `files` list and the declarations, not the source tree. No network: npm runs --offline.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../core/process.ts';
import { pack, PKG, REPO, run, SETUP_MS } from './package.js';

let work: string;
let project: string;
let tarball: string;
let prism: ChildProcess | undefined;
let mockUrl: string;
let installedWith = '';
let prismLog = '';
const mockLog = () => prismLog;

async function startMock(): Promise<void> {
  const port = await freePort();
  mockUrl = `http://127.0.0.1:${port}`;
  prism = spawn(
    process.execPath,
    [
      join(REPO, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'mock',
      join(REPO, 'generated/openapi.yaml'),
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-m',
      'false',
      '--errors',
      '-v',
      'warn',
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prismLog = '';
  prism.stdout?.on('data', (d) => {
    prismLog += d;
  });
  prism.stderr?.on('data', (d) => {
    prismLog += d;
  });
  const log = { toString: () => prismLog };
  const deadline = Date.now() + 240_000; // a bound for a loaded machine; the loop ends when Prism answers
  while (Date.now() < deadline) {
    if (prism.exitCode !== null) throw new Error(`prism exited: ${log}`);
    try {
      await fetch(`${mockUrl}/`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`prism did not start: ${log}`);
}

/** Install the tarball offline; if npm cannot (no cache), lay node_modules out by hand from the repo's. */
function install(): void {
  const res = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);
  if (res.status === 0) {
    installedWith = 'npm install --offline';
    return;
  }
  installedWith = `manual layout (npm said: ${res.out.trim().split('\n').pop()})`;
  const nm = join(project, 'node_modules');
  rmSync(nm, { recursive: true, force: true });
  mkdirSync(join(nm, PKG.name), { recursive: true });
  expect(run('tar', ['-xzf', tarball, '-C', join(nm, PKG.name), '--strip-components=1'], project).status).toBe(0);
  for (const dep of [...Object.keys(PKG.dependencies ?? {}), 'openapi-typescript-helpers']) {
    if (existsSync(join(nm, dep))) continue;
    mkdirSync(dirname(join(nm, dep)), { recursive: true }); // a scoped package (@xmldom/xmldom) sits in its scope's folder
    symlinkSync(join(REPO, 'node_modules', dep), join(nm, dep), 'dir');
  }
}

/** Compile `source` as `<name>.ts` of the consumer project, alone, under strict (tsconfig.<name>.json): tsc's result. */
function compileAlone(name: string, source: string) {
  writeFileSync(join(project, `${name}.ts`), source);
  writeFileSync(
    join(project, `tsconfig.${name}.json`),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [], lib: ['ES2022', 'DOM'] },
      files: [`${name}.ts`],
    }),
  );
  return run(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${name}.json`], project);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'festival-consumer-'));
  tarball = pack(work);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  install();
  // TypeScript only, from the repo (no network).
  symlinkSync(join(REPO, 'node_modules/typescript'), join(project, 'node_modules/typescript'), 'dir');
  await startMock();
}, SETUP_MS);

afterAll(() => {
  if (prism?.pid && prism.exitCode === null) process.kill(prism.pid, 'SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

const CONSUMER = `
import { ApiError, asForm, batch, collect, createClient, paginate, unwrap, type FestivalClient } from '${PKG.name}';
import type { components, Post, PostEdit, PostEmbed } from '${PKG.name}/types';
import type { paths } from '${PKG.name}/openapi-fetch';
import { FESTIVAL_PLATFORM, mapPath } from '${PKG.name}/mapping';
import spec from '${PKG.name}/openapi.json' with { type: 'json' };

const base = process.argv[2];
const out: Record<string, unknown> = {};

// The mock refuses credentials on public-only operations: read anonymously, write with credentials.
const reader: FestivalClient = createClient({ baseUrl: base, language: 'de' });
const client: FestivalClient = createClient({ baseUrl: base, language: 'de', auth: { user: 'editor', password: 'xxxx xxxx xxxx xxxx' } });

// openapi-fetch style: typed data or typed error.
const index = await reader.GET('/');
out.index = index.response.status;
const events = await reader.GET('/cal/events/v1/events', { params: { query: { per_page: 2, start_date: '2026-12-01' } } });
out.events = events.data ? events.data.events.length : -1;
const posts = await reader.GET('/core/v2/posts', { params: { query: { per_page: 2, include: [1, 2] } } });
if (posts.data) {
  const first: Post | PostEdit | PostEmbed | undefined = posts.data[0];
  out.postTitle = typeof first?.title?.rendered;
}
// Throwing style.
const created = await unwrap(client.POST('/core/v2/posts', { body: { title: 'From the consumer', status: 'draft' } }));
out.created = typeof created.id;
const formCreated = await client.POST('/core/v2/posts', { body: { title: 'form', status: 'draft', tags: [1, 2] }, ...asForm() });
out.form = formCreated.response.status;
let pages = 0;
for await (const page of paginate(reader, '/core/v2/posts', { params: { query: { per_page: 1 } } }, { maxPages: 2 })) pages += page.items.length >= 0 ? 1 : 0;
out.pages = pages;
const results = await batch(client, [{ method: 'POST', path: '/core/v2/posts', body: { title: 'batched' } }]);
out.batch = results.length;
try {
  await unwrap(reader.GET('/core/v2/posts/{id}', { params: { path: { id: 1 } }, headers: { Prefer: 'code=404' } }));
} catch (e) {
  out.error = e instanceof ApiError ? e.code : String(e);
}
const schemaNames: (keyof components['schemas'])[] = ['Error'];
out.schemas = schemaNames.length;
type IndexGet = paths['/']['get'];
const op: IndexGet | undefined = undefined;
out.op = op === undefined;
out.mapped = mapPath('/core/v2/posts', FESTIVAL_PLATFORM);
out.openapi = (spec as { openapi: string }).openapi;
out.yaml = import.meta.resolve('${PKG.name}/openapi.yaml').endsWith('/generated/openapi.yaml');
void collect;
console.log(JSON.stringify(out));
`;

describe('the packed package in a fresh consumer project', () => {
  it('contains only the published files', () => {
    const list = run('tar', ['-tzf', tarball], work)
      .out.split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''));
    expect(list).toContain('dist/src/index.js');
    expect(list).toContain('dist/src/index.d.ts');
    expect(list).toContain('dist/src/types.d.ts');
    expect(list).toContain('dist/src/mapping.js');
    expect(list).toContain('generated/openapi.json');
    expect(list).toContain('generated/openapi.yaml');
    expect(list.filter((f) => f.startsWith('test/') || f.startsWith('openapi/') || (f.startsWith('src/') && f.endsWith('.ts')))).toEqual([]);
  });

  it('compiles a strict consumer that imports the client and the types by package name', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            resolveJsonModule: true,
            outDir: 'out',
            skipLibCheck: false,
            types: [],
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          },
          files: ['consumer.ts', 'node-shim.d.ts'],
        },
        null,
        2,
      ),
    );
    // The consumer has no @types/node; declare the two globals it uses.
    writeFileSync(join(project, 'node-shim.d.ts'), 'declare const process: { argv: string[] };\ninterface ImportMeta { resolve(specifier: string): string }\n');
    writeFileSync(join(project, 'consumer.ts'), CONSUMER);
    const tsc = run(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', '.'], project);
    expect(tsc.out, `installed with ${installedWith}`).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('refuses a strict consumer that misuses the types', () => {
    const bad = `import { createClient } from '${PKG.name}';\nconst c = createClient({ baseUrl: 'http://x' });\nvoid c.GET('/core/v2/no-such-route', {});\nvoid c.GET('/core/v2/posts', { params: { query: { per_page: 'ten' } } });\n`;
    const tsc = compileAlone('bad', bad);
    expect(tsc.status).not.toBe(0);
    expect(tsc.out).toMatch(/bad\.ts\(3,/);
    expect(tsc.out).toMatch(/bad\.ts\(4,/);
  });

  it('the published declarations refuse a wrong body and an unknown parameter, and name an unknown path', () => {
    const bad = [
      `import { createClient } from '${PKG.name}';`,
      `import { asOpenApiClient } from '${PKG.name}/openapi-fetch';`,
      `import type { Client } from 'openapi-fetch';`,
      `const c = createClient({ baseUrl: 'http://x' });`,
      `void c.POST('/core/v2/posts', { body: 'not a post' });`,
      `void c.GET('/core/v2/posts', { params: { query: { per_pgae: 5 } } });`,
      `void c.GET('/core/v2/postz');`,
      `const raw: Client<import('${PKG.name}/openapi-fetch').paths> = asOpenApiClient(c); void raw;`,
      '',
    ].join('\n');
    const tsc = compileAlone('bad2', bad);
    const lines = [...tsc.out.matchAll(/bad2\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1]));
    expect([...new Set(lines)], tsc.out).toEqual([5, 6, 7]);
    expect(tsc.out).toContain(`is not assignable to parameter of type 'keyof GetRoutes'`);
    expect(tsc.out).not.toContain('Expected 2 arguments');
  });

  it('runs the compiled consumer against the mock', () => {
    const res = run(process.execPath, [join(project, 'out/consumer.js'), mockUrl], project);
    expect(res.status, `${res.out}\n--- mock log ---\n${mockLog().slice(-3000)}`).toBe(0);
    const out = JSON.parse(res.out.trim().split('\n').pop()!);
    expect(out).toMatchObject({
      index: 200,
      events: expect.any(Number),
      created: 'number',
      pages: 2,
      batch: 1,
      error: expect.any(String),
      mapped: '/wp/v2/posts',
      openapi: '3.1.0',
      yaml: true,
      op: true,
    });
  });

  it('does not expose files outside the exports map', () => {
    const res = run(
      process.execPath,
      ['--input-type=module', '-e', `import('${PKG.name}/dist/src/client.js').then(() => console.log('open'), (e) => console.log(e.code))`],
      project,
    );
    expect(res.out.trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('pulls in no runtime dependency besides openapi-fetch from the client entry point', () => {
    const root = join(project, 'node_modules', PKG.name);
    const entries = ['.', './types', './mapping', './openapi-fetch'].map((k) => {
      const exp = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { import: string }> }).exports[k];
      return join(root, exp.import);
    });
    const bare = new Set<string>();
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const src = readFileSync(file, 'utf8');
      const specs = [
        ...src.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm),
      ].map((m) => m[1] ?? m[2] ?? m[3]);
      for (const s of specs) {
        if (s.startsWith('.')) walk(resolve(dirname(file), s));
        else bare.add(s);
      }
    };
    entries.forEach(walk);
    expect(seen.size).toBeGreaterThan(5);
    expect([...bare]).toEqual(['openapi-fetch']);
  });
});
