// core/json-text.ts: one pass over a JSON text (issue 31, D181). Its value count bounds what is parsed
// whole; the places of a top-level list's items let a long list be parsed one item at a time.
import { describe, expect, it } from 'vitest';
import { scanJson } from '../../core/json-text.ts';

const K = { keep: 5, maxDepth: 10 };
const items = (t: string): string[] | undefined => scanJson(t, K).list?.items.map((s) => t.slice(s.from, s.to));

describe('scanJson', () => {
  it('finds the items of a top-level list, strings and nested lists skipped', () => {
    expect(items('[]')).toEqual([]);
    expect(items(' [ ] ')).toEqual([]);
    expect(items('[1]')).toEqual(['1']);
    expect(items('[ {"a":"],\\"x"}, [1,2] ,"s\\\\"]')).toEqual([' {"a":"],\\"x"}', ' [1,2] ', '"s\\\\"']);
    for (const t of ['[ {"a":"],\\"x"}, [1,2] ,"s"]', '[{},{"b":[{}]},[[1]]]']) for (const s of items(t) ?? []) expect(() => JSON.parse(s)).not.toThrow();
  });

  it('counts the items and the values of each, and keeps the places of the first `keep` only', () => {
    const r = scanJson('[{},[1,2,3],{"a":{}},0,1,2,3]', K);
    expect(r.list?.count).toBe(7);
    expect(r.list?.items.map((s) => s.values)).toEqual([1, 3, 2, 1, 1]);
    expect(r.values).toBe(13); // at most: 1, and one per `{`, `[` and `,`
  });

  it('gives no list for an object, and stops past the depth asked', () => {
    expect(scanJson('{"a":[1,2]}', K)).toEqual({ values: 4, tooDeep: false });
    expect(scanJson(`${'['.repeat(11)}${']'.repeat(11)}`, K).tooDeep).toBe(true);
    expect(scanJson(`${'['.repeat(10)}${']'.repeat(10)}`, K).tooDeep).toBe(false);
  });
});
