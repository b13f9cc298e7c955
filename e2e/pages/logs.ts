/**
 * The page object of the Logs area: the source (pull zone or file), the time range and its clock, the filter text
 * and chips, the KPI strip, the charts (legends, top lists, the plot to drag across), the table and its detail pane.
 */
import { expect } from '@playwright/test';
import type { Locator } from 'playwright-core';
import { AreaPage } from './area-page.js';

/** The Logs area (CDN logging). */
export class LogsPage extends AreaPage {
  readonly id = 'logs' as const;

  get zone(): Locator {
    return this.content.getByRole('combobox', { name: 'Pull zone' });
  }

  preset(label: '15 min' | '1 h' | '6 h' | '24 h' | '3 days'): Locator {
    return this.content.getByRole('group', { name: 'Time range preset' }).getByRole('button', { name: label, exact: true });
  }

  get from(): Locator {
    return this.content.getByLabel('From', { exact: true });
  }

  get to(): Locator {
    return this.content.getByLabel('to', { exact: true });
  }

  get applyRange(): Locator {
    return this.content.getByRole('form', { name: 'Absolute time range' }).getByRole('button');
  }

  /** What the screen says in place of rows when the chosen zone has logging off. */
  get loggingOff(): Locator {
    return this.content.getByTestId('logs-logging-off');
  }

  get rangeError(): Locator {
    return this.content.getByTestId('range-picker').getByTestId('range-error');
  }

  clock(which: 'UTC' | 'Local'): Locator {
    return this.content.getByRole('group', { name: 'Show times in' }).getByRole('button', { name: new RegExp(`^${which}`, 'i') });
  }

  get filterText(): Locator {
    return this.content.getByLabel('Filter', { exact: true });
  }

  get chips(): Locator {
    return this.content.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  }

  get kpis(): Locator {
    return this.content.getByTestId('kpi-strip');
  }

  get sessionError(): Locator {
    return this.content.getByTestId('session-error');
  }

  get grid(): Locator {
    return this.content.getByRole('grid');
  }

  /** The data rows drawn now (the table is virtualized), placeholders left out. */
  get rows(): Locator {
    return this.grid.locator('[role="row"][aria-rowindex]:not([aria-busy="true"])').filter({ has: this.page.locator('[role="gridcell"]') });
  }

  /** The Table or Overview tab (the histogram strip and facets over the table, or the larger charts). */
  tab(name: 'Table' | 'Overview'): Locator {
    return this.content.getByRole('tablist', { name: 'Logs view' }).getByRole('tab', { name });
  }

  /** The facets panel beside the table. */
  get facets(): Locator {
    return this.content.getByTestId('facets-panel');
  }

  /** A cache-status legend entry of the cache chart. */
  cacheLegend(status: string): Locator {
    return this.content.getByRole('group', { name: /by cache status legend$/ }).getByRole('button', { name: new RegExp(`^${status}\\b`) });
  }

  /** The plot area of the cache chart, where a drag selects buckets. */
  get cachePlot(): Locator {
    return this.content.locator('section.log-chart').first().locator('.u-over');
  }

  /** The charts' first subtitle once it counts as many rows as the table matches: loading and drawing are over. */
  override async settled(): Promise<void> {
    await expect(this.zone).toBeVisible();
    const counts = this.content.getByTestId('logs-counts');
    if ((await counts.count()) === 0) return;
    await expect(counts).toHaveText(/^[\d,]+ matching of [\d,]+ loaded rows/);
    const matching = ((await counts.innerText()).match(/^([\d,]+) matching/) ?? [])[1];
    await expect(this.content.getByTestId('chart-subtitle').first()).toHaveText(new RegExp(`^(from )?${matching} (loaded )?rows`));
  }
}
