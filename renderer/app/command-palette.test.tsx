// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeProvider, createQueryClient } from '../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { Toasts } from '../ui/toast';
import { useLibrary } from '../features/videos/library/library-store';
import { CommandPalette } from './CommandPalette';
import { useNav } from './nav-store';
import { SCREEN_ACTIONS, useScreenAction, type ScreenAction } from './screen-actions';
import { useTheme } from './theme';

const PROFILE = { endpoints: {}, loggingAuth: 'none', accountKey: 'missing', loggingJwt: 'missing', libraries: [] };
const LIST = (names: readonly string[]) => ({
  activeId: 'p0',
  profiles: names.map((name, i) => ({ ...PROFILE, id: `p${i}`, name, kind: i === 0 ? 'sandbox' : 'platform' })),
  secretStorage: { backend: 'test', persistent: true, weak: false, optedIn: false },
  problems: [],
});

let bridge: FakeBridge;
beforeEach(() => {
  bridge = installFakeBridge();
  bridge.answer('settings.profiles', LIST(['Sandbox', 'Production']) as never);
  window.history.replaceState(null, '', '#/console');
  useNav.setState({ area: 'console', paletteOpen: true });
  useTheme.getState().set('light');
});
afterEach(cleanup);

/** Stands in for the screens: each records the actions it was handed, mounted only while its area shows. */
function Screens({ done }: { readonly done: ScreenAction[] }) {
  const area = useNav((s) => s.area);
  return (
    <>
      {(Object.keys(SCREEN_ACTIONS) as ScreenAction[])
        .filter((a) => SCREEN_ACTIONS[a] === area)
        .map((a) => (
          <Handler key={a} action={a} done={done} />
        ))}
    </>
  );
}
function Handler({ action, done }: { readonly action: ScreenAction; readonly done: ScreenAction[] }) {
  useScreenAction(action, () => done.push(action));
  return null;
}

function renderPalette(extra?: React.ReactNode) {
  return render(
    <BridgeProvider client={createQueryClient()}>
      <CommandPalette />
      {extra}
      <Toasts />
    </BridgeProvider>,
  );
}

const option = (name: string | RegExp) => screen.getByRole('option', { name });
const headings = () => [...document.querySelectorAll('[cmdk-group]:not([hidden]) [cmdk-group-heading]')].map((h) => h.textContent);

describe('the command palette', () => {
  it.each([
    ['New app', 'apps.new', 'apps'],
    ['New app from a compose file…', 'apps.importCompose', 'apps'],
    ['Choose files to upload…', 'videos.chooseFiles', 'videos'],
    ['Fetch a video from a URL…', 'videos.fetchUrl', 'videos'],
    ['Open log file…', 'logs.openFile', 'logs'],
    ['Export logs…', 'logs.export', 'logs'],
  ] as const)('"%s" shows its area and has the screen do it', async (label, action, area) => {
    const done: ScreenAction[] = [];
    renderPalette(<Screens done={done} />);
    fireEvent.click(option(label));
    expect(useNav.getState().area).toBe(area);
    expect(useNav.getState().paletteOpen).toBe(false);
    await waitFor(() => expect(done).toEqual([action]));
  });

  it('"Fetch a video from a URL" shows the upload queue, where the form is', () => {
    useLibrary.getState().setView('library');
    renderPalette();
    fireEvent.click(option('Fetch a video from a URL…'));
    expect(useLibrary.getState().view).toBe('queue');
  });

  it('an action waits for its screen to load, and is dropped when the user goes elsewhere first', async () => {
    const done: ScreenAction[] = [];
    function Late() {
      // The screen arrives only when asked to (as a lazily loaded area does).
      const [shown, setShown] = useState(false);
      return shown ? <Handler action="apps.new" done={done} /> : <button onClick={() => setShown(true)}>load</button>;
    }
    const view = renderPalette(<Late />);
    fireEvent.click(option('New app'));
    expect(done).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(done).toEqual(['apps.new']));
    view.unmount();

    done.length = 0;
    useNav.setState({ paletteOpen: true });
    renderPalette(<Late />);
    fireEvent.click(option('New app'));
    act(() => useNav.getState().go('settings'));
    act(() => useNav.getState().go('apps'));
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(done).toEqual([]);
  });

  it('"Copy link" is offered in Logs (the place links name) and has the Logs screen copy it', async () => {
    const done: ScreenAction[] = [];
    const view = renderPalette(<Screens done={done} />);
    expect(screen.queryByRole('option', { name: /Copy link/ })).toBeNull();
    view.unmount();
    act(() => useNav.setState({ area: 'logs', paletteOpen: true }));
    renderPalette(<Screens done={done} />);
    fireEvent.click(option('Copy link to this view'));
    await waitFor(() => expect(done).toEqual(['logs.copyLink']));
  });

  it('"Toggle theme" flips the theme shown, and back', () => {
    renderPalette();
    fireEvent.click(option('Toggle theme (switch to dark)'));
    expect(useTheme.getState().choice).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => useNav.setState({ paletteOpen: true }));
    fireEvent.click(option('Toggle theme (switch to light)'));
    expect(useTheme.getState().choice).toBe('light');
  });

  it('"Switch to profile" activates each other profile by name', async () => {
    bridge.answer('settings.profiles', LIST(['Sandbox', 'Production', 'Staging']) as never);
    bridge.answer('settings.activateProfile', LIST(['Sandbox', 'Production', 'Staging']) as never);
    renderPalette();
    await screen.findByRole('option', { name: 'Switch to profile Staging' });
    expect(screen.queryByRole('option', { name: 'Switch to profile Sandbox' })).toBeNull();
    fireEvent.click(option('Switch to profile Staging'));
    await waitFor(() => expect(bridge.inputs('settings.activateProfile')).toEqual([{ id: 'p2' }]));
  });

  it('"Test connection" tests the active profile and says what failed', async () => {
    bridge.answer('settings.testProfile', {
      checks: [
        { area: 'core', state: 'ok', summary: 'The key works.' },
        { area: 'video', state: 'wrong-key', summary: 'The library key was refused.' },
      ],
    });
    renderPalette();
    fireEvent.click(await screen.findByRole('option', { name: 'Test connection of Sandbox' }));
    await waitFor(() => expect(bridge.inputs('settings.testProfile')).toEqual([{ id: 'p0' }]));
    expect(await screen.findByText(/Video libraries — The library key was refused\./)).toBeTruthy();
  });

  it.each([
    ['logs', 'Go to Logs'],
    ['videos', 'Go to Videos'],
    ['theme', 'Toggle theme (switch to dark)'],
  ])('typing "%s" puts "%s" first', async (text, first) => {
    renderPalette();
    fireEvent.change(document.querySelector('[cmdk-input]')!, { target: { value: text } });
    await waitFor(() => expect(screen.getAllByRole('option')[0]!.textContent?.trim()).toBe(first));
    await waitFor(() => expect(option(first).getAttribute('aria-selected')).toBe('true'));
  });

  it('draws no heading for a group with nothing in it, nor for one a search empties', async () => {
    bridge.answer('settings.profiles', LIST(['Sandbox']) as never);
    renderPalette();
    await screen.findByRole('option', { name: 'Test connection of Sandbox' });
    expect(headings()).toEqual(['Areas', 'Actions', 'App']);
    expect(screen.queryByText('Profiles')).toBeNull();

    fireEvent.change(document.querySelector('[cmdk-input]')!, { target: { value: 'theme' } });
    await waitFor(() => expect(headings()).toEqual(['App']));
  });
});
