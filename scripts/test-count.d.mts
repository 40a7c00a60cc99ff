export function countVitest(r: unknown): { passed: number; failed: number; skipped: number; filesFailed: number };
