// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogsExportStatus } from '../../../shared/contract/logs-export';
import type { MethodOutput } from '../../../shared/contract/index';
import type { ReactElement, ReactNode } from 'react';
import { BridgeProvider, createQueryClient } from '../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { ExportButton } from './ExportButton';
import { aStatus } from './testing/logs';

afterEach(cleanup);

/** Renders under the bridge's query cache, as the screen does. */
function render(ui: ReactElement) {
  const client = createQueryClient();
  return renderBare(ui, { wrapper: ({ children }: { readonly children: ReactNode }) => <BridgeProvider client={client}>{children}</BridgeProvider> });
}

const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
type ExportResult = MethodOutput<'logs.export'>;

/** A bridge whose export answers when the test says so. */
function exportBridge(): { bridge: FakeBridge; finish: (r: ExportResult) => void } {
  const bridge = installFakeBridge();
  let finish: (r: ExportResult) => void = () => undefined;
  bridge.answer('logs.export', () => new Promise<ExportResult>((resolve) => (finish = resolve)) as unknown as ExportResult);
  bridge.answer('logs.exportCancel', {});
  return { bridge, finish: (r) => finish(r) };
}

const progress = (over: Partial<LogsExportStatus>): LogsExportStatus => ({
  sessionId: 's1',
  format: 'csv',
  path: '/home/me/rows.csv',
  phase: 'paging',
  loadedRows: 0,
  matchingRows: 0,
  requests: 0,
  written: 0,
  total: 0,
  bytes: 0,
  error: null,
  ...over,
});

async function openAndChoose(format: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export the matching rows' });
  fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(`^${format}`) }));
  return dialog;
}

describe('Export…', () => {
  it('asks for a format in a dialog that passes axe, then exports in the table’s sort and the viewer’s zone', async () => {
    const { bridge, finish } = exportBridge();
    render(<ExportButton status={aStatus({ matchingRows: 25_000 })} sort={{ key: 'bytes', dir: 'desc' }} timeZone="utc" />);
    const dialog = await openAndChoose('NDJSON');
    expect(dialog.textContent).toContain('25,000 matching rows so far; the remaining pages load first');
    expect((await axe.run(dialog, AXE)).violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(bridge.inputs('logs.export')).toEqual([{ sessionId: 's1', format: 'ndjson', sort: { key: 'bytes', dir: 'desc' } }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Paging, then writing, with Cancel at hand.
    act(() => bridge.emit('logs.exportStatus', progress({ loadedRows: 20_000, requests: 2 })));
    expect(screen.getByTestId('export-progress').textContent).toContain('Loading the remaining pages: 20,000 rows in 2 requests');
    act(() => bridge.emit('logs.exportStatus', progress({ phase: 'writing', written: 5_000, total: 25_000 })));
    expect(screen.getByTestId('export-progress').textContent).toContain('Writing 5,000 of 25,000 rows');
    expect((screen.getByRole('progressbar', { name: 'Rows written' }) as HTMLProgressElement).value).toBe(5_000);
    expect((screen.getByRole('button', { name: 'Export…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await axe.run(screen.getByTestId('logs-export'), AXE)).violations.map((v) => v.id)).toEqual([]);
    await act(async () => finish({ outcome: 'saved', path: '/home/me/rows.ndjson', rows: 25_000, bytes: 9_000_000 }));
    expect((await screen.findByTestId('export-done')).textContent).toBe('Saved 25,000 rows to /home/me/rows.ndjson');
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it('passes this machine’s time zone when the viewer shows local times; Cancel asks the core to stop', async () => {
    const { bridge, finish } = exportBridge();
    render(<ExportButton status={aStatus({ hasMore: false })} sort={{ key: 'time', dir: 'desc' }} timeZone="local" />);
    const dialog = await openAndChoose('v1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(bridge.count('logs.export')).toBe(1));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(bridge.inputs('logs.export')[0]).toEqual({ sessionId: 's1', format: 'v1', sort: { key: 'time', dir: 'desc' }, ...(zone !== 'UTC' ? { timeZone: zone } : {}) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
    await waitFor(() => expect(bridge.inputs('logs.exportCancel')).toEqual([{ sessionId: 's1' }]));
    await act(async () => finish({ outcome: 'cancelled', path: '/x.log', rows: 0, bytes: 0 }));
    expect((await screen.findByTestId('export-done')).textContent).toBe('Export cancelled; no file was written.');
  });

  it('is reachable and usable from the keyboard alone; Escape closes the dialog; errors are in words', async () => {
    const { bridge } = exportBridge();
    bridge.answer('logs.export', { error: { kind: 'validation', title: 'Burrow may not write rows.csv there', detail: 'Choose a folder you can write to.' } });
    render(<ExportButton status={aStatus()} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" />);
    const button = screen.getByRole('button', { name: 'Export…' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    // The focus moves into the dialog; the radios and buttons are native, so Tab and arrows reach them.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Choose file…' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Burrow may not write rows.csv thereChoose a folder you can write to.');
  });

  it('is off while a file is read and when nothing matches; a dismissed dialog says nothing', async () => {
    const { bridge } = exportBridge();
    const { rerender } = render(<ExportButton status={aStatus({ source: { kind: 'file', fileName: 'd.log' }, hasMore: false, phase: 'loading' })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" />);
    expect((screen.getByRole('button', { name: 'Export…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<ExportButton status={aStatus({ hasMore: false, matchingRows: 0 })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" />);
    expect((screen.getByRole('button', { name: 'Export…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<ExportButton status={aStatus({ hasMore: false })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" />);
    bridge.answer('logs.export', { outcome: 'dismissed', path: null, rows: 0, bytes: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Export…' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('export-done')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves visitors’ Authorization headers out unless asked for, and warns that the file then holds credentials', async () => {
    const { bridge, finish } = exportBridge();
    render(<ExportButton status={aStatus({ hasMore: false })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" />);
    let dialog = await openAndChoose('CSV');
    const box = within(dialog).getByRole('checkbox', { name: 'Include Authorization headers' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.queryByTestId('export-auth-warning')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(bridge.count('logs.export')).toBe(1));
    expect(bridge.inputs('logs.export')[0]).not.toHaveProperty('includeAuthorization');
    await act(async () => finish({ outcome: 'saved', path: '/x.csv', rows: 1, bytes: 10 }));
    dialog = await openAndChoose('CSV');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Include Authorization headers' }));
    expect(within(dialog).getByTestId('export-auth-warning').textContent).toContain('credentials');
    expect((await axe.run(dialog, AXE)).violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(bridge.count('logs.export')).toBe(2));
    expect(bridge.inputs('logs.export')[1]).toMatchObject({ format: 'csv', includeAuthorization: true });
    await act(async () => finish({ outcome: 'saved', path: '/x.csv', rows: 1, bytes: 10 }));
    // The choice is not kept for the next export.
    dialog = await openAndChoose('CSV');
    expect((within(dialog).getByRole('checkbox', { name: 'Include Authorization headers' }) as HTMLInputElement).checked).toBe(false);
  });
});
