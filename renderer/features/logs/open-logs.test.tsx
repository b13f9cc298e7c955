// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNav } from '../../app/nav-store';
import { fakeLayout } from './table/testing/table';
import { aTail, logsBridge, renderLogs } from './testing/logs';
import { openLogsAt, useLogsIntent } from './open-logs';

const GUID = '3f1c2b9e-0d4a-4a57-9a8e-6b2f7c1d0e11';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useLogsIntent.setState({ intent: null });
});

function bridge() {
  fakeLayout();
  const b = logsBridge();
  b.answer('logs.tail', ({ zoneId, filter }) => aTail({ zoneId, filter }));
  b.answer('logs.tailStop', {});
  b.answer('logs.window', { rows: [], total: 0 });
  return b;
}

describe('Logs opened from another area', () => {
  it('opens the zone with the filter applied and its live tail on, in one session', async () => {
    const b = bridge();
    useNav.setState({ area: 'videos' });
    openLogsAt({ zoneId: 1, filter: `url:/${GUID}/`, live: true });
    expect(useNav.getState().area).toBe('logs');
    renderLogs();
    await waitFor(() => expect(b.inputs('logs.tail')).toEqual([{ zoneId: 1, filter: `url:/${GUID}/` }]));
    expect(b.inputs('logs.open')).toEqual([{ source: { kind: 'zone', zoneId: 1, range: { kind: 'preset', preset: '1h' } }, filter: `url:/${GUID}/` }]);
    expect((screen.getByLabelText('Pull zone') as HTMLSelectElement).value).toBe('1');
    expect(screen.getByTestId('live-toggle').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect((screen.getByLabelText('Filter') as HTMLInputElement).value).toBe(`url:/${GUID}/`));
    expect(useLogsIntent.getState().intent).toBeNull();
  });

  it('takes an intent that arrives while the screen shows another zone, live off when not asked', async () => {
    const b = bridge();
    renderLogs();
    await screen.findByLabelText('Pull zone');
    act(() => openLogsAt({ zoneId: 1, filter: 'status:5xx', live: false }));
    await waitFor(() => expect(b.inputs('logs.open').map((i) => i.filter)).toEqual(['status:5xx']));
    expect(screen.getByTestId('live-toggle').getAttribute('aria-pressed')).toBe('false');
    expect(b.count('logs.tail')).toBe(0);
  });

  it('explains a zone whose logging is off and asks nothing of it', async () => {
    const b = bridge();
    openLogsAt({ zoneId: 2, filter: `url:/${GUID}/`, live: true });
    renderLogs();
    await screen.findByTestId('logs-logging-off');
    expect(screen.getByText('No logs for quiet-zone')).toBeTruthy();
    expect(b.count('logs.open')).toBe(0);
    expect(b.count('logs.tail')).toBe(0);
  });
});
