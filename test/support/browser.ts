// Debian's chromium (never downloaded) through playwright-core, headless, for the tests that read a
// page as a browser shows it (the docs, the contract report, the mock's CORS answer). A missing
// chromium is a failure naming the package, never a skip.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** Launch the browser; `extraArgs` are added to the headless, offline-minded defaults. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
