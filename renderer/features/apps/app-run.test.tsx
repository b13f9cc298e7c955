// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppOverview } from '../../../shared/contract/apps';
import type { FakeBridge } from '../../testing/fake-bridge';
import { useAppFollow } from './app-follow';
import { aDetail, aSummary, bridgeWithApps, renderApps, run, until } from './testing/apps';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useAppFollow.setState({ pending: {} });
});

const rows = () => screen.queryAllByTestId('app-row');

/**
 * One app on a scripted platform: its status, and how many more reads it stays `progressing` after a change. Each
 * read of a moving app counts down; at zero it settles (active after a deploy or restart, inactive after undeploy).
 */
function platform(start: { status: string; running: number; movingReads?: number }) {
  const state = { status: start.status, running: start.running, movingReads: start.movingReads ?? 0, settleTo: 'active', settleRunning: 2 };
  const bridge: FakeBridge = bridgeWithApps([]);
  // The list says the status the platform has now, as the page does.
  bridge.answer('apps.list', () => ({ items: [aSummary('a1', 'web-shop', state.status)], totalItems: 1, cursor: null }));
  bridge.answer('apps.get', (input) => {
    if (state.status === 'progressing') {
      if (state.movingReads > 0) state.movingReads -= 1;
      else {
        state.status = state.settleTo;
        state.running = state.settleTo === 'active' ? state.settleRunning : 0;
      }
    }
    return { ...aDetail(input.id, 'web-shop'), status: state.status };
  });
  bridge.answer('apps.overview', (): AppOverview => ({
    status: state.status,
    activeInstances: { indicator: state.running, statusGrade: 'doingGreat' } as never,
    desiredInstances: 2,
    activeRegions: { indicator: state.running > 0 ? 1 : 0 } as never,
    averageCPU: { indicator: 12.34 } as never,
    averageRAM: { indicator: 40 } as never,
    monthlyCost: 14.6,
    regions: [{ region: 'DE', isRequired: true, instances: state.running, status: state.status, averageCPU: 12.34, averageRAM: 40 }],
  }));
  const move = (settleTo: string, reads: number) => {
    state.status = 'progressing';
    state.settleTo = settleTo;
    state.movingReads = reads;
    return {};
  };
  bridge.answer('apps.deploy', () => move('active', 2));
  bridge.answer('apps.undeploy', () => move('inactive', 1));
  bridge.answer('apps.restart', () => move('active', 1));
  return { bridge, state };
}

async function openApp() {
  await waitFor(() => expect(rows()).toHaveLength(1));
  fireEvent.click(rows()[0]!);
  const pane = await screen.findByTestId('app-detail');
  await within(pane).findByRole('heading', { name: 'web-shop', level: 2 });
  return pane;
}

describe('the status in words', () => {
  it('an app the platform left undeployed says so, in the list and on the page, and offers Deploy', async () => {
    platform({ status: 'inactive', running: 0 });
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Not deployed');
    const pane = await openApp();
    expect(within(pane).getByTestId('app-status').textContent).toBe('Not deployed');
    const notice = within(pane).getByTestId('app-not-deployed');
    expect(notice.textContent).toContain('web-shop is not deployed');
    expect(within(notice).getByRole('button', { name: /Deploy/ })).toBeTruthy();
    // An undeployed app has nothing to restart or undeploy.
    expect(within(pane).queryByRole('button', { name: /Restart/ })).toBeNull();
    expect(within(pane).queryByRole('button', { name: /Undeploy/ })).toBeNull();
  });

  it('an active app with no instances is not "Running"; with instances it is, and the overview is read for a person', async () => {
    const { state } = platform({ status: 'active', running: 0 });
    renderApps();
    let pane = await openApp();
    await waitFor(() => expect(within(pane).getByTestId('app-status').textContent).toBe('Active, no instances running'));
    // The list agrees with the page once the page has read what runs.
    expect(rows()[0]!.querySelector('.apps-status')?.textContent).toBe('Active, no instances running');
    expect(within(pane).getByTestId('app-instances').textContent).toBe('0 of 2 instances running');
    fireEvent.click(within(pane).getByRole('button', { name: 'Close details' }));

    state.running = 2;
    pane = await openApp();
    await waitFor(() => expect(within(pane).getByTestId('app-status').textContent).toBe('Running'));
    expect(rows()[0]!.querySelector('.apps-status')?.textContent).toBe('Running');
    expect(within(pane).getByTestId('app-instances').textContent).toBe('2 of 2 instances running in 1 region');
    expect(pane.textContent).toContain('CPU 12.3 %');
    expect(pane.textContent).toContain('RAM 40 %');
    expect(within(pane).getByTestId('app-cost').textContent).toContain('$14.60 a month');
    const perRegion = within(pane).getByTestId('app-overview-regions');
    // Region ids are said by name, here as in the settings.
    expect(within(perRegion).getByRole('rowheader').textContent).toContain('Frankfurt');
    // The region's status in the page's words: instances run there, so "Running" (not the platform's "Active").
    expect(within(perRegion).getAllByRole('cell')[1]!.textContent).toBe('Running');
    expect(within(pane).getByTestId('app-regions').textContent).toContain('Frankfurt (required), London');
  });

  it('the public address of each endpoint can be copied', async () => {
    platform({ status: 'active', running: 2 });
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApps();
    const pane = await openApp();
    const card = within(pane).getByRole('article', { name: 'Container web' });
    fireEvent.click(within(card).getByRole('button', { name: 'Copy the address of dns: 203.0.113.7' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('203.0.113.7');
    expect(await within(card).findByText('Address copied')).toBeTruthy();
  });
});

describe('running it', () => {
  it('Deploy asks first, naming the app; confirming deploys once and the list and page say "Deploying…"', async () => {
    const { bridge } = platform({ status: 'inactive', running: 0 });
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(within(pane).getByTestId('app-not-deployed')).getByRole('button', { name: /Deploy/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deploy “web-shop”?' });
    expect(dialog.textContent).toContain('starts the instances of web-shop');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.count('apps.deploy')).toBe(0);

    fireEvent.click(within(within(pane).getByTestId('app-not-deployed')).getByRole('button', { name: /Deploy/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.inputs('apps.deploy')).toEqual([{ id: 'a1' }]);
    await waitFor(() => expect(within(pane).getByTestId('app-status').textContent).toBe('Deploying…'));
    expect(rows()[0]!.textContent).toContain('Deploying…');
    // While it deploys there is nothing to restart: Restart comes back once the app has settled.
    expect(within(within(pane).getByTestId('app-toolbar')).queryByRole('button', { name: /Restart/ })).toBeNull();
    // The notice whose button opened the dialog is gone: focus lands on the page's heading, not on nothing.
    expect(within(pane).queryByTestId('app-not-deployed')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(pane).getByRole('heading', { name: 'web-shop', level: 2 })));
  });

  it('a deploy the platform accepted but does not yet show moving already says "Deploying…", with no second Deploy', async () => {
    const { bridge } = platform({ status: 'inactive', running: 0 });
    // The platform accepts, and its status stays inactive for a while.
    bridge.answer('apps.deploy', {});
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(within(pane).getByTestId('app-not-deployed')).getByRole('button', { name: /Deploy/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(pane).getByTestId('app-status').textContent).toBe('Deploying…'));
    expect(rows()[0]!.textContent).toContain('Deploying…');
    expect(within(pane).queryByTestId('app-not-deployed')).toBeNull();
    expect(within(pane).queryByRole('button', { name: /Deploy/ })).toBeNull();
  });

  it('Undeploy and Restart say what happens and name the app', async () => {
    platform({ status: 'active', running: 2 });
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(pane).getByRole('button', { name: /Undeploy/ }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Undeploy “web-shop”?' });
    expect(dialog.textContent).toContain('Every instance stops; the app keeps its settings and can be deployed again.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(within(pane).getByRole('button', { name: /Restart/ }));
    dialog = await screen.findByRole('alertdialog', { name: 'Restart “web-shop”?' });
    expect(dialog.textContent).toContain('Every instance of web-shop stops and starts again');
  });

  it('a 409 on deploy is explained in the dialog (suspended), with the platform’s words; nothing is followed', async () => {
    const { bridge } = platform({ status: 'inactive', running: 0 });
    bridge.answer('apps.deploy', {
      error: { kind: 'conflict', title: 'The account has reached its limit of applications.', status: 409, detail: 'The platform said: Application is suspended\nDelete an app you no longer need…\nPOST /apps/a1/deploy' },
    });
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(within(pane).getByTestId('app-not-deployed')).getByRole('button', { name: /Deploy/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The platform would not deploy “web-shop”: the app or the account is suspended.');
    expect(alert.textContent).toContain('The platform said: Application is suspended');
    expect(alert.textContent).toContain('bunny.net dashboard');
    expect(alert.textContent).not.toContain('limit of applications');
    expect(useAppFollow.getState().pending).toEqual({});
  });

  it('a 409 on restart keeps the core’s words for a restart, not the suspended sentence of deploy', async () => {
    const { bridge } = platform({ status: 'active', running: 2 });
    bridge.answer('apps.restart', {
      error: {
        kind: 'conflict',
        title: 'The platform would not restart the app as it is now: only a deployed app that has settled can be restarted.',
        status: 409,
        detail: 'The platform said: Application is not deployed\nDeploy the app first, or wait until it has settled, then restart it.',
      },
    });
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(pane).getByRole('button', { name: /Restart/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restart' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('only a deployed app that has settled can be restarted');
    expect(alert.textContent).toContain('Application is not deployed');
    expect(alert.textContent).not.toContain('suspended');
  });

  it('a 404 says the app no longer exists and leads back to the list', async () => {
    const { bridge } = platform({ status: 'active', running: 2 });
    bridge.answer('apps.restart', { error: { kind: 'not_found', title: 'This app does not exist (any more).', status: 404 } });
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(pane).getByRole('button', { name: /Restart/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restart' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('“web-shop” no longer exists.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.queryByTestId('app-detail')).toBeNull());
  });
});

describe('following a change', () => {
  it('reads the app and its overview every two seconds while it deploys, and not at all once it has settled', async () => {
    vi.useFakeTimers();
    const { bridge, state } = platform({ status: 'inactive', running: 0 });
    renderApps();
    await until(() => expect(rows()).toHaveLength(1));
    fireEvent.click(rows()[0]!);
    await until(() => expect(screen.getByTestId('app-status').textContent).toBe('Not deployed'));
    // Settled: nothing is read again however long the page stays open.
    const quiet = bridge.count('apps.get');
    await run(30_000);
    expect(bridge.count('apps.get')).toBe(quiet);

    fireEvent.click(within(screen.getByTestId('app-not-deployed')).getByRole('button', { name: /Deploy/ }));
    await until(() => screen.getByRole('alertdialog'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deploy' }));
    await until(() => expect(screen.getByTestId('app-status').textContent).toBe('Deploying…'));
    const overviews = bridge.count('apps.overview');
    // The platform stays progressing for two more reads: the page keeps reading until it runs.
    await until(() => expect(screen.getByTestId('app-status').textContent).toBe('Running'));
    expect(state.status).toBe('active');
    expect(bridge.count('apps.overview')).toBeGreaterThan(overviews);
    expect(screen.getByTestId('app-instances').textContent).toBe('2 of 2 instances running in 1 region');
    expect(useAppFollow.getState().pending).toEqual({});

    const settled = { get: bridge.count('apps.get'), overview: bridge.count('apps.overview') };
    await run(30_000);
    expect(bridge.count('apps.get')).toBe(settled.get);
    expect(bridge.count('apps.overview')).toBe(settled.overview);
  });

  it('an app found changing is followed from the first look, and the reads stop when it settles', async () => {
    vi.useFakeTimers();
    const { bridge } = platform({ status: 'progressing', running: 0, movingReads: 3 });
    renderApps();
    await until(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Changing…');
    fireEvent.click(rows()[0]!);
    await until(() => expect(screen.getByTestId('app-status').textContent).toBe('Changing…'));
    const first = bridge.count('apps.get');
    await run(2_000);
    expect(bridge.count('apps.get')).toBe(first + 1);
    await until(() => expect(screen.getByTestId('app-status').textContent).toBe('Running'));
    // The list is read again when the status moved, so it agrees with the page.
    await until(() => expect(rows()[0]!.textContent).not.toContain('Changing…'));
    const settled = bridge.count('apps.get');
    await run(20_000);
    expect(bridge.count('apps.get')).toBe(settled);
  });
});

describe('quick actions', () => {
  it('Scale refuses a minimum above the maximum with the form’s rule and sends nothing; a valid pair is applied', async () => {
    const { bridge } = platform({ status: 'active', running: 2 });
    bridge.answer('apps.setScaling', {});
    bridge.answer('apps.limits', { maxApps: 10, existingApps: 1, maxRegionsPerApp: 4, maxInstancesPerRegion: 6, maxInstancesPerApp: null, maxVolumesPerApp: null, maxVolumeSize: null });
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(pane).getByRole('button', { name: /Scale/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Scale “web-shop”' });
    const min = within(dialog).getByLabelText('Minimum instances per region') as HTMLInputElement;
    const max = within(dialog).getByLabelText('Maximum instances per region') as HTMLInputElement;
    expect([min.value, max.value]).toEqual(['1', '3']);
    fireEvent.change(min, { target: { value: '5' } });
    // Not yet left, not yet applied: no rule shown.
    expect(dialog.querySelector('.field-error')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await within(dialog).findByText(/Maximum instances per region: at least the minimum \(5\)/)).textContent).toBeTruthy();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.count('apps.setScaling')).toBe(0);

    // The account's limit is said as in the form, and a maximum above it is pointed out.
    expect((await within(dialog).findByTestId('scale-limits')).textContent).toBe('Up to 6 instances per region on this account.');
    fireEvent.change(max, { target: { value: '8' } });
    expect(within(dialog).getByTestId('scale-limits').textContent).toContain('The maximum above is more than that.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.inputs('apps.setScaling')).toEqual([{ id: 'a1', min: 5, max: 8 }]);
    expect(await screen.findByText('web-shop now runs 5 to 8 instances per region')).toBeTruthy();
  });

  it('Regions uses the form’s picker; a required region is allowed too, and the settings are sent', async () => {
    const { bridge } = platform({ status: 'active', running: 2 });
    bridge.answer('apps.setRegions', {});
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(pane).getByRole('button', { name: /Regions/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Regions of “web-shop”' });
    expect((within(dialog).getByRole('radio', { name: 'Frankfurt: Required' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'New York: Required' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'London: Off' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.inputs('apps.setRegions')).toEqual([{ id: 'a1', allowedRegionIds: ['DE', 'NY'], requiredRegionIds: ['DE', 'NY'], maxAllowedRegions: 2 }]);
  });

  it('a region choice beyond the app’s limit of regions at once is refused before sending', async () => {
    const { bridge } = platform({ status: 'active', running: 2 });
    bridge.answer('apps.setRegions', {});
    renderApps();
    const pane = await openApp();
    fireEvent.click(within(pane).getByRole('button', { name: /Regions/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'London: Required' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'New York: Required' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('at least the number of required regions (3)');
    // The limit is no field of this dialog: the message says what it is and where it is changed.
    expect(alert.textContent).toContain('web-shop runs in at most 2 regions at once: choose fewer required regions, or raise that limit with Edit.');
    expect(bridge.count('apps.setRegions')).toBe(0);
  });
});
