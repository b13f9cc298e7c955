/**
 * The window as the scroll boundary: the document never scrolls, and no scrolling box sits inside another (one
 * scroll container per pane: a list that scrolls inside a page that scrolls is two scroll bars for one thing).
 */
import { expect } from '@playwright/test';
import type { Page } from 'playwright-core';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** What the page says about its scrolling: whether the document scrolls, and each scrolling box inside another. */
interface Scrolling {
  readonly documentScrolls: boolean;
  readonly nested: readonly string[];
  /** When the document scrolls, the first boxes that reach below the window from outside any scrolling area. */
  readonly below: readonly string[];
}

/**
 * Reads the page's scrolling: a box scrolls when its overflow-y is auto or scroll and its content is taller than it
 * (by more than a pixel of rounding); one that holds another such box is a nested pair.
 */
async function scrolling(page: Page): Promise<Scrolling> {
  return page.evaluate(() => {
    const name = (el: Element) => {
      const testid = el.getAttribute('data-testid');
      const classes = [...el.classList].slice(0, 3).join('.');
      return `${el.tagName.toLowerCase()}${testid ? `[data-testid=${testid}]` : ''}${classes ? `.${classes}` : ''}`;
    };
    const doc = document.scrollingElement ?? document.documentElement;
    const scrollers = [...document.querySelectorAll('body *')].filter((el) => {
      const { overflowY } = getComputedStyle(el);
      // Drawn only: the content of a closed <details> is laid out when asked, but nobody can see or scroll it.
      return (overflowY === 'auto' || overflowY === 'scroll') && el.checkVisibility() && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1;
    });
    const nested = scrollers.flatMap((inner) => scrollers.filter((outer) => outer !== inner && outer.contains(inner)).map((outer) => `${name(inner)} scrolls inside ${name(outer)}`));
    const documentScrolls = doc.scrollHeight > doc.clientHeight + 1 || document.body.scrollHeight > document.body.clientHeight + 1;
    // When it does, what sticks out below the window: the boxes placed outside every scrolling area.
    const below = documentScrolls
      ? [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().bottom > doc.clientHeight + 1 && !scrollers.some((s) => s.contains(el))).slice(0, 5).map(name)
      : [];
    return { documentScrolls, nested, below };
  });
}

export async function expectOneScrollerPerPane(page: Page, label: string): Promise<void> {
  const s = await scrolling(page);
  expect(s.documentScrolls, `${label}: the document scrolls (below the window: ${s.below.join(', ')})`).toBe(false);
  expect(s.nested, `${label}: scroll containers nested`).toEqual([]);
}

export async function inTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(theme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(255, 255, 255)');
}

