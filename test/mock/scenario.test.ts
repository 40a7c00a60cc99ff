// The festival scenario (test/scenario/festival.ts) against the mock in its three namings: the
// spec's names at the root, the real site's under /wp-json, and `?rest_route=`. Each passes on its own
// (its steps check what was written is read back), and the three transcripts are the same: the
// naming changes the URLs, never an answer. test/live/scenario.test.ts runs the same code against the
// real site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM } from '../../core/mapping.js';
import { startMock, type Mock } from '../support/mock.js';
import { mockTarget, PARTS, type Target, type Transcript } from '../scenario/festival.js';

let mock: Mock;
beforeAll(async () => {
  mock = await startMock({ errors: true });
});
afterAll(async () => {
  await mock?.stop();
});

const namings = (): Target[] => [
  mockTarget(mock.url, false),
  mockTarget(mock.url, true),
  { ...mockTarget(mock.url, true), label: 'mock, ?rest_route=', root: `${mock.url}/?rest_route=`, mapping: FESTIVAL_PLATFORM },
];

const steps = (x: Transcript) => x.steps;

describe('the festival scenario on the mock, in every naming', () => {
  for (const { name, run: scenario } of PARTS)
    it(`${name}: the same answers in the spec's names, the real names and ?rest_route=`, async () => {
      const [spec, real, restRoute] = namings();
      const a = await scenario(spec, 's');
      const b = await scenario(real, 'r');
      expect(steps(b)).toEqual(steps(a));
      expect(steps(await scenario(restRoute, 'q'))).toEqual(steps(a));
    });
});
