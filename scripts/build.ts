#!/usr/bin/env node
// Run the pipeline: lint the source, bundle, lint the bundle, generate types and docs.
// Usage: npm run build -- [stage ...]   (compiled: node dist/scripts/build.js [stage ...])
//        [--source openapi/openapi.yaml] [--out generated] [--help]
// With no stage names every stage runs, in order. The first failing stage stops the build with the
// tool's own message (which names the file) and exit code 1.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { parseArgs, type Flags } from '../core/args.ts';
import { stages, type Stage } from './pipeline.ts';

const BUILD_FLAGS = { source: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } satisfies Flags;
const BUILD_HELP = `Usage: npm run build -- [stage ...] [options]      (or: node dist/scripts/build.js [stage ...] [options])

Runs the pipeline's stages in order (all of them when none is named); the first that fails stops the
build with the tool's own message and exit 1.

Options:
  --source <file>         the source's root document (default openapi/openapi.yaml)
  --out <dir>             where the generated files go (default generated)
  --help                  this text (also -h)`;

let parsed;
try {
  parsed = parseArgs(process.argv.slice(2), BUILD_FLAGS);
} catch (e) {
  console.error(`build: ${e instanceof Error ? e.message : String(e)} (see --help)`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(
    `${BUILD_HELP}\n\nStages: ${stages({})
      .map((s) => s.name)
      .join(', ')}`,
  );
  process.exit(0);
}
const opts: { source?: string; out?: string } = { source: parsed.values.source, out: parsed.values.out };
const wanted = parsed.positionals;
const all = stages(opts);
const unknown = wanted.filter((w) => !all.some((s) => s.name === w));
if (unknown.length) {
  console.error(`build: unknown stage(s) ${unknown.join(', ')}; stages: ${all.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const run: Stage[] = wanted.length ? all.filter((s) => wanted.includes(s.name)) : all;

mkdirSync(opts.out ?? 'generated', { recursive: true });
// Node 20 banners and telemetry notices are not build output.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };
const started = Date.now();
for (const stage of run) {
  const t0 = Date.now();
  const res = spawnSync(stage.cmd, stage.args, { stdio: ['ignore', 'pipe', 'pipe'], env, encoding: 'utf8' });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`
    .split('\n')
    .filter((l) => !/[║╔╚]/.test(l))
    .join('\n')
    .trim();
  // Zero warnings too: Redocly exits 0 on warnings, so its summary line is checked.
  const warned = stage.failOnWarnings && /\b[1-9]\d* warnings?\b/.test(output);
  if (res.status !== 0 || warned) {
    if (output) console.error(output);
    if (res.error) console.error(res.error.message);
    console.error(`\nbuild: stage ${stage.name} failed (${warned ? 'warnings' : `exit ${res.status ?? res.signal}`}).`);
    process.exit(1);
  }
  console.log(`build: ${stage.name} ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
