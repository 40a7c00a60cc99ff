// The seeded PRNG (core/prng.ts, mulberry32) behind the mock's generated festival and the fuzz tests:
// the same seed gives the same sequence, values stay in range, and different seeds differ.
import { describe, expect, it } from 'vitest';
import { prng } from '../../core/prng.ts';

describe('core/prng.ts', () => {
  it('the same seed gives the same sequence', () => {
    const a = prng(25);
    const b = prng(25);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    expect(prng(26).next()).not.toBe(prng(25).next());
  });

  it('next() is in [0, 1), int(n) in [0, n), pick() an element; over many draws every int appears', () => {
    const r = prng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = r.int(7);
      expect(Number.isInteger(n) && n >= 0 && n < 7).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const xs = ['a', 'b', 'c'] as const;
    for (let i = 0; i < 100; i++) expect(xs).toContain(r.pick(xs));
  });

  it('is spread evenly enough for fuzzing (each tenth holds 8-12% of 20,000 draws)', () => {
    const r = prng(7);
    const bins = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i++) bins[Math.floor(r.next() * 10)]++;
    for (const n of bins) expect(n / 20_000).toBeGreaterThan(0.08);
    for (const n of bins) expect(n / 20_000).toBeLessThan(0.12);
  });
});
