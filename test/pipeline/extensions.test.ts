// Every `x-` extension used in the source and the bundle is documented in openapi/EXTENSIONS.md.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundle, operations, ROOT, type Json } from '../support/spec.js';

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

describe('x-unknown-id-status', () => {
  const marked = operations().filter((o) => o.op['x-unknown-id-status'] !== undefined);

  it('is on every calendar operation with an id or slug in its path, and only on operations with one', () => {
    const calendarItems = operations().filter((o) => o.path.startsWith('/cal/events/v1/') && /\{(id|slug)\}/.test(o.path));
    expect(calendarItems.length).toBeGreaterThan(20);
    expect(calendarItems.filter((o) => o.op['x-unknown-id-status'] === undefined).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(marked.filter((o) => !/\{(id|slug)\}/.test(o.path)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('lists statuses the operation documents, each an error status', () => {
    const wrong = marked.flatMap((o) => {
      const list = o.op['x-unknown-id-status'];
      if (!Array.isArray(list) || !list.length) return [`${o.method} ${o.path}: not a non-empty list`];
      return list
        .filter((s: unknown) => !Number.isInteger(s) || (s as number) < 400 || !(String(s) in o.op.responses))
        .map((s: unknown) => `${o.method} ${o.path}: ${String(s)} is not a documented error status`);
    });
    expect(wrong).toEqual([]);
  });
});
