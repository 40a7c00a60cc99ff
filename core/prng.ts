// mulberry32: a small deterministic PRNG (the same seed gives the same sequence), for the mock's
// generated festival and the seeded fuzz tests.
export interface Prng {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
}

export function prng(seed: number): Prng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)] };
}
