// bench/targets.ts: a partial run's targets merged with the previous run's, one per name whatever
// figures of its own run the name carries.
import { describe, expect, it } from 'vitest';
import { mergeTargets, targetKey, type Target } from '../../bench/targets.ts';

const t = (name: string, value: number): Target => ({ name, value, limit: 10, cmp: '<=', unit: 's', verdict: value <= 10 ? 'MET' : 'MISSED' });

describe('targetKey', () => {
  it("drops the parenthesised parts that hold a run's figures, and keeps the others", () => {
    expect(targetKey('drift report of an index with 200,000 routes in 20,000 namespaces (exit 0; 5.56 s CPU)')).toBe(
      'drift report of an index with 200,000 routes in 20,000 namespaces',
    );
    expect(targetKey('mock total memory (front + every Prism, peak under load)')).toBe('mock total memory (front + every Prism, peak under load)');
  });
});

describe('mergeTargets', () => {
  it("replaces a target of the same key by this run's, in its place, and keeps one of each key", () => {
    const previous = [t('a', 1), t('drift (exit 0; 2.7 s CPU)', 2), t('b', 3), t('drift (exit 0; 6.5 s CPU)', 5), t('drift (exit 0; 4.9 s CPU)', 4)];
    expect(mergeTargets(previous, [t('drift (exit 0; 5.6 s CPU)', 4.6), t('new', 7)]).map((x) => [x.name, x.value])).toEqual([
      ['a', 1],
      ['drift (exit 0; 5.6 s CPU)', 4.6],
      ['b', 3],
      ['new', 7],
    ]);
  });

  it('keeps the latest previous figure of a key this run did not measure', () => {
    const previous = [t('drift (exit 0; 2.7 s CPU)', 2), t('drift (exit 0; 4.9 s CPU)', 4)];
    expect(mergeTargets(previous, [t('other', 1)]).map((x) => x.value)).toEqual([4, 1]);
  });
});
