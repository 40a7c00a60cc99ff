// Issue 26: the contract HTML report of a run against a site that lacks most namespaces (as the
// sandbox does) opens with what matters: a summary of what was checked, what failed, what was not
// reachable and what was left behind; then the failures, each failing check with its request and its
// reason visible without scrolling; the namespaces the site does not have one line each. Measured in
// Debian's chromium (never downloaded), at 1280x800.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, type FakeSite, noRoute, readReport, send, siteIndex, testScope } from './support/fake-site.js';
import { launchChromium } from '../support/browser.js';

const scope = testScope();
let site: FakeSite;
let run: CliRun;
let browser: Browser;
let page: Page;
let report: {
  summary: { operations: number; checked: number; failed: number; notReachable: number; skipped: number };
  operations: { namespace: string; verdict: string }[];
};

beforeAll(async () => {
  site = await scope.site((_req, res, seen, self) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(self.origin, ['core/v2', 'oembed/1.0']));
    // A list that breaks its schema (items are not posts), with markup in it: a failure to show.
    if (seen.path === '/wp/v2/posts') return send(res, 200, [{ id: '<script>x</script>' }], { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' });
    if (seen.path === '/wp/v2/categories') return send(res, 200, [], { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
    return noRoute(res);
  });
  run = await scope.cli(['--base-url', site.base, '--quiet']);
  report = readReport(run);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`file://${join(run.out, 'report.html')}`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const inFirstScreen = async (selector: string) => {
  const box = await page
    .locator(selector)
    .first()
    .boundingBox({ timeout: 3000 })
    .catch(() => null);
  return !!box && box.y >= 0 && box.y + Math.min(box.height, 40) <= 800;
};

describe('the contract HTML report', () => {
  it('the run has failures and many operations the site cannot reach (the case to read)', () => {
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(report.summary.notReachable).toBeGreaterThan(100);
  });

  it('opens with a summary: checked, failed, not reachable, left behind', async () => {
    expect(await inFirstScreen('#summary')).toBe(true);
    const text = await page.locator('#summary').innerText();
    // The headline counts what was really checked (issue 32), as the terminal's closing line does.
    const { operations, checked, notReachable, skipped } = report.summary;
    expect(checked).toBeLessThan(operations);
    expect(text).toContain(`Checked: ${checked} of the spec's ${operations} operations`);
    expect(text).toContain(`not checked: ${notReachable} not reachable on this site, ${skipped} skipped`);
    expect(text).not.toMatch(new RegExp(`Checked: ${operations} operations`));
    expect(text).toMatch(new RegExp(`Failed\\b[^\\n]*${report.summary.failed} operation`, 'i'));
    expect(text).toMatch(new RegExp(`Not reachable\\b[^\\n]*${report.summary.notReachable} operations`, 'i'));
    expect(text).toMatch(/Left behind\b/i);
  });

  it('shows the first failing check and its reason without scrolling', async () => {
    const first = page.locator('#failures .check.bad').first();
    await expect(first.isVisible()).resolves.toBe(true);
    expect(await inFirstScreen('#failures .check.bad .reason')).toBe(true);
    expect(await page.locator('#failures .check.bad .reason').first().innerText()).toMatch(/\S/);
    // Markup from the site is text, never markup.
    expect(await page.locator('script').count()).toBe(0);
  });

  it('puts each namespace the site does not have on one line', async () => {
    const absent = new Set(report.operations.filter((o) => o.verdict === 'not-reachable').map((o) => o.namespace));
    expect(await page.locator('#not-reachable li').count()).toBe(absent.size);
    expect(await page.locator('tr.not-reachable').count()).toBe(0);
  });

  it('is short: not one screen per few operations', async () => {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // The namespaces the site lacks are a line each (above); the operations of the others are listed
    // one by one: a screen (800 px) shows ten of them at least, after one screen of summary.
    const listed = report.operations.filter((o) => o.verdict !== 'not-reachable').length;
    console.log(`report.html: ${height} px at 1280x800 for ${listed} operations listed`);
    expect(listed).toBeGreaterThan(100);
    expect(height).toBeLessThan(800 + (800 * listed) / 10);
  });
});
