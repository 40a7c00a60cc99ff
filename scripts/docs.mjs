#!/usr/bin/env node
// Build the offline HTML docs from the bundle: a self-contained page (Redoc inlined, telemetry off).
// Usage: node scripts/docs.mjs <bundle.yaml> <out-dir>
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [bundle, outDir] = process.argv.slice(2);
if (!bundle || !outDir) { console.error('usage: node scripts/docs.mjs <bundle.yaml> <out-dir>'); process.exit(2); }
mkdirSync(outDir, { recursive: true });
const res = spawnSync(join('node_modules', '.bin', 'redocly'), [
  'build-docs', bundle, '--inlineBundle', '-o', join(outDir, 'index.html'),
  '--title', 'Festival site REST interface',
], { stdio: 'inherit' });
process.exit(res.status ?? 1);
