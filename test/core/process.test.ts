// The processes the products start (core/process.ts): a free loopback port, waiting (bounded) until a
// URL answers, and stopping a child that is already gone. In process, on 127.0.0.1, no child started.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, stopChild, waitForAnswer } from '../../core/process.ts';

const listen = (server: net.Server, port = 0) =>
  new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('core/process.ts', () => {
  it('freePort gives a loopback port that can be bound', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const s = net.createServer();
    await listen(s, port);
    expect((s.address() as AddressInfo).port).toBe(port);
    await close(s);
  });

  it('waitForAnswer resolves once the URL answers at all (any status)', async () => {
    const s = http.createServer((_req, res) => res.writeHead(503).end());
    await listen(s);
    await expect(waitForAnswer(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`, { timeoutMs: 10_000 })).resolves.toBeUndefined();
    await close(s);
  });

  it('waitForAnswer gives up after its bound when nothing listens, naming the URL', async () => {
    const port = await freePort();
    await expect(waitForAnswer(`http://127.0.0.1:${port}/`, { timeoutMs: 300 })).rejects.toThrow(`nothing answered at http://127.0.0.1:${port}/ within 300 ms`);
  });

  it('stopChild resolves at once for no child', async () => {
    await expect(stopChild(undefined)).resolves.toBeUndefined();
  });
});
