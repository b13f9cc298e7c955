// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeActiveProfile, useActiveProfile } from '../../bridge/active-profile';
import { useLogs } from './logs-store';
import { aStatus, logsBridge, renderLogs } from './testing/logs';
import { openOverview, pickZone } from './testing/charts';

// The charts are built alongside this screen; the tests use a stand-in with the same props (testing/charts.tsx).
vi.mock('./charts/LogCharts', async () => ({ LogCharts: (await import('./testing/charts')).ChartsStandIn }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('log files', () => {
  function drop(files: File[]) {
    const event = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, dropEffect: 'none' } });
    act(() => void window.dispatchEvent(event));
    return event;
  }

  it('a dropped .log.gz opens by token, closing the zone session before; other files are refused', async () => {
    const bridge = logsBridge();
    bridge.acceptDrops();
    bridge.answer('files.list', ({ tokens }) => ({ files: (tokens ?? []).map((token) => ({ token, name: token.slice(2), size: 1, kind: 'file' as const })) }));
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.open')).toBe(1));
    drop([new File(['x'], 'notes.txt')]);
    expect(await screen.findByText('Only a CDN log file (.log or .log.gz) opens here.')).toBeTruthy();
    expect(drop([new File(['x'], 'day.log.gz')]).defaultPrevented).toBe(true);
    await waitFor(() => expect(bridge.inputs('logs.open')[1]).toEqual({ source: { kind: 'file', token: 't-day.log.gz' }, filter: '' }));
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 's1' }]);
    await screen.findByTestId('logs-counts');
    expect(screen.queryByTestId('load-bar')).toBeNull();
    expect(screen.getByRole('button', { name: '1 h' })).toHaveProperty('disabled', true);
  });

  it('a file opened from disk stays open through a profile switch (it belongs to no profile); leaving Logs closes it', async () => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, file: { bytesRead: 9, totalBytes: 9, lines: 12, malformed: 2 } }),
    );
    const first = renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    expect((await screen.findByTestId('malformed')).textContent).toContain('2 malformed lines');

    // The switch draws the Logs screen anew, as the shell does.
    act(() => void observeActiveProfile('p2', 'Production'));
    first.unmount();
    const second = renderLogs();
    expect(bridge.inputs('logs.close')).toEqual([]);
    expect(useLogs.getState().sessionId).toBe('f');
    await waitFor(() => expect(screen.getByTestId('zone-picker').textContent).toContain('File: day.log'));
    expect((await screen.findByTestId('malformed')).textContent).toContain('2 malformed lines');
    expect(bridge.inputs('logs.open')).toHaveLength(1);

    second.unmount();
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 'f' }]);
  });

  it('a zone’s session is closed by a profile switch', async () => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
    const bridge = logsBridge();
    renderLogs();
    useLogs.getState().opened(aStatus({ sessionId: 'z' }));
    act(() => void observeActiveProfile('p2', 'Production'));
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 'z' }]);
    expect(useLogs.getState().sessionId).toBeNull();
  });

  it('a file chosen in the dialog opens; its malformed lines are counted and listed', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, file: { bytesRead: 9, totalBytes: 9, lines: 12, malformed: 2 } }),
    );
    bridge.answer('logs.malformed', { total: 2, samples: [{ line: 4, reason: 'expected 13 fields, found 3', text: 'HIT|200|x' }, { line: 9, reason: 'status is not a number', text: 'HIT|abc|…' }] });
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    await waitFor(() => expect(bridge.inputs('logs.open')).toEqual([{ source: { kind: 'file', token: 'f1' }, filter: '' }]));
    expect((await screen.findByTestId('malformed')).textContent).toContain('2 malformed lines');
    fireEvent.click(screen.getByRole('button', { name: 'Show them…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Malformed lines' });
    expect(within(dialog).getAllByRole('row').map((r) => r.textContent)).toEqual(['LineWhyStart of the line', '4expected 13 fields, found 3HIT|200|x', '9status is not a numberHIT|abc|…']);
  });

  it('a drag across a file’s charts zooms nothing and offers no Reset zoom: a file holds its own rows', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) => aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, file: { bytesRead: 9, totalBytes: 9, lines: 12, malformed: 0 } }));
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    await waitFor(() => expect(bridge.inputs('logs.open')).toHaveLength(1));
    await openOverview();
    fireEvent.click(screen.getByRole('button', { name: 'drag two buckets' }));
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    expect(bridge.inputs('logs.update')).toEqual([]);
    expect(bridge.inputs('logs.open')).toHaveLength(1);
  });

  it("a zone's rows that could not be read are counted with the first reason, and listed", async () => {
    const bridge = logsBridge();
    bridge.answer('logs.open', ({ filter }) => aStatus({ sessionId: 'z', filter, unreadable: { rows: 3, firstReason: 'timestamp must be a date-time (got "yesterday")' } }));
    bridge.answer('logs.malformed', { total: 3, samples: [{ line: 12, reason: 'timestamp must be a date-time (got "yesterday")', text: '{"timestamp":"yesterday"}' }] });
    renderLogs();
    await pickZone('1');
    expect((await screen.findByTestId('malformed')).textContent).toContain('3 rows could not be read and were skipped (first: timestamp must be a date-time (got "yesterday"))');
    fireEvent.click(screen.getByRole('button', { name: 'Show them…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rows that could not be read' });
    expect(within(dialog).getAllByRole('row').map((r) => r.textContent)).toEqual(['RowWhyStart of the row', '12timestamp must be a date-time (got "yesterday"){"timestamp":"yesterday"}']);
  });

  it('says when paging stopped because the platform kept answering the same', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, pagingStopped: 'paging stopped after 3 pages in a row brought no new rows' }),
    );
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    expect((await screen.findByTestId('logs-paging-stopped')).textContent).toBe(
      'Loading stopped: paging stopped after 3 pages in a row brought no new rows.',
    );
  });

  it('a file read up to the rows’ ceiling says it shows the first rows; a cut gzip file says where it stopped', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'bomb.log.gz' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({
        sessionId: 'f',
        filter,
        source: { kind: 'file', fileName: 'bomb.log.gz' },
        hasMore: false,
        budget: null,
        loadedRows: 5_000_000,
        matchingRows: 5_000_000,
        file: { bytesRead: 9, totalBytes: 9, lines: 5_000_000, malformed: 0, truncated: true, endedEarly: 'the gzip data ends early (the file is cut short): reading stopped after 5000000 lines, at byte 9 of 9' },
      }),
    );
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    expect((await screen.findByTestId('logs-file-truncated')).textContent).toBe('Showing 5,000,000 rows of this file, as many as fit; the file has more.');
    expect(screen.getByTestId('logs-file-ended-early').textContent).toContain('ends early');
  });
});
