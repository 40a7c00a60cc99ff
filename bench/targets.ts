// The bench's targets across runs: a run that skipped sections carries the previous results' targets
// of those over. A target's name may carry figures of its own run (`(exit 1, 4.2 s)`, `(13 run, 30
// skipped)`), so targets are matched by their name without the parenthesised parts that hold digits.
export interface Target {
  name: string;
  value: number;
  limit: number;
  cmp: string;
  unit: string;
  verdict: string;
}

/** The part of a target's name that stays the same from run to run. */
export const targetKey = (name: string): string => name.replace(/\s*\([^()]*\d[^()]*\)/g, '').trim();

/**
 * The previous run's targets with this run's in their place (each at the place of its first
 * occurrence), one per key: a key this run did not measure keeps its latest previous figure; the
 * targets this run added come last.
 */
export function mergeTargets(previous: readonly Target[], fresh: readonly Target[]): Target[] {
  const now = new Map(fresh.map((t) => [targetKey(t.name), t]));
  const latest = new Map(previous.map((t) => [targetKey(t.name), t]));
  const placed = new Set<string>();
  const out: Target[] = [];
  for (const t of previous) {
    const key = targetKey(t.name);
    if (placed.has(key)) continue;
    placed.add(key);
    out.push(now.get(key) ?? latest.get(key)!);
  }
  for (const t of fresh) if (!placed.has(targetKey(t.name))) out.push(t);
  return out;
}
