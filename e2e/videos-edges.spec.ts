/**
 * The Videos screen's layout in the Chromium shell against the embedded sandbox, at 1280×800, 1024×700 and
 * 1920×1080: the screen fills the window and only the queue (or the library table) scrolls, the fetch list sits
 * under the queue, row buttons of one kind share one x on every row, the library table never runs wider than its
 * pane with a long title (the title ends in an ellipsis, whole in its tooltip), and a wide window's width goes to
 * the queue and the table. Space on a row's checkbox selects that row once. Screenshots go to reports/screenshots.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { expect, test } from './fixtures.js';
import type { Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const WIDE = { width: 1920, height: 1080 };
const LONG_TITLE = `A very long title that a real library holds, from a conference recording: ${'keynote and questions, '.repeat(8)}day two`;

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-videos-edges-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

function videosPath(sb: Sandbox, libraryId: number): string {
  return `${new URL(sb.videoUrl).pathname.replace(/\/$/, '')}/library/${libraryId}/videos`;
}

interface Layout {
  readonly documentScrolls: boolean;
  readonly contentScrolls: boolean;
  /** Elements that scroll vertically and have more than they show, by class. */
  readonly scrolling: readonly string[];
  readonly contentWidth: number;
  readonly paneWidth: number;
}

/** What scrolls and how wide the pane is; `pane` is the queue's scroller or the library's. */
async function layoutOf(page: Page, pane: string): Promise<Layout> {
  return page.evaluate((paneSelector) => {
    const doc = document.documentElement;
    const content = document.querySelector<HTMLElement>('.main-content')!;
    const scrolling = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const y = getComputedStyle(el).overflowY;
        return (y === 'auto' || y === 'scroll') && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0;
      })
      .map((el) => el.className || el.tagName);
    const style = getComputedStyle(content);
    return {
      documentScrolls: doc.scrollHeight > innerHeight || document.body.scrollHeight > innerHeight,
      contentScrolls: content.scrollHeight > content.clientHeight + 1,
      scrolling,
      contentWidth: content.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      paneWidth: document.querySelector<HTMLElement>(paneSelector)!.getBoundingClientRect().width,
    };
  }, pane);
}

/** The left edge of each kind of row control, per row (rows drawn now). */
async function buttonColumns(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => {
    const out: Record<string, number[]> = {};
    for (const row of document.querySelectorAll<HTMLElement>('[data-testid="job-row"]')) {
      for (const b of row.querySelectorAll<HTMLElement>('[data-testid="job-actions"] button')) {
        const kind = (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/ clip \d+.*$/, '').replace(/:.*$/, '').replace(/^Move.*$/, 'Move to top').trim();
        (out[kind] ??= []).push(Math.round(b.getBoundingClientRect().left));
      }
    }
    return out;
  });
}

test('the Videos screen fills the window with one scrolling pane, rows line up, the library fits a long title', async ({ app, shell }) => {
  test.setTimeout(240_000);
  const v = app.videos;
  const page = shell.page;
  await page.setViewportSize(SIZES[0]);
  await v.open('keyboard');
  const sb = await sandboxOf(shell);
  const lib = sb.libraries[0]!;
  await v.library.selectOption(String(lib.id));
  await v.concurrency.selectOption('1');

  // One row fails at create (Retry), one sends for a long while (Pause, Make resumable, Cancel), the rest wait
  // (the first of them is not offered Move to top); enough rows that the queue has more than it shows.
  sb.faults.add({ method: 'POST', path: videosPath(sb, lib.id), times: 1, action: { kind: 'status', status: 400, body: { success: false, message: 'Refused for the test', statusCode: 400 } } });
  sb.faults.add({ method: 'PUT', path: `${videosPath(sb, lib.id)}/*`, times: 1, action: { kind: 'delay', ms: 200_000 } });
  const paths: string[] = [];
  for (let i = 1; i <= 14; i++) {
    const path = join(dir, `clip ${String(i).padStart(2, '0')}.mp4`);
    await writeFile(path, randomBytes(64 * 1024));
    paths.push(path);
  }
  await v.drop(paths);
  await expect(v.state('clip 01')).toHaveText('Failed');
  await expect(v.state('clip 02')).toHaveText('Uploading');
  await expect(v.state('clip 03')).toHaveText('Waiting');

  // The fetch list (its heading and button, no fetch yet) is on the screen too.
  await expect(page.getByTestId('fetch-panel')).toBeVisible();

  for (const size of SIZES) {
    const label = `${size.width}×${size.height}`;
    await page.setViewportSize(size);
    await expect.poll(async () => (await layoutOf(page, '.queue-scroller')).documentScrolls, { message: `${label}: the document scrolls` }).toBe(false);
    const l = await layoutOf(page, '.queue-scroller');
    expect(l.contentScrolls, `${label}: the content area scrolls`).toBe(false);
    expect(l.scrolling, `${label}: what scrolls`).toEqual(['queue-scroller']);

    // The fetch list is under the upload list, not between the toolbar and it.
    const queueBox = (await page.getByTestId('queue').boundingBox())!;
    const fetchBox = (await page.getByTestId('fetch-panel').boundingBox())!;
    const toolbarBox = (await v.content.getByRole('group', { name: 'Whole queue' }).boundingBox())!;
    expect(queueBox.y, `${label}: queue under the toolbar`).toBeGreaterThan(toolbarBox.y);
    expect(fetchBox.y, `${label}: fetches under the queue`).toBeGreaterThanOrEqual(queueBox.y + queueBox.height - 1);
    expect(fetchBox.y + fetchBox.height, `${label}: fetches in the window`).toBeLessThanOrEqual(size.height);

    // Each kind of control sits at one x down the list, whichever other controls a row has.
    const columns = await buttonColumns(page);
    expect(Object.keys(columns).sort(), label).toEqual(['Cancel', 'Make resumable', 'Move to top', 'Pause', 'Retry']);
    for (const [kind, xs] of Object.entries(columns)) expect(new Set(xs).size, `${label}: ${kind} at ${xs.join(', ')}`).toBe(1);
    expect(columns.Retry![0], `${label}: Retry where Pause is`).toBe(columns.Pause![0]);
    // The first waiting row is next anyway: no Move to top there.
    await expect(v.row('clip 03').getByRole('button', { name: /to the top$/ })).toHaveCount(0);
    await expect(v.row('clip 04').getByRole('button', { name: 'Move clip 04 to the top' })).toBeVisible();
    await page.screenshot({ path: `reports/screenshots/videos-edges-queue-${size.width}.png` });
  }
  await expectNoSeriousA11yViolations(page);

  // Space on a row's checkbox selects that row once; nothing pauses.
  const box = v.row('clip 04').getByRole('checkbox', { name: 'Select clip 04' });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(v.row('clip 04')).toHaveAttribute('data-selected', 'true');
  await expect(v.state('clip 04')).toHaveText('Waiting');
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();

  // Pausing the plain upload asks first; Keep uploading leaves it sending.
  await v.rowAction('clip 02', 'Pause');
  await expect(v.pauseQuestion).toContainText('“clip 02” is a plain upload');
  await expect(v.pauseQuestion.getByRole('button', { name: 'Make resumable, then pause' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'reports/screenshots/videos-edges-pause-question.png' });
  await v.pauseQuestion.getByRole('button', { name: 'Keep uploading' }).click();
  await expect(v.state('clip 02')).toHaveText('Uploading');

  // A wide window gives its width to the queue.
  await page.setViewportSize(WIDE);
  await expect.poll(async () => (await layoutOf(page, '.queue-scroller')).documentScrolls).toBe(false);
  const wideQueue = await layoutOf(page, '.queue-scroller');
  expect(wideQueue.paneWidth, 'the queue uses a wide window').toBeGreaterThanOrEqual(wideQueue.contentWidth - 2);
  await page.screenshot({ path: 'reports/screenshots/videos-edges-queue-1920.png' });

  // The library with a long title: the table never runs wider than its pane at any size.
  const key = lib.key;
  const made = await fetch(`${sb.videoUrl}/library/${lib.id}/videos`, { method: 'POST', headers: { AccessKey: key, 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ title: LONG_TITLE }) });
  expect(made.status).toBe(200);
  await v.content.getByRole('tab', { name: 'Library' }).click();
  const title = page.getByRole('textbox', { name: `Title of ${LONG_TITLE}`, exact: true });
  await expect(title).toBeVisible();
  await expect(title).toHaveAttribute('title', LONG_TITLE);
  for (const size of [...SIZES, WIDE]) {
    const label = `library ${size.width}×${size.height}`;
    await page.setViewportSize(size);
    await expect.poll(async () => (await layoutOf(page, '.lib-scroller')).documentScrolls, { message: `${label}: the document scrolls` }).toBe(false);
    // Polled: the sidebar folds into a rail with a transition, and the table fits once it has.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const s = document.querySelector<HTMLElement>('.lib-scroller')!;
            return s.scrollWidth - s.clientWidth;
          }),
        { message: `${label}: table wider than its pane` },
      )
      .toBeLessThanOrEqual(0);
    const l = await layoutOf(page, '.lib-scroller');
    expect(l.contentScrolls, `${label}: the content area scrolls`).toBe(false);
    // The delivery pane stands beside the table: the two together use the width.
    const body = await layoutOf(page, '.lib-body');
    expect(body.paneWidth, `${label}: the table and the delivery pane use the width`).toBeGreaterThanOrEqual(body.contentWidth - 2);
    const delivery = await page.getByTestId('delivery-pane').boundingBox();
    expect(l.paneWidth + (delivery?.width ?? 0), `${label}: the table takes what the delivery pane leaves`).toBeGreaterThanOrEqual(body.paneWidth - 32);
    await page.screenshot({ path: `reports/screenshots/videos-edges-library-${size.width}.png` });
  }
  // With the delivery pane hidden, the table alone uses the width.
  await page.getByRole('button', { name: 'Hide delivery' }).click();
  await expect(page.getByTestId('delivery-pane')).toHaveCount(0);
  await expect.poll(async () => (await layoutOf(page, '.lib-scroller')).paneWidth, { message: 'the table uses the width' }).toBeGreaterThanOrEqual((await layoutOf(page, '.lib-scroller')).contentWidth - 2);
  await expectNoSeriousA11yViolations(page);
});
