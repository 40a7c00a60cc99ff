#!/usr/bin/env node
// Build the offline HTML docs from the bundle: a self-contained page (Redoc inlined, telemetry off).
// Usage: node dist/scripts/docs.js <bundle.yaml> <out-dir>   (a pipeline stage: npm run docs)
// The page is built from a docs-only copy of the bundle (never written into the source or generated/):
// every operation gets `x-codeSamples` (curl on the mock, curl on a real site and the typed client,
// code-samples.ts) and the introduction gets a note on the samples and the error catalogue
// (error-catalogue.ts). The page carries the definition packed (gzip, docs-page.ts). The output is deterministic.
// Redoc's sample selector offers only the languages of its `codeSamples.languages` setting (by
// default curl, JavaScript, ..., Payload; a sample whose label is not one of them is never shown), so
// the page is built with a docs-only copy of redocly.yaml that lists ours: curl (mock), curl (real
// site), Typed client (real site), Payload.
import { asObject, isObject } from '../core/json.ts';
import type { OpenApiDoc } from '../core/spec.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { addCodeSamples, SAMPLE_LANGUAGES, samplesMarkdown } from './code-samples.ts';
import { errorCatalogueMarkdown } from './error-catalogue.ts';
import { packDefinition } from './docs-page.ts';

const svg = (w: number, text: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="16" viewBox="0 0 ${w} 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#888">${text}</text></svg>`)}`;
const LOGO_FULL = svg(60, 'Redocly');
const LOGO = svg(16, 'R');

const [bundle, outDir] = process.argv.slice(2);
if (!bundle || !outDir) {
  console.error('usage: node dist/scripts/docs.js <bundle.yaml> <out-dir>');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

/** Markdown inline markup as plain text (for the fields Redoc shows as text, not as Markdown). */
function plainText(md: unknown) {
  return String(md)
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a, b) => a ?? b)
    .replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1');
}

/**
 * The docs-only changes a reader needs: server descriptions as plain text (Redoc prints them raw in
 * every endpoint box), and an update's three methods named one operation in the navigation (the
 * bundle derives PUT and PATCH from the POST's `x-update-methods`: same operationId plus Put/Patch).
 */
function forReaders(doc: OpenApiDoc) {
  for (const server of doc.servers ?? []) {
    if (typeof server.description === 'string') server.description = plainText(server.description);
    for (const v of Object.values(asObject(server.variables) ?? {}))
      if (isObject(v) && typeof v.description === 'string') v.description = plainText(v.description);
  }
  for (const item of Object.values(doc.paths ?? {})) {
    const { post, put, patch } = item ?? {};
    if (!post?.operationId || put?.operationId !== `${post.operationId}Put` || patch?.operationId !== `${post.operationId}Patch`) continue;
    const base = String(post.summary ?? '');
    post.summary = `${base} (POST = PUT = PATCH, one operation)`;
    put.summary = `${base} (PUT = POST, one operation)`;
    patch.summary = `${base} (PATCH = POST, one operation)`;
  }
  return doc;
}

// The error catalogue's codes stay whole (one line; the table scrolls sideways on a narrow screen).
const READER_CSS = '<style>.md-table-wrapper td:first-child code{white-space:nowrap;word-break:normal;overflow-wrap:normal}</style>';

// The build's own bundle, taken as the core's parseBundle takes one.
const doc = parse(readFileSync(bundle, 'utf8'), { maxAliasCount: -1 }) as OpenApiDoc;
addCodeSamples(doc);
forReaders(doc);
const info = doc.info ?? {};
info.description = `${String(info.description ?? '').trimEnd()}\n\n${samplesMarkdown()}\n\n${errorCatalogueMarkdown(doc)}\n`;
doc.info = info;

const work = mkdtempSync(join(tmpdir(), 'docs-'));
let status = 1;
try {
  // Same file name as the bundle: Redoc shows it on the download button.
  const docsCopy = join(work, 'openapi.yaml');
  writeFileSync(docsCopy, stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }));
  const config = existsSync('redocly.yaml') ? (parse(readFileSync('redocly.yaml', 'utf8')) ?? {}) : {};
  // The copy lives in a temporary folder: plugin paths are made absolute so they still resolve.
  if (Array.isArray(config.plugins)) config.plugins = config.plugins.map((p: unknown) => (typeof p === 'string' && p.startsWith('.') ? resolve(p) : p));
  config.openapi = { ...(config.openapi ?? {}), codeSamples: { ...(config.openapi?.codeSamples ?? {}), languages: SAMPLE_LANGUAGES } };
  const configCopy = join(work, 'redocly.yaml');
  writeFileSync(configCopy, stringify(config));
  const res = spawnSync(
    resolve('node_modules', '.bin', 'redocly'),
    ['build-docs', docsCopy, '--config', configCopy, '--inlineBundle', '-o', resolve(outDir, 'index.html'), '--title', 'Festival site REST interface'],
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  status = res.status ?? 1;
  const page = resolve(outDir, 'index.html');
  if (status === 0 && existsSync(page)) {
    // Redoc's attribution badge loads its logo from a CDN: inline a local one so that opening the
    // page makes no request outside the machine. The definition is packed (docs-page.ts).
    const html = readFileSync(page, 'utf8')
      .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g, (_, full) => (full ? LOGO_FULL : LOGO))
      .replace('</head>', `${READER_CSS}</head>`);
    writeFileSync(page, packDefinition(html));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
