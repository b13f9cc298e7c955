/** Accessibility checks for E2E specs: axe-core on the live page, failing on what blocks people. */
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from 'playwright-core';

/** The impacts a spec fails on: serious and critical problems keep people from using the screen at all. */
const BLOCKING = new Set(['serious', 'critical']);

/** One line per violation: rule, impact, what it means, and the selector of every element it was found on. */
export function describeViolation(v: { id: string; impact?: string | null; help: string; nodes: readonly { target: unknown }[] }): string {
  const targets = v.nodes.map((n) => JSON.stringify(n.target)).join(', ');
  return `${v.id} (${v.impact ?? 'no impact'}): ${v.help} — at ${targets}`;
}

/**
 * Waits until no finite animation or transition is running (a toast sliding in is half transparent, and axe would
 * measure its contrast against a blend). Endless ones (spinners) are left alone; a page that never settles is
 * checked as it stands after five seconds.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Runs axe-core on the page as it stands and describes each serious or critical violation (see describeViolation). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => BLOCKING.has(v.impact ?? '')).map(describeViolation);
}

/**
 * Runs axe-core on the page as it stands (wait for the screen to settle first) and fails on any serious or
 * critical violation, listing each one's rule id, impact and target selectors.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page), `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}
