// Bench section 7: the client's `Link` header parsing (src/link.ts, used by paginate) is linear in the
// header's length. Hostile headers (long runs of `<`, of `;`, of spaces inside a quoted rel, of `, `,
// many link values) are parsed at 128 KiB … 1 MiB; the growth exponent is the least-squares slope of
// log(time) over log(size): 1 for linear, 2 for quadratic. Bounded: 5 sizes x 6 patterns x `runs`.
import { performance } from 'node:perf_hooks';
import { nextLink } from '../src/link.ts';

const PATTERNS: Record<string, (n: number) => string> = {
  'open brackets': (n: number) => '<'.repeat(n),
  'unclosed url': (n: number) => `<${'a'.repeat(n - 1)}`,
  semicolons: (n: number) => `<a>${';'.repeat(n - 3)}`,
  'quoted rel of spaces': (n: number) => `<a>; rel="${' '.repeat(n - 10)}`,
  'comma runs': (n: number) => `${', '.repeat(n >> 1)}x`,
  'many links': (n: number) => `${'<a>; rel="prev", '.repeat(Math.floor(n / 17))}<b>; rel="next"`,
};

export async function linkParse({ runs = 3 } = {}): Promise<{
  sizes: number[];
  perPattern: Record<string, { slope: number; msAt1MiB: number }>;
  worstSlope: number;
}> {
  const sizes = [128, 256, 512, 768, 1024].map((k) => k * 1024);
  const perPattern: Record<string, { slope: number; msAt1MiB: number }> = {};
  let worst = 0;
  for (const [name, make] of Object.entries(PATTERNS)) {
    const points = sizes.map((n: number) => {
      const header = make(n);
      nextLink(header); // warm-up
      let best = Infinity;
      for (let i = 0; i < Math.max(3, runs); i++) {
        const t0 = performance.now();
        nextLink(header);
        best = Math.min(best, performance.now() - t0);
      }
      return { bytes: header.length, ms: Math.max(best, 1e-3) };
    });
    const xs = points.map((p) => Math.log(p.bytes));
    const ys = points.map((p) => Math.log(p.ms));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    perPattern[name] = { slope: Math.round(slope * 100) / 100, msAt1MiB: Math.round(points[points.length - 1].ms * 100) / 100 };
    worst = Math.max(worst, slope);
  }
  return { sizes, perPattern, worstSlope: Math.round(worst * 100) / 100 };
}
