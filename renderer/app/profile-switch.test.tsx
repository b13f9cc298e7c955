// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../shared/contract/index';
import type { AppError } from '../../shared/contract/result';
import { observeActiveProfile, useActiveProfile } from '../bridge/active-profile';
import { BridgeError } from '../bridge/client';
import { aDetail, aSummary, bridgeWithApps } from '../features/apps/testing/apps';
import { useLogs } from '../features/logs/logs-store';
import '../features/logs/use-logs-session';
import { aStatus } from '../features/videos/testing/job-fixtures';
import { useTarget } from '../features/videos/target-store';
import type { FakeBridge } from '../testing/fake-bridge';
import { App } from './App';
import { useNav } from './nav-store';

afterEach(cleanup);

const STORAGE = { backend: 'test', persistent: true, weak: false, optedIn: false };
const KEY = { configured: true, last4: 'abcd', state: 'ok' };

function profile(id: string, name: string) {
  return {
    id,
    name,
    kind: 'platform',
    endpoints: { apiUrl: 'https://api.bunny.net', videoUrl: 'https://video.bunnycdn.com', logsUrl: 'https://logging.bunnycdn.com', tusUrl: 'https://video.bunnycdn.com/tusupload' },
    loggingAuth: 'accessKey',
    accountKey: KEY,
    loggingJwt: { configured: false },
    libraries: [],
  };
}

function profilesWith(activeId: string): MethodOutput<'settings.profiles'> {
  return { activeId, profiles: [profile('p1', 'Sandbox'), profile('p2', 'Production')], secretStorage: STORAGE, problems: [] } as unknown as MethodOutput<'settings.profiles'>;
}

/** The platform of an offline profile: its host cannot be found. */
const UNREACHABLE: AppError = { kind: 'network', title: 'Could not find api.bunny.net', detail: 'ENOTFOUND: getaddrinfo ENOTFOUND api.bunny.net.' };

/** An answer that waits until the test fails it: what the screen shows while the new profile's data loads. */
function gate() {
  let fail: (error: AppError) => void = () => {};
  const promise = new Promise<never>((_, reject) => (fail = (e) => reject(new BridgeError(e))));
  return { promise, fail };
}

/** An area's code loads on first use: on a busy machine that takes a while. */
const LOADED = { timeout: 15_000 };

let bridge: FakeBridge;

beforeEach(() => {
  useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
  bridge = bridgeWithApps([aSummary('a1', 'sandbox-shop')]);
  bridge.answer('settings.profiles', profilesWith('p1'));
  bridge.answer('desktop.info', { version: '1.0.0', shell: 'test', platform: 'linux', dataDir: '/tmp/burrow' } as never);
  bridge.answer('apps.get', aDetail('a1', 'sandbox-shop'));
});

/** An empty upload queue, as the Videos screen reads it. */
function answerQueue() {
  bridge.answer('videos.list', { jobs: [], status: aStatus({}) });
  bridge.answer('videos.fetches', { fetches: [] });
  bridge.answer('videos.resumableOver', { bytes: 1024 ** 3 });
}

/** The core switches to Production, as it announces it to every window. */
function switchToProduction() {
  bridge.answer('settings.profiles', profilesWith('p2'));
  act(() => bridge.emit('settings.changed', { activeId: 'p2' }));
}

describe('a profile switch', () => {
  it('drops the old profile’s app list and open app at once, shows loading, then the new profile’s failure in words', async () => {
    act(() => useNav.getState().go('apps'));
    render(<App />);
    fireEvent.click(await screen.findByText('sandbox-shop', { selector: '.apps-row-name' }, LOADED));
    await screen.findByRole('button', { name: /Delete/ });

    const pending = gate();
    bridge.answer('apps.list', () => pending.promise as never);
    switchToProduction();

    // Nothing of Sandbox's stays while Production's answer is awaited.
    await waitFor(() => expect(screen.getByText('Loading applications…')).toBeTruthy());
    expect(screen.queryByText(/sandbox-shop/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    // The row that had focus is gone: focus moves into the area drawn anew, not to the page's body.

    act(() => pending.fail(UNREACHABLE));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Could not reach the platform for profile Production: Could not find api.bunny.net'));
    expect(screen.queryByText('No applications yet')).toBeNull();
    expect(screen.queryByText(/sandbox-shop/)).toBeNull();
  });

  it('says Videos could not reach the platform when the new profile has no library here and the platform cannot be asked', async () => {
    bridge.answer('videos.libraries', { libraries: [{ id: 7, name: 'sandbox-films', hasKey: true }] });
    bridge.answer('videos.collections', { collections: [] });
    answerQueue();
    act(() => useNav.getState().go('videos'));
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('target-picker').textContent).toContain('sandbox-films'), LOADED);
    expect(useTarget.getState().libraryId).toBe(7);

    bridge.answer('videos.libraries', { libraries: [] });
    bridge.answer('settings.discover', { error: UNREACHABLE });
    switchToProduction();

    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Could not reach the platform for profile Production: Could not find api.bunny.net'));
    expect(screen.queryByText(/sandbox-films/)).toBeNull();
    expect(screen.queryByText(/no video libraries/i)).toBeNull();
    expect(bridge.inputs('settings.discover')).toEqual([{ id: 'p2' }]);
    expect(useTarget.getState().libraryId).toBeNull();
  });

  it('says the platform has no libraries only when it answered with none', async () => {
    bridge.answer('videos.libraries', { libraries: [] });
    bridge.answer('settings.discover', { libraries: [], pullZones: [] });
    answerQueue();
    act(() => useNav.getState().go('videos'));
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('no-libraries').textContent).toContain('The platform lists no video libraries for this profile'), LOADED);
    expect(bridge.inputs('settings.discover')).toEqual([{ id: 'p1' }]);
  });
});

describe('the stores kept per profile', () => {
  it('close the old profile’s log session in the core and forget it, and forget the chosen library, on a switch only', () => {
    bridge.answer('logs.close', { closed: true } as never);
    observeActiveProfile('p1', 'Sandbox');
    useLogs.getState().opened({ sessionId: 's-old', source: { kind: 'zone', zoneId: 1 } } as never);
    useTarget.getState().setLibrary(7);

    // The first answer and the same profile again are not switches.
    expect(observeActiveProfile('p1')).toBe(false);
    expect(useLogs.getState().sessionId).toBe('s-old');
    expect(useActiveProfile.getState().epoch).toBe(0);

    expect(observeActiveProfile('p2', 'Production')).toBe(true);
    expect(useLogs.getState().sessionId).toBeNull();
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 's-old' }]);
    expect(useTarget.getState().libraryId).toBeNull();
    expect(useActiveProfile.getState()).toMatchObject({ activeId: 'p2', name: 'Production', epoch: 1 });
  });
});
