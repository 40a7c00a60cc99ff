// Types of errors.mjs for the TypeScript tests.
export function jsonErrorCode(body: Buffer): 1 | 3 | 4 | 5 | null;
export const PHP_JSON_MAX_DEPTH: number;
export function depthExceeded(text: string, max?: number): { at: number; closers: string } | null;
