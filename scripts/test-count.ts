// The closing line's counts from Vitest's JSON report. A test file that cannot load (a syntax or
// import error, a throw at its top level, a failing beforeAll) has no failed test of its own: Vitest
// counts it only in numFailedTestSuites. Each such file is one failure here, so a file that cannot
// load is never hidden behind a smaller number (issue 23).

/** The counts of a run; `filesFailed`: test files that failed without a failed test of their own. */
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  filesFailed: number;
}

/** Vitest's JSON report, as far as it is read here (any shape is tolerated: it may be truncated). */
interface Report {
  numPassedTests?: unknown;
  numFailedTests?: unknown;
  numPendingTests?: unknown;
  numTodoTests?: unknown;
  testResults?: unknown;
}
interface FileResult {
  status?: string;
  assertionResults?: { status?: string }[];
}

/** The counts of Vitest's JSON report `r`. */
export function countVitest(r: Report | null | undefined): Counts {
  const num = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
  const files: (FileResult | null)[] = Array.isArray(r?.testResults) ? r.testResults : [];
  const filesFailed = files.filter(
    (f) => f?.status === 'failed' && !(Array.isArray(f.assertionResults) && f.assertionResults.some((a) => a?.status === 'failed')),
  ).length;
  return {
    passed: num(r?.numPassedTests),
    failed: num(r?.numFailedTests) + filesFailed,
    skipped: num(r?.numPendingTests) + num(r?.numTodoTests),
    filesFailed,
  };
}
