// The bench's figures: the median, min and max of some runs, and rounding for the reports.

/** Median, min and max of some figures. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, min: s[0], max: s[s.length - 1], runs: s.length };
};

/** `x` rounded to `d` decimals. */
export const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
