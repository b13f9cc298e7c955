// @vitest-environment happy-dom
/** Each screen does what the command palette asks of it (see screen-actions.ts), through the same calls as its buttons. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridgeWithApps, renderApps } from '../features/apps/testing/apps';
import { ExportButton } from '../features/logs/ExportButton';
import { aStatus, aTail, logsBridge, renderLogs } from '../features/logs/testing/logs';
import { bridgeWith, fakeLayout, renderVideos } from '../features/videos/testing/screen';
import { useTarget } from '../features/videos/target-store';
import { BridgeProvider, createQueryClient } from '../bridge/provider';
import { installFakeBridge } from '../testing/fake-bridge';
import { useNav } from './nav-store';
import { requestScreenAction } from './screen-actions';

const TAIL = aTail();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('screen actions', () => {
  it('New app opens the create form', async () => {
    bridgeWithApps([]);
    act(() => useNav.setState({ area: 'apps' }));
    renderApps();
    await screen.findByRole('button', { name: 'New app' });
    act(() => requestScreenAction('apps.new'));
    expect(await screen.findByRole('heading', { name: 'New app' })).toBeTruthy();
  });

  it('Choose files opens the native dialog for the chosen library', async () => {
    fakeLayout();
    const bridge = bridgeWith([]);
    bridge.answer('videos.choose', { files: [], skipped: [] });
    act(() => useNav.setState({ area: 'videos' }));
    renderVideos();
    await waitFor(() => expect(useTarget.getState().libraryId).toBe(1));
    act(() => requestScreenAction('videos.chooseFiles'));
    await waitFor(() => expect(bridge.inputs('videos.choose')).toEqual([{ libraryId: 1, collectionId: null }]));
  });

  it('Fetch from a URL opens the fetch form', async () => {
    fakeLayout();
    bridgeWith([]);
    act(() => useNav.setState({ area: 'videos' }));
    renderVideos();
    await waitFor(() => expect(useTarget.getState().libraryId).toBe(1));
    await screen.findByTestId('fetch-panel');
    act(() => requestScreenAction('videos.fetchUrl'));
    expect(await screen.findByRole('form', { name: 'Fetch from a URL' })).toBeTruthy();
  });

  it('Open log file opens the native dialog; Export and Copy link say why not before a zone is chosen', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', null);
    renderLogs();
    await screen.findByRole('button', { name: /Open log file/ });
    act(() => requestScreenAction('logs.openFile'));
    await waitFor(() => expect(bridge.count('logs.chooseFile')).toBe(1));
    act(() => requestScreenAction('logs.export'));
    expect(await screen.findByText('Nothing to export yet: choose a pull zone or open a log file first.')).toBeTruthy();
    act(() => requestScreenAction('logs.copyLink'));
    expect(await screen.findByText('A link names a pull zone and its time range: choose a zone first.')).toBeTruthy();
  });

  it('Export during live mode says to stop live mode, as the screen offers no Export button then', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.tail', ({ zoneId, filter }) => ({ ...TAIL, zoneId, filter }));
    bridge.answer('logs.tailStop', {});
    renderLogs();
    const select = await screen.findByLabelText('Pull zone');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(select, { target: { value: (select as HTMLSelectElement).options[1]!.value } });
    await screen.findByRole('button', { name: /^Export/ });
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() => expect(bridge.count('logs.tail')).toBe(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull());
    act(() => requestScreenAction('logs.export'));
    expect(await screen.findByText(/^Stop live mode to export/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Export the matching rows' })).toBeNull();
  });

  it('Export opens its dialog once per ask; a button drawn after an ask does not open it again', async () => {
    installFakeBridge();
    const client = createQueryClient();
    const wrapper = ({ children }: { readonly children: ReactNode }) => <BridgeProvider client={client}>{children}</BridgeProvider>;
    const view = render(<ExportButton status={aStatus({ matchingRows: 10 })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" openAsks={0} />, { wrapper });
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(<ExportButton status={aStatus({ matchingRows: 10 })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" openAsks={1} />);
    expect(await screen.findByRole('dialog', { name: 'Export the matching rows' })).toBeTruthy();
    view.unmount();
    render(<ExportButton status={aStatus({ matchingRows: 10 })} sort={{ key: 'time', dir: 'desc' }} timeZone="utc" openAsks={1} />, { wrapper });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
