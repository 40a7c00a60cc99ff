// Types of input.mjs for the TypeScript tests.
export function phpDecode(text: string): string;
export function phpPairs(text: string, maxPairs?: number): [string, string][];
export function encodePairs(pairs: Iterable<[string, string]> | [string, string][]): string;
export function trimSlashes(path: string): string;
export function mediaType(header: string | string[] | undefined): string | null;
export function isJsonMedia(type: string | null): boolean;
export function bodyToForward(headers: Record<string, string | string[] | undefined>, body: Buffer, documented?: string[]): { type: string | null; body: Buffer };
