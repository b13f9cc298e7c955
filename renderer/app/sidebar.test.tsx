// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeProvider, createQueryClient } from '../bridge/provider';
import { installFakeBridge } from '../testing/fake-bridge';
import { useNav } from './nav-store';
import { Sidebar } from './Sidebar';

const LIST = {
  activeId: 'p1',
  profiles: [{ id: 'p1', name: 'Sandbox', kind: 'sandbox' }],
  secretStorage: { backend: 'test', persistent: true, weak: false, optedIn: false },
  problems: [],
};

/** Makes the window this wide, as a resize by the user does. */
function resizeTo(width: number): void {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

function renderSidebar() {
  render(
    <BridgeProvider client={createQueryClient()}>
      <Sidebar />
    </BridgeProvider>,
  );
  return screen.getByTestId('sidebar');
}

const AREA_NAMES = ['Apps', 'Videos', 'Logs', 'Console', 'Settings'];

beforeEach(() => {
  const bridge = installFakeBridge();
  bridge.answer('settings.profiles', LIST as never);
  bridge.answer('desktop.info', { version: '0.1.0', shell: 'electron' } as never);
  bridge.answer('settings.testProfile', { checks: [{ area: 'core', state: 'ok', summary: 'The core API answered' }] } as never);
  useNav.getState().go('apps', { focus: false });
});
afterEach(() => {
  cleanup();
  resizeTo(1280);
});

describe('the sidebar', () => {
  it('shows the areas with their names at 1100 px and wider', () => {
    resizeTo(1100);
    const sidebar = renderSidebar();
    expect(sidebar.dataset.collapsed).toBe('false');
    expect(within(sidebar).getByText('Burrow')).toBeTruthy();
  });

  it('collapses to icons below 1100 px: each keeps its name and tooltip, the current one stays marked, arrows and clicks still work', async () => {
    resizeTo(1099);
    const sidebar = renderSidebar();
    expect(sidebar.dataset.collapsed).toBe('true');
    const nav = within(sidebar).getByRole('navigation', { name: 'Areas' });
    const buttons = within(nav).getAllByRole('button');
    // Named for speech by their words (kept in the page, clipped from sight), with the shortcut as the tooltip.
    expect(buttons.map((b) => b.textContent?.replace(/Ctrl\+\d|⌘\d/, ''))).toEqual(AREA_NAMES);
    for (const [i, name] of AREA_NAMES.entries()) {
      const button = within(nav).getByRole('button', { name });
      expect(button.getAttribute('title')).toMatch(new RegExp(`^${name} \\((Ctrl\\+|⌘)${i + 1}\\)$`));
    }
    expect(within(nav).getByRole('button', { name: 'Apps' }).getAttribute('aria-current')).toBe('page');

    within(nav).getByRole('button', { name: 'Apps' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Videos' }));
    fireEvent.click(document.activeElement!);
    expect(useNav.getState().area).toBe('videos');
    expect(within(nav).getByRole('button', { name: 'Videos' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Apps' }).getAttribute('aria-current')).toBeNull();

    // The profile and its state: still in the page for speech.
    const connection = within(sidebar).getByTestId('connection');
    await waitFor(() => expect(within(connection).getByTestId('active-profile').textContent).toBe('Sandbox'));
  });

  it('below 1100 px the status dot is a focusable button named by the profile and its state, with a tooltip; it opens Settings', async () => {
    resizeTo(1024);
    const sidebar = renderSidebar();
    const dot = await within(sidebar).findByRole('button', { name: 'Profile Sandbox, connected' });
    // Reached by Tab like any button, and its tooltip says the same in sight.
    expect(dot.tabIndex).toBe(0);
    dot.focus();
    expect(document.activeElement).toBe(dot);
    expect(dot.querySelector('.connection-tip')?.textContent).toBe('Profile Sandbox · Connected · Settings');
    fireEvent.click(dot);
    expect(useNav.getState().area).toBe('settings');
  });

  it('follows the window: narrowing collapses it, widening brings the names back', () => {
    resizeTo(1280);
    const sidebar = renderSidebar();
    expect(sidebar.dataset.collapsed).toBe('false');
    resizeTo(1024);
    expect(sidebar.dataset.collapsed).toBe('true');
    expect(within(sidebar).queryByText('Burrow')).toBeNull();
    expect(within(sidebar).queryByTestId('connection-button')).not.toBeNull();
    resizeTo(1920);
    expect(sidebar.dataset.collapsed).toBe('false');
    expect(within(sidebar).queryByTestId('connection-button')).toBeNull();
  });
});
