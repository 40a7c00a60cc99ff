// The closing line `N passed, N failed` counts honestly (issue 23): a test file that cannot load has
// no failed test of its own in Vitest's JSON report (only numFailedTestSuites counts it), so the
// count must add it, never hide it behind a smaller number. The report shapes below are those Vitest 4
// wrote for a file that throws at its top level beside a passing file, and variants of them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countVitest } from '../../scripts/test-count.ts';
import { ROOT } from '../support/spec.js';

const file = (status: string, assertions: string[], message = '') => ({
  name: `/x/${Math.random()}.test.ts`,
  status,
  message,
  assertionResults: assertions.map((s) => ({ status: s, title: 't' })),
});

describe('the closing line of npm test', () => {
  it('counts a test file that cannot load as a failure', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 0,
      numFailedTestSuites: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [file('failed', [], 'cannot load'), file('passed', ['passed'])],
    };
    expect(countVitest(report)).toEqual({ passed: 1, failed: 1, skipped: 0, filesFailed: 1 });
  });

  it('adds files that cannot load to the failed tests of other files', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [file('failed', []), file('failed', []), file('failed', ['failed', 'failed', 'passed']), file('passed', ['passed', 'passed', 'skipped'])],
    };
    expect(countVitest(report)).toEqual({ passed: 3, failed: 4, skipped: 2, filesFailed: 2 });
  });

  it('does not count a file twice when its own tests failed', () => {
    const report = { numPassedTests: 0, numFailedTests: 1, testResults: [file('failed', ['failed'])] };
    expect(countVitest(report).failed).toBe(1);
  });

  it("is used by scripts/test.ts, which never reads an earlier run's report", () => {
    const text = readFileSync(join(ROOT, 'scripts', 'test.ts'), 'utf8');
    expect(text).toMatch(/countVitest\(JSON\.parse\(readFileSync\(report/);
    expect(text.indexOf('rmSync(report')).toBeGreaterThan(0);
    expect(text.indexOf('rmSync(report')).toBeLessThan(text.indexOf("spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs'"));
  });
});
