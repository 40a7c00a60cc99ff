// Types of front.mjs for the TypeScript tests.
import type { IncomingMessage, Server } from 'node:http';

export interface PlatformAnswer { status: number; body: { code: string; message: string; data: Record<string, unknown> | null } }
export interface Upstream { host: string; port: number; /** Pending while that Prism restarts. */ ready?: Promise<void> | null }
export class AnswerMemo {
  constructor(options?: { maxEntries?: number; maxBytes?: number; maxBody?: number });
  hits: number;
  misses: number;
  key(req: IncomingMessage, body: Buffer): string | null;
}
export function createFront(options: { doc: unknown; upstream: Upstream | ((template: string | undefined) => Upstream); memo?: AnswerMemo | null; verbose?: boolean; bodyTimeoutMs?: number }): Server;
export function rewrite(doc: unknown, entry: unknown, answer: { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }, template?: string): PlatformAnswer | null;
export function criticalError(): PlatformAnswer;
export function corsHeaders(origin: string | undefined): Record<string, string>;
