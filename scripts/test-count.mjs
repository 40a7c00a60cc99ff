// The closing line's counts from Vitest's JSON report. A test file that cannot load (a syntax or
// import error, a throw at its top level, a failing beforeAll) has no failed test of its own: Vitest
// counts it only in numFailedTestSuites. Each such file is one failure here, so a file that cannot
// load is never hidden behind a smaller number (issue 23).

/**
 * @param {any} r Vitest's JSON report
 * @returns {{ passed: number, failed: number, skipped: number, filesFailed: number }}
 */
export function countVitest(r) {
  const num = (v) => (Number.isInteger(v) && v >= 0 ? v : 0);
  const files = Array.isArray(r?.testResults) ? r.testResults : [];
  const filesFailed = files.filter((f) => f?.status === 'failed' && !(Array.isArray(f.assertionResults) && f.assertionResults.some((a) => a?.status === 'failed'))).length;
  return {
    passed: num(r?.numPassedTests),
    failed: num(r?.numFailedTests) + filesFailed,
    skipped: num(r?.numPendingTests) + num(r?.numTodoTests),
    filesFailed,
  };
}
