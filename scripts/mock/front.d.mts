// Types of front.mjs for the TypeScript tests.
import type { Server } from 'node:http';

export interface PlatformAnswer { status: number; body: { code: string; message: string; data: Record<string, unknown> | null } }
export function createFront(options: { doc: unknown; upstream: { host: string; port: number } }): Server;
export function rewrite(doc: unknown, entry: unknown, answer: { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }): PlatformAnswer | null;
