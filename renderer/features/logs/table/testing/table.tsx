/** The logs table over a fake bridge whose `logs.window` answers from rows computed on demand, for component tests. */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { LogRow, LogSort } from '../../../../../shared/contract/logs';
import { installFakeBridge, type FakeBridge } from '../../../../testing/fake-bridge';
import type { DrillDown, LogTableProps } from '../../view-types';
import { LogTable } from '../LogTable';

/** The scroller's height in tests; minus the header it shows about twenty rows. */
export const GRID_HEIGHT = 600;
/** The scroller's width in tests. */
export const GRID_WIDTH = 1000;

/**
 * happy-dom does no layout: the grid's scroller and the table's box get the sizes a browser would give them (the
 * table as wide as the scroller plus `extraWidth`, a few pixels taller for its toolbar).
 */
export function fakeLayout(size: { readonly height?: number; readonly width?: number; readonly extraWidth?: number } = {}): void {
  const height = size.height ?? GRID_HEIGHT;
  const width = size.width ?? GRID_WIDTH;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('log-scroller')) return height;
    return this.classList.contains('log-table') ? height + 40 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('log-scroller')) return width;
    return this.classList.contains('log-table') ? width + (size.extraWidth ?? 0) : 0;
  });
}

const START = Date.UTC(2024, 4, 1, 12, 0, 0);
const CACHE = ['HIT', 'MISS', 'BYPASS', 'STALE'] as const;
const STATUS = [200, 200, 304, 404, 503] as const;

/** Row `i` of a session: every field derived from `i`, so any window can be computed without holding the rows. */
export function makeRow(i: number): LogRow {
  const path = i === 0 ? '/api/search?q=caf%C3%A9%20au%20lait&page=2&empty=' : `/video/${i}.mp4`;
  return {
    index: i,
    timestamp: new Date(START + i * 1001).toISOString(),
    pullZoneId: 7,
    requestId: i.toString(16).padStart(32, '0'),
    cacheStatus: CACHE[i % CACHE.length]!,
    statusCode: STATUS[i % STATUS.length]!,
    bytesSent: 1000 + i * 7,
    remoteIp: `10.0.${(i >> 8) & 255}.${i & 255}`,
    countryCode: i % 2 === 0 ? 'DE' : 'US',
    edgeLocation: i % 3 === 0 ? 'WA' : 'FR',
    scheme: 'https',
    host: 'cdn.example.com',
    path,
    url: `https://cdn.example.com${path}`,
    userAgent: 'Mozilla/5.0 (Test; "Bot")',
    referer: null,
  };
}

/** A fake bridge answering `logs.window` over `total` rows (a descending sort reverses them). */
export function bridgeWithRows(total: number): FakeBridge {
  localStorage.clear();
  const bridge = installFakeBridge();
  bridge.answer('logs.window', ({ offset, count, sort }) => {
    const rows: LogRow[] = [];
    for (let k = offset; k < Math.min(total, offset + count); k++) {
      const source = sort?.dir === 'desc' ? total - 1 - k : k;
      rows.push({ ...makeRow(source), index: k });
    }
    return { rows, total };
  });
  return bridge;
}

/** The props a screen would pass, with spies for the callbacks. */
export function tableProps(total: number, over: Partial<LogTableProps> = {}) {
  const onSort = vi.fn<(s: LogSort) => void>();
  const onDrill = vi.fn<(d: DrillDown) => void>();
  const onOpenRow = vi.fn<(r: LogRow | null) => void>();
  const props: LogTableProps = { sessionId: 's1', total, version: 1, sort: { key: 'time', dir: 'asc' }, timeZone: 'utc', onSort, onDrill, onOpenRow, ...over };
  return { props, onSort, onDrill, onOpenRow };
}

/** Renders the table alone. */
export function renderTable(props: LogTableProps) {
  return render(<LogTable {...props} />);
}
