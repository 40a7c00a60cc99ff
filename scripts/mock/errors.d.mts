// Types of errors.mjs for the TypeScript tests.
export function jsonErrorCode(body: Buffer): 3 | 4 | 5 | null;
