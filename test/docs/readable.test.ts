// Issue 26: the HTML docs read right in a browser (Debian's chromium; never downloaded): no raw
// Markdown anywhere on the rendered page (backticks, bold markers, link syntax outside code), the
// error catalogue's codes stay whole (one line each) at every common width down to a phone, and an
// update's three methods say, in the navigation, that they are one operation.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { ROOT } from '../support/spec.js';

const PAGE = join(ROOT, 'generated', 'docs', 'index.html');
let server: http.Server;
let base = '';
let browser: Browser;

beforeAll(async () => {
  const html = readFileSync(PAGE);
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

async function open(width: number, height = 900): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(base, { waitUntil: 'load' });
  await page.locator('.menu-content').waitFor({ state: 'attached', timeout: 30_000 }); // hidden behind a button on a phone
  return page;
}

describe('the rendered docs', () => {
  it('show no raw Markdown outside code', async () => {
    const page = await open(1400);
    try {
      const raw = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode(); t; t = walker.nextNode()) {
          if (t.parentElement?.closest('code, pre, script, style, textarea')) continue;
          const v = t.nodeValue ?? '';
          if (/`[^`\n]+`|\*\*[^*\n]+\*\*|\]\([^)\s]+\)/.test(v)) out.push(v.trim().slice(0, 120));
        }
        return [...new Set(out)];
      });
      expect(raw).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.each([375, 768, 1024, 1440])('keep every error code of the catalogue whole at %i px', async (width) => {
    const page = await open(width);
    try {
      const result = await page.evaluate(() => {
        const table = [...document.querySelectorAll('table')].find((t) => /^\s*Code\s*Status\s*Sent by/.test(t.querySelector('thead')?.textContent ?? ''));
        if (!table) return { cells: 0, broken: ['no catalogue table'] };
        const broken: string[] = [];
        const codes = [...table.querySelectorAll('tbody tr td:first-child code')];
        for (const code of codes) {
          const lineHeight = parseFloat(getComputedStyle(code).lineHeight) || parseFloat(getComputedStyle(code).fontSize) * 1.6;
          const rects = code.getClientRects();
          if (rects.length !== 1 || code.getBoundingClientRect().height > lineHeight * 1.5) broken.push(code.textContent ?? '');
        }
        return { cells: codes.length, broken };
      });
      expect(result.cells).toBeGreaterThan(20);
      expect(result.broken).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('say in the navigation that POST, PUT and PATCH of an update are one operation', async () => {
    const page = await open(1400);
    try {
      // Opening the operation expands its group in the navigation.
      await page.goto(`${base}#operation/updatePostPut`, { waitUntil: 'load' });
      const items = page.locator('.menu-content span').filter({ hasText: /^Update a post( \(|$)/ });
      await items.first().waitFor({ state: 'attached', timeout: 15_000 });
      const labels = [...new Set((await items.allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim()))];
      expect(labels).toHaveLength(3);
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const label = labels.find((l) => l.includes(`(${method} =`));
        expect(label, `${method} in ${JSON.stringify(labels)}`).toMatch(/one operation\)$/);
      }
    } finally {
      await page.close();
    }
  });
});
