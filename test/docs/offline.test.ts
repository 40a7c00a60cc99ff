// The built docs page, read as text: self-contained (nothing loaded from another host), every
// operation has its generated code samples (curl and the typed client), the error catalogue is in it,
// and the source never carries x-codeSamples (they exist only in the docs-only copy).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundle, operations, ROOT } from '../support/spec.js';

const html = readFileSync(join(ROOT, 'generated', 'docs', 'index.html'), 'utf8');
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

  it('has code samples (curl and the typed client) for every operation', () => {
    const curl = html.match(/"label":"curl","source":"curl -X /g) ?? [];
    const client = html.match(/"label":"Typed client","source":"import \{ createClient/g) ?? [];
    expect(curl.length).toBe(ops.length);
    expect(client.length).toBe(ops.length);
    for (const o of ops) expect(html, o.id).toContain(`curl -X ${o.method.toUpperCase()} 'https://festival.example/wp-json${o.path.split('{')[0]}`);
  });

  it('has the error catalogue', () => {
    expect(html).toContain('## Error catalogue');
    expect(html).toMatch(/rest_no_route` \| 404/);
    expect(html).toMatch(/rest_invalid_param` \| 400/);
  });

  it('the source never carries x-codeSamples', () => {
    const source = files(join(ROOT, 'openapi')).filter((f) => f.endsWith('.yaml'));
    expect(source.filter((f) => readFileSync(f, 'utf8').includes('x-codeSamples'))).toEqual([]);
    expect(JSON.stringify(bundle())).not.toContain('x-codeSamples');
  });
});
