// Issue 26: `npm test` with another WordPress already on the sandbox's port used to pass the status
// check, skip provisioning, and fail every live file with "start the sandbox". It must say which
// port is taken by what (pid and command line, read from /proc) and how to choose other ports.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portHolder, sandboxPids, sandboxPortConflict } from '../../scripts/port-holder.ts';
import { ROOT } from '../support/spec.js';

let wordpress: http.Server;
let port = 0;
const tmp = mkdtempSync(join(tmpdir(), 'port-taken-'));

beforeAll(async () => {
  // "Another WordPress": answers its REST root with 200 JSON, as the status check wants.
  wordpress = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"name":"someone else\'s site","namespaces":["wp/v2"]}');
  });
  await new Promise<void>((r) => wordpress.listen(0, '127.0.0.1', r));
  port = (wordpress.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => wordpress.close(r));
  rmSync(tmp, { recursive: true, force: true });
});

describe('the process on a port', () => {
  it('is found through /proc: this test process, with its command line', () => {
    const h = portHolder(port);
    expect(h).toMatchObject({ port, pid: process.pid });
    expect(h?.cmd).toMatch(/node/);
  });

  it('is nobody on a port nothing listens on', async () => {
    const s = http.createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const free = (s.address() as AddressInfo).port;
    await new Promise((r) => s.close(r));
    expect(portHolder(free)).toBeUndefined();
  });

  it("is no conflict when the sandbox's env.json lists it (one site or several)", () => {
    expect(sandboxPids({ pids: { php: 5, phpWorkers: [6, 7], mariadb: 8 } })).toEqual(new Set([5, 6, 7, 8]));
    expect(sandboxPids({ sites: { wp61: { pids: { php: 9 } } } })).toEqual(new Set([9]));
    expect(sandboxPortConflict({ port, envJson: { pids: { php: process.pid } } })).toBeUndefined();
    expect(sandboxPortConflict({ port, envJson: { pids: { php: process.pid + 100000 } } })).toMatch(new RegExp(`pid ${process.pid}\\b`));
  });
});

describe("npm test with the sandbox's port taken by another WordPress", () => {
  it('stops at once naming the port, the pid and its command, and how to choose other ports', () => {
    // A copy of the test command alone in an empty folder: no .sandbox/env.json, nothing to provision.
    mkdirSync(join(tmp, 'dist', 'scripts'), { recursive: true });
    for (const f of ['test.js', 'port-holder.js', 'test-count.js']) cpSync(join(ROOT, 'dist', 'scripts', f), join(tmp, 'dist', 'scripts', f));
    writeFileSync(join(tmp, 'package.json'), '{"type":"module"}');
    const env: Record<string, string> = { ...(process.env as Record<string, string>), SANDBOX_PORT: String(port) };
    delete env.WP_BASE_URL;
    const r = spawnSync(process.execPath, ['dist/scripts/test.js'], { cwd: tmp, env, encoding: 'utf8', timeout: 60_000 });
    const out = `${r.stdout}${r.stderr}`;
    expect(r.status, out).toBe(1);
    expect(out).toContain(`port ${port}`);
    expect(out).toMatch(new RegExp(`taken by pid ${process.pid} \\([^)]*node`));
    expect(out).toMatch(/SANDBOX_PORT=\d+ SANDBOX_PORT_WP68=\d+ SANDBOX_PORT_WP71=\d+ SANDBOX_DB_PORT=\d+ npm test/);
    expect(out).toContain(`WP_BASE_URL=http://127.0.0.1:${port}/wp-json`);
    expect(r.stdout.trim().split('\n').pop()).toBe('0 passed, 1 failed');
  });
});
