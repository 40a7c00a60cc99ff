// Bench section 3: a strict consumer's type-check through the typed client vs. plain fetch with
// hand-written types (bench/consumer/). Two readings of "through the typed client": the consumer as
// committed (imports ../../src/index.ts, so tsc also checks src/ and parses generated/), and the same
// file against the published declarations (dist/**/*.d.ts, as an installed package is seen;
// skipLibCheck skips their bodies), compiled by tsconfig.build.json into a temporary copy (dist/ is left
// alone). A fourth reading is a diagnostic, not a target: the source import again, against a temporary
// copy of src/ with `// @ts-nocheck` on every file, so that its difference from the source reading is
// what checking the hand-written src/ costs (DECISIONS D111). The four are run interleaved (source,
// published, plain, unchecked, source, …) so a load change on the machine touches all alike; each
// figure is the median of `runs`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { round, stats, type Stats } from './stats.ts';

function tscSeconds(tsc: string, project: string, cwd?: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`tsc -p ${project} failed:\n${r.stdout}${r.stderr}`);
  return s;
}

/** A tree at `dir` whose src/ and core/ are copies of the project's with `// @ts-nocheck` on every file (generated/ linked). */
function uncheckedSourceTree(dir: string): void {
  for (const folder of ['src', 'core']) {
    cpSync(folder, join(dir, folder), { recursive: true });
    for (const f of readdirSync(join(dir, folder), { recursive: true })) {
      const file = join(dir, folder, String(f));
      if (file.endsWith('.ts')) writeFileSync(file, `// @ts-nocheck\n${readFileSync(file, 'utf8')}`);
    }
  }
  symlinkSync(resolve('generated'), join(dir, 'generated'), 'dir');
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  cpSync('bench/consumer', join(dir, 'bench', 'consumer'), { recursive: true });
}

/** The four readings' seconds and their ratios to plain fetch. */
export async function consumerTypecheck({ runs = 3 } = {}): Promise<{
  client: Stats;
  published: Stats;
  plain: Stats;
  unchecked: Stats;
  ratio: number;
  publishedRatio: number;
  uncheckedRatio: number;
}> {
  const tsc = resolve('node_modules', 'typescript', 'bin', 'tsc');
  const tmp = mkdtempSync(join(tmpdir(), 'bench-dts-'));
  try {
    const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(tmp, 'dist')], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed:\n${build.stdout}${build.stderr}`);
    symlinkSync(resolve('node_modules'), join(tmp, 'node_modules'), 'dir');
    cpSync('bench/consumer', join(tmp, 'bench', 'consumer'), { recursive: true });
    const file = join(tmp, 'bench', 'consumer', 'client-consumer.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/'\.\.\/\.\.\/src\/(\w+)\.ts'/g, "'../../dist/src/$1.js'"));
    // One unmeasured pass of each warms the file cache.
    tscSeconds(tsc, 'bench/consumer/tsconfig.client.json');
    tscSeconds(tsc, 'bench/consumer/tsconfig.client.json', tmp);
    tscSeconds(tsc, 'bench/consumer/tsconfig.plain.json');
    const bare = join(tmp, 'unchecked');
    uncheckedSourceTree(bare);
    tscSeconds(tsc, 'bench/consumer/tsconfig.client.json', bare);
    const client: number[] = [];
    const published: number[] = [];
    const plain: number[] = [];
    const unchecked: number[] = [];
    for (let i = 0; i < runs; i++) {
      client.push(tscSeconds(tsc, 'bench/consumer/tsconfig.client.json'));
      published.push(tscSeconds(tsc, 'bench/consumer/tsconfig.client.json', tmp));
      plain.push(tscSeconds(tsc, 'bench/consumer/tsconfig.plain.json'));
      unchecked.push(tscSeconds(tsc, 'bench/consumer/tsconfig.client.json', bare));
    }
    const c = stats(client);
    const p = stats(published);
    const f = stats(plain);
    const u = stats(unchecked);
    return {
      client: c,
      published: p,
      plain: f,
      unchecked: u,
      ratio: round(c.median / f.median, 3),
      publishedRatio: round(p.median / f.median, 3),
      uncheckedRatio: round(u.median / f.median, 3),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
