// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppSummary } from '../../../shared/contract/apps';
import { aDetail, aSummary, bridgeWithApps, renderApps } from './testing/apps';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rows = () => screen.queryAllByTestId('app-row');
const names = () => rows().map((r) => r.querySelector('.apps-row-name')?.textContent);

describe('the list', () => {
  it('says how many apps of the pages shown could not be read, with the first reason; an unknown status shows as sent', async () => {
    const bridge = bridgeWithApps([]);
    const pages = [
      { items: [aSummary('a1', 'Shop', 'HIBERNATING')], unreadable: { count: 1, reason: 'item 2: it has no id' }, totalItems: 3, cursor: 'p2' },
      { items: [aSummary('a2', 'Blog', 'ACTIVE')], unreadable: { count: 1, reason: 'item 1: it is number, not an app' }, totalItems: 3, cursor: null },
    ];
    bridge.answer('apps.list', (input) => pages[input.cursor ? 1 : 0]!);
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Hibernating');
    expect(rows()[0]!.querySelector('.apps-status-other')).toBeTruthy();
    expect(screen.getByTestId('apps-unreadable').textContent).toBe('1 app could not be read: item 2: it has no id');
    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.querySelector('.apps-status-active')).toBeTruthy();
    expect(screen.getByTestId('apps-unreadable').textContent).toBe('2 apps could not be read: item 2: it has no id');
  });

  it('shows each app with its status and address, and loads the next page by the cursor until the last', async () => {
    const apps = Array.from({ length: 120 }, (_, i) => aSummary(`id${i}`, `App ${i}`, i === 1 ? 'deploying' : 'active'));
    const bridge = bridgeWithApps(apps);
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByRole('heading', { name: 'Applications (120)' })).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('Active');
    expect(rows()[0]!.textContent).toContain('mc-id0-cdn.b-cdn.net');
    expect(rows()[1]!.textContent).toContain('Deploying');

    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(screen.getByRole('button', { name: /Load more/ }).textContent).toContain('100 of 120 shown');
    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(names().at(-1)).toBe('App 119');
    expect(bridge.inputs('apps.list')).toEqual([
      { limit: 50, cursor: null },
      { limit: 50, cursor: '50' },
      { limit: 50, cursor: '100' },
    ]);
  });

  it('a page that fails to load says why and keeps the rows loaded so far', async () => {
    const apps = Array.from({ length: 60 }, (_, i) => aSummary(`id${i}`, `App ${i}`));
    const bridge = bridgeWithApps(apps);
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(50));
    bridge.answer('apps.list', { error: { kind: 'network', title: 'The platform could not be reached', detail: 'connect ECONNREFUSED' } });
    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('The platform could not be reached');
    expect(rows()).toHaveLength(50);
  });

  it('an account without apps says so and offers New app, which opens the form; Cancel comes back', async () => {
    bridgeWithApps([]);
    renderApps();
    const empty = await screen.findByTestId('apps-empty');
    expect(within(empty).getByRole('heading', { name: 'No applications yet' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Applications (0)' })).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'New app' }));
    expect(await screen.findByRole('heading', { name: 'New app' })).toBeTruthy();
    expect(screen.queryByTestId('apps-empty')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('apps-empty')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'New app' })[0]));
  });

  it('Refresh reads the list again from its first page (apps change outside Burrow too)', async () => {
    const apps = Array.from({ length: 60 }, (_, i) => aSummary(`id${i}`, `App ${i}`));
    const bridge = bridgeWithApps(apps);
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(rows()).toHaveLength(60));
    apps.unshift(aSummary('new', 'Made elsewhere'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(names()[0]).toBe('Made elsewhere'));
    // The later page was cut from the list as it was: it goes, and Load more fetches it anew.
    expect(rows()).toHaveLength(50);
    expect(bridge.inputs('apps.list').at(-1)).toEqual({ limit: 50, cursor: null });
    expect(screen.getByRole('heading', { name: 'Applications (61)' })).toBeTruthy();
  });

  it('a list that cannot be read says why in words, and Try again asks again', async () => {
    const bridge = bridgeWithApps([]);
    bridge.answer('apps.list', { error: { kind: 'auth', title: 'The account key was refused', status: 401, detail: 'The AccessKey is not valid.' } });
    renderApps();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The account key was refused');
    expect(alert.textContent).toContain('The AccessKey is not valid.');
    expect(screen.queryByTestId('apps-empty')).toBeNull();
    bridgeWithApps([aSummary('a1', 'Recovered')]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(['Recovered']));
  });
});

describe('an app opened', () => {
  it('Enter or a click opens its detail, read for a person; Copy id copies; Escape closes', async () => {
    const bridge = bridgeWithApps([aSummary('a1', 'Shop'), aSummary('a2', 'Blog')]);
    bridge.answer('apps.get', (input) => aDetail(input.id, input.id === 'a1' ? 'Shop' : 'Blog'));
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rows()[1]!);
    const pane = await screen.findByTestId('app-detail');
    expect(await within(pane).findByRole('heading', { name: 'Blog', level: 2 })).toBeTruthy();
    expect(bridge.inputs('apps.get')).toEqual([{ id: 'a2' }]);
    expect(rows()[1]!.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Blog'));

    const text = pane.textContent ?? '';
    expect(text).toContain('1 to 3 instances per region');
    expect(within(pane).getByTestId('app-regions').textContent).toContain('Frankfurt (required), London');
    expect(text).toContain('at most 2 at once');
    expect(text).toContain('data (5 GB)');
    const container = within(pane).getByRole('article', { name: 'Container web' });
    const c = container.textContent ?? '';
    expect(c).toContain('docker.io/library/nginx:1.27');
    expect(c).toContain('If not present');
    expect(c).toContain('nginx -g "daemon off;"');
    expect(c).toContain('startup (TCP), liveness (HTTP)');
    expect(c).toContain('CDN');
    expect(c).toContain('80 TCP');
    expect(c).toContain('5353 → 53 UDP/TCP');
    expect(c).toContain('mc-demo-cdn.b-cdn.net');
    expect(c).toContain('data at /var/lib/data');
    expect(c).toContain('MODE');
    // Names only: values may be secrets.
    expect(c).not.toContain('hunter2');

    fireEvent.click(within(pane).getByRole('button', { name: 'Copy id' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('a2');
    expect(await within(pane).findByText('Id copied')).toBeTruthy();

    fireEvent.keyDown(within(pane).getByRole('button', { name: 'Copy id' }), { key: 'Escape' });
    expect(screen.queryByTestId('app-detail')).toBeNull();
    // Focus goes back to the row of the app that closed.
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));
  });

  it("the platform's JSON masks secret environment values, by name or by value, until Show secret values", async () => {
    const bridge = bridgeWithApps([aSummary('a1', 'Shop')]);
    bridge.answer('apps.get', (input) => {
      const app = aDetail(input.id, 'Shop');
      const [template] = app.containerTemplates as unknown as Record<string, unknown>[];
      template!.environmentVariables = [
        { name: 'MODE', value: 'production' },
        { name: 'DB_PASSWORD', value: 'hunter2' },
        { name: 'STRIPE', value: 'sk_live_abcdefghijklmnop1234' },
      ];
      return app;
    });
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(rows()[0]!);
    const pane = await screen.findByTestId('app-detail');
    const raw = await within(pane).findByTestId('app-raw-json');
    expect(raw.textContent).toContain('"production"');
    expect(raw.textContent).not.toContain('hunter2');
    expect(raw.textContent).not.toContain('sk_live_');
    expect(raw.textContent).toContain('"DB_PASSWORD"');
    const reveal = within(pane).getByRole('button', { name: /Show secret values \(2\)/ });
    fireEvent.click(reveal);
    expect(raw.textContent).toContain('hunter2');
    expect(raw.textContent).toContain('sk_live_abcdefghijklmnop1234');
    fireEvent.click(within(pane).getByRole('button', { name: /Hide secret values/ }));
    expect(raw.textContent).not.toContain('hunter2');
  });

  it('an app that no longer exists says so in the pane, with the platform’s words and a way back to the list', async () => {
    const bridge = bridgeWithApps([aSummary('gone', 'Gone')]);
    bridge.answer('apps.get', { error: { kind: 'not_found', title: 'The application was not found', status: 404, detail: "Application 'gone' was not found." } });
    renderApps();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(rows()[0]!);
    const pane = await screen.findByTestId('app-detail');
    const alert = await within(pane).findByRole('alert');
    expect(alert.textContent).toContain('This app no longer exists.');
    expect(alert.textContent).toContain("Application 'gone' was not found.");
    // The way back: the pane closes and the list is read again.
    const listed = bridge.count('apps.list');
    fireEvent.click(within(pane).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.queryByTestId('app-detail')).toBeNull());
    await waitFor(() => expect(bridge.count('apps.list')).toBeGreaterThan(listed));
  });
});

describe('delete', () => {
  function setUp() {
    const apps: AppSummary[] = [aSummary('a1', 'Shop'), aSummary('a2', 'Blog')];
    const bridge = bridgeWithApps(apps);
    bridge.answer('apps.get', (input) => aDetail(input.id, apps.find((a) => a.id === input.id)?.name ?? '?'));
    return { apps, bridge };
  }

  async function openShop() {
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rows()[0]!);
    const pane = await screen.findByTestId('app-detail');
    await within(pane).findByRole('heading', { name: 'Shop', level: 2 });
    return pane;
  }

  it('asks once, naming the app; Cancel sends nothing; confirming deletes it once, says so, closes the pane and refreshes the list', async () => {
    const { apps, bridge } = setUp();
    bridge.answer('apps.delete', (input) => {
      apps.splice(apps.findIndex((a) => a.id === input.id), 1);
      return {};
    });
    renderApps();
    const pane = await openShop();

    fireEvent.click(within(pane).getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Shop”?' });
    expect(dialog.textContent).toContain('cannot be undone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.count('apps.delete')).toBe(0);

    const listed = bridge.count('apps.list');
    fireEvent.click(within(pane).getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete application' }));
    expect(await screen.findByText('Deleted the application “Shop”')).toBeTruthy();
    expect(bridge.inputs('apps.delete')).toEqual([{ id: 'a1' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('app-detail')).toBeNull();
    await waitFor(() => expect(names()).toEqual(['Blog']));
    expect(bridge.count('apps.list')).toBeGreaterThan(listed);
    // Focus is not dropped with the pane: it lands on the list's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Applications (1)' })));
  });

  it('a delete the platform refuses is explained in the dialog, and the app stays', async () => {
    const { bridge } = setUp();
    bridge.answer('apps.delete', { error: { kind: 'http', title: 'The platform refused the request', status: 403, detail: 'User has invalid card or suspended.' } });
    renderApps();
    const pane = await openShop();
    fireEvent.click(within(pane).getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete application' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('User has invalid card or suspended.');
    expect(bridge.count('apps.delete')).toBe(1);
    expect(screen.getByTestId('app-detail')).toBeTruthy();
    expect(names()).toEqual(['Shop', 'Blog']);
  });
});
