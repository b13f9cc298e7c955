/** What the videos delivery specs share: screenshots at both sizes and themes, each checked for scrolling. */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from './fixtures.js';

/** The document never scrolls, and no scrolling box sits inside another. */
export async function expectOneScrollerPerPane(page: Page): Promise<void> {
  const s = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const scrollers = [...document.querySelectorAll('body *')].filter((el) => {
      const { overflowY } = getComputedStyle(el);
      return (overflowY === 'auto' || overflowY === 'scroll') && el.checkVisibility() && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1;
    });
    const nested = scrollers.flatMap((inner) => scrollers.filter((o) => o !== inner && o.contains(inner)).map((o) => `${inner.className} in ${o.className}`));
    return { documentScrolls: doc.scrollHeight > doc.clientHeight + 1, nested };
  });
  expect(s).toEqual({ documentScrolls: false, nested: [] });
}

/** Screenshots at both sizes (reports/screenshots/<name>-<w>x<h>-<theme>.png) in both themes, each checked for scrolling; ends at 1280×800, light. */
export async function shots(page: Page, name: string): Promise<void> {
  await mkdir('reports/screenshots', { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expectOneScrollerPerPane(page);
      await page.screenshot({ path: `reports/screenshots/${name}-${size.width}x${size.height}-${theme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

