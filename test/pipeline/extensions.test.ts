// Every `x-` extension used in the source and the bundle is documented in openapi/EXTENSIONS.md.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundle, ROOT, type Json } from '../support/spec.js';

function keys(node: Json, found: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keys(n, found));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-')) found.add(k);
      if (k !== 'example' && k !== 'examples' && k !== 'value') keys(v, found);
    }
  }
  return found;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? yamlFiles(p) : p.endsWith('.yaml') ? [p] : [];
  });
}

describe('x- extensions', () => {
  const documented = new Set([...readFileSync(join(ROOT, 'openapi/EXTENSIONS.md'), 'utf8').matchAll(/^\| `(x-[A-Za-z0-9-]+)`/gm)].map((m) => m[1]));

  it('EXTENSIONS.md documents some', () => {
    expect(documented.size).toBeGreaterThan(0);
  });

  it('every extension in the source and bundle is documented', () => {
    const used = keys(bundle(), new Set());
    for (const f of yamlFiles(join(ROOT, 'openapi'))) keys(parse(readFileSync(f, 'utf8')), used);
    expect([...used].filter((k) => !documented.has(k))).toEqual([]);
  });
});
