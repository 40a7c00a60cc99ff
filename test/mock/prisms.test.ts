// mock/prisms.ts: the Prism host's servers listen on ports the system picks, and a host that dies
// before it ever listened is restarted and then announced as ready, as a first start is (the
// readiness a test helper and `npm start` wait for). Before, the host listened on ports chosen
// beforehand: one taken meanwhile (EADDRINUSE) killed it, and its restart never said "Prism ready".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, currentPrismPids, isRunning, type Mock } from '../support/mock.js';

let mock: Mock;
let readyAtKill: boolean;

/** Wait (bounded in count) until the mock's output matches `re`. */
async function outputMatches(re: RegExp, tries = 600): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (re.test(mock.output())) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return re.test(mock.output());
}

beforeAll(async () => {
  mock = await startMock({ waitForPrism: false });
  // Kill the host at once, before its servers listen (it takes seconds to read its documents).
  readyAtKill = /Prism ready/.test(mock.output());
  process.kill(mock.prismPid, 'SIGKILL');
}, 240_000);
afterAll(async () => {
  await mock?.stop();
});

describe('a Prism host that dies before it listened', () => {
  it('was killed before it was ready (else this file proves nothing)', () => {
    expect(readyAtKill, mock.output()).toBe(false);
  });

  it('is restarted, and the mock then says "Prism ready", as after a first start', async () => {
    expect(await outputMatches(/^mock: Prism ready in \d+ ms/m), mock.output()).toBe(true);
    const out = mock.output();
    expect(out).toMatch(new RegExp(`Prism \\(pid ${mock.prismPid}\\) exited`));
    expect(out).not.toMatch(/Prism failed to start/);
    expect(out.indexOf('Prism restarted')).toBeGreaterThan(-1);
    expect(out.indexOf('Prism ready')).toBeGreaterThan(out.indexOf(' exited ('));
  }, 90_000);

  it("then serves a Prism route, from the restarted host's own ports", async () => {
    const [now] = currentPrismPids(mock.output());
    expect(now).not.toBe(mock.prismPid);
    expect(isRunning(now)).toBe(true);
    const res = await fetch(`${mock.url}/theme/v1`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(mock.alive(), mock.output()).toBe(true);
  });

  it('prints the ports its servers listen on, one per group, every one a port the system picked', () => {
    const lines = [...mock.output().matchAll(/\[HOST\] listening on ports ([\d,]+)/g)];
    expect(lines).toHaveLength(1); // only the restarted host listened
    const ports = lines[0][1].split(',').map(Number);
    expect(ports.length).toBeGreaterThan(1);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
