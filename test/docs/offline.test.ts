// The built docs page, read as text: self-contained (nothing loaded from another host), every
// operation has its generated code samples (curl on the mock, curl on a real site, the typed client), the error catalogue is in it,
// and the source never carries x-codeSamples (they exist only in the docs-only copy).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientSample, curlSample, operationsOf } from '../../scripts/code-samples.ts';
import { definitionOf } from '../../scripts/docs-page.ts';
import { bundle, operations, ROOT } from '../support/spec.js';

const html = readFileSync(join(ROOT, 'generated', 'docs', 'index.html'), 'utf8');
/** The docs bundle the page carries (packed: scripts/docs-page.ts), as Redoc's JSON text. */
const definition = definitionOf(html);
const ops = operations(bundle());

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

describe('generated/docs/index.html', () => {
  it('loads nothing from another host (no external script, stylesheet, font, image or frame)', () => {
    const external = [
      ...html.matchAll(/<(script|link|img|iframe|source)\b[^>]*\b(src|href)\s*=\s*["']?(https?:)?\/\/[^"'\s>]+/gi),
      ...html.matchAll(/@import\s+(url\()?["']?(https?:)?\/\//gi),
      ...html.matchAll(/url\(\s*["']?(https?:)?\/\/[^)]+\)/gi),
    ].map((m) => m[0].slice(0, 160));
    expect(external).toEqual([]);
    expect(html).not.toMatch(/cdn\.redoc\.ly\/redoc\/logo/);
    expect(html).toMatch(/<script>/); // Redoc is inlined
  });

  it('has code samples for every operation: curl on the mock, curl on a real site, the typed client', () => {
    const mock = definition.match(/"label":"curl \(mock\)","source":"curl -X /g) ?? [];
    const site = definition.match(/"label":"curl \(real site\)","source":"curl -X /g) ?? [];
    const client = definition.match(/"label":"Typed client \(real site\)","source":"import \{[^}]*createClient/g) ?? [];
    expect(mock.length).toBe(ops.length);
    expect(site.length).toBe(ops.length);
    expect(client.length).toBe(ops.length);
    expect(definition).toContain('## Request samples'); // the introduction says which sample is for where
    // The page holds exactly the samples test/docs/samples.test.ts checks (Redoc's state is JSON with `<` escaped).
    const inPage = (v: string): string => JSON.stringify(v).replace(/</g, '\\u003c');
    const doc = bundle();
    for (const o of operationsOf(doc)) {
      const samples: [string, string][] = [
        ['curl (mock)', curlSample(doc, o, 'mock')],
        ['curl (real site)', curlSample(doc, o, 'site')],
        ['Typed client (real site)', clientSample(doc, o)],
      ];
      for (const [label, source] of samples)
        expect(definition.includes(`"label":${inPage(label)},"source":${inPage(source)}`), `${o.method} ${o.path}: ${label}`).toBe(true);
    }
  });

  it('has the error catalogue', () => {
    expect(definition).toContain('## Error catalogue');
    expect(definition).toMatch(/rest_no_route` \| 404/);
    expect(definition).toMatch(/rest_invalid_param` \| 400/);
  });

  it('the source never carries x-codeSamples', () => {
    const source = files(join(ROOT, 'openapi')).filter((f) => f.endsWith('.yaml'));
    expect(source.filter((f) => readFileSync(f, 'utf8').includes('x-codeSamples'))).toEqual([]);
    expect(JSON.stringify(bundle())).not.toContain('x-codeSamples');
  });
});
