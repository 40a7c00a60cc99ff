// The HTML docs in a real browser (Debian's chromium through playwright-core): served from
// 127.0.0.1, every namespace group of the root's x-tagGroups is in the navigation, search finds an
// operation by its summary, clicking it shows its parameters and a response example, and no request
// leaves 127.0.0.1. A screenshot is saved under test-output/.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM, mapPath } from '../../core/mapping.ts';
import { MOCK_URL, SITE_URL } from '../../scripts/code-samples.ts';
import { launchChromium } from '../support/browser.js';
import { bundle, deref, operations, ROOT, type Json } from '../support/spec.js';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const DOCS = join(ROOT, 'generated', 'docs');
const OUT = join(ROOT, 'test-output');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

let server: http.Server;
let base: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    let file = join(DOCS, rel);
    if (!file.startsWith(DOCS) || !existsSync(file) || !rel || rel.endsWith(sep)) file = join(DOCS, 'index.html'); // the page routes itself
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium(['--disable-quic']);
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.getByTestId('search-trigger').waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

const doc = bundle();
// An operation with query parameters of its own and a JSON example for its success response.
const target =
  operations(doc).find((o) => {
    const ok = deref(o.op.responses['200']);
    const media = ok?.content?.['application/json'];
    return o.params.some((p) => p.in === 'query' && p.required) && media && (media.examples || media.example);
  }) ?? operations(doc)[0];

/**
 * After a click on a search hit, wait until Redoc has navigated to the operation: its address names
 * the operation and the operation's section is in the page. A search read before that (a fixed pause
 * that a loaded machine outlasts) reads the previous screen.
 */
async function arrivedAt(operationId: string): Promise<void> {
  const tail = `/${operationId.toLowerCase()}`; // Redoc's address of an operation: #/<tag>/<operationid>
  await page.waitForURL((url) => url.hash.toLowerCase().endsWith(tail), { timeout: 15_000 });
  await page.locator(`[data-section-id$="${tail}"]`).first().waitFor({ state: 'attached', timeout: 15_000 });
}

describe('the HTML docs', () => {
  it('show every namespace group of x-tagGroups in the navigation', async () => {
    const nav = await page.locator('.menu-content').innerText();
    const groups: string[] = doc['x-tagGroups'].map((g: Json) => g.name);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(nav, `navigation group ${g}`).toContain(g);
    expect(nav).toContain('Error catalogue');
  });

  it(`search finds "${target.op.summary}" and its page shows parameters and a response example`, async () => {
    await page.getByTestId('search-trigger').click();
    await page.getByPlaceholder(/search/i).fill(target.op.summary);
    const hit = page.getByText(target.op.summary, { exact: true }).first();
    await hit.waitFor({ timeout: 15_000 });
    await hit.click();
    await arrivedAt(target.id);
    const main = await page.locator('body').innerText();
    for (const p of target.params.filter((x: Json) => x.in === 'query' || x.in === 'path')) expect(main, `parameter ${p.name}`).toContain(p.name);
    // A value of the success example appears in the response samples.
    const media = deref(target.op.responses['200']).content['application/json'];
    const example = media.example ?? deref(Object.values<Json>(media.examples)[0]).value;
    const firstString = Object.values<Json>(example).find((v) => typeof v === 'string' && v.length > 3 && v.length < 60);
    expect(main).toMatch(/Response samples|Responses?/i);
    if (firstString) expect(main, `example value ${firstString}`).toContain(firstString);
    expect(main).toContain('curl');
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, 'docs-operation.png') });
  });

  it('the error catalogue is on the page', async () => {
    const text = await page.evaluate(() => document.body.innerText);
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.getByText('Error catalogue', { exact: true }).first().click();
    // Wait until the catalogue's first code is on the page, not for a guess of the clock.
    await page.getByText('rest_no_route').first().waitFor({ state: 'attached', timeout: 15_000 });
    const after = await page.locator('body').innerText();
    expect(after + text).toContain('rest_no_route');
    await page.screenshot({ path: join(OUT, 'docs-errors.png') });
    // Its operation links lead to the operation.
    const link = page.locator('a', { hasText: target.id }).first();
    if (await link.count()) {
      await link.click();
      await page.getByRole('heading', { name: target.op.summary }).first().waitFor({ timeout: 10_000 });
    }
  });

  // An operation with a JSON request body: its sample selector offers curl on the mock (the spec's
  // names), curl on a real site (the platform's names), the typed client (a real site, with the
  // mapping) and Redoc's Payload (Redoc shows only the languages of its codeSamples setting: scripts/docs.ts).
  const withBody =
    operations(doc).find((o) => o.method === 'post' && o.path === '/core/v2/posts') ??
    operations(doc).find((o) => deref(o.op.requestBody)?.content?.['application/json']);
  it(`the sample selector of "${withBody?.op.summary}" shows curl (mock), curl (real site), Typed client (real site) and Payload`, async () => {
    expect(withBody, 'an operation with a JSON request body').toBeDefined();
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.getByTestId('search-trigger').click();
    await page.getByPlaceholder(/search/i).fill(withBody!.op.summary);
    const hit = page.getByText(withBody!.op.summary, { exact: true }).first();
    await hit.waitFor({ timeout: 15_000 });
    await hit.click();
    await arrivedAt(withBody!.id);
    // The selector inside this operation's own section: the page also renders its neighbours, and
    // a neighbour without a body (no Payload) may be the first selector on screen.
    const section = page.locator(`[data-section-id$="/${withBody!.id.toLowerCase()}"]`).first();
    const selector = async () => {
      const buttons = section.locator('button').filter({ hasText: /^(curl \(mock\)|curl \(real site\)|Typed client \(real site\)|Payload)$/ });
      await buttons.first().waitFor({ timeout: 10_000 });
      return buttons.first();
    };
    const path = withBody!.path;
    const expected: Record<string, RegExp> = {
      'curl (mock)': new RegExp(`curl -X POST '${escape(MOCK_URL + path)}'`),
      'curl (real site)': new RegExp(`curl -X POST '${escape(SITE_URL + mapPath(path, FESTIVAL_PLATFORM))}'`),
      'Typed client (real site)': new RegExp(`createClient[\\s\\S]*mapping: FESTIVAL_PLATFORM[\\s\\S]*site\\.POST\\('${escape(path)}'`),
      Payload: /^(?![\s\S]*(curl -X|createClient))[\s\S]*"\w+":/,
    };
    for (const [label, shows] of Object.entries(expected)) {
      await (await selector()).click();
      const item = page.getByRole('menuitem', { name: label, exact: true });
      await item.waitFor({ timeout: 5000 });
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(Object.keys(expected));
      await item.click();
      await expect.poll(async () => (await selector()).innerText(), { timeout: 10_000 }).toBe(label);
      // The code of the panel that holds this selector.
      const panel = await (await selector()).locator('xpath=ancestor::*[.//pre or .//code][1]').innerText();
      expect(panel, `the ${label} sample`).toMatch(shows);
    }
    await page.screenshot({ path: join(OUT, 'docs-samples.png') });
  });

  it('made no request outside 127.0.0.1', () => {
    const outside = requests.filter((u) => !u.startsWith(`${base}/`) && !u.startsWith('blob:') && !u.startsWith('data:'));
    expect(requests.length).toBeGreaterThan(0);
    expect(outside).toEqual([]);
  });
});
