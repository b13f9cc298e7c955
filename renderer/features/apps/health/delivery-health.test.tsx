// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppHealth } from '../../../../shared/contract/delivery';
import { useNav } from '../../../app/nav-store';
import { useLogsIntent } from '../../logs/open-logs';
import { aDetail, aSummary, bridgeWithApps, renderApps, run, until } from '../testing/apps';
import { aHealth, anEndpoint } from '../testing/health';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useLogsIntent.setState({ intent: null });
});

const OFF = { kind: 'logging-off' as const, message: 'Logging is turned off for this pull zone, so there are no logs to show.', setting: 'Pull zone › Logging › Enable logging' };

/** One app, Shop, whose `apps.health` answers what `health` gives for each ask (the ask's input is recorded). */
function shop(health: (n: number) => AppHealth, detail = aDetail('a1', 'Shop')) {
  const bridge = bridgeWithApps([aSummary('a1', 'Shop')]);
  bridge.answer('apps.get', () => detail);
  let n = 0;
  bridge.answer('apps.health', () => health(n++));
  return bridge;
}

async function openShop() {
  fireEvent.click(await screen.findByTestId('app-row'));
  const pane = await screen.findByTestId('app-detail');
  return within(pane).findByTestId('app-delivery');
}

const endpoints = () => screen.getAllByTestId('endpoint-health');

describe("an app's delivery", () => {
  it('shows each CDN endpoint with its zone’s last hour, marks a 5xx rate above 1 % in words, and explains a zone without logs', async () => {
    const bridge = shop(() => aHealth('a1', [anEndpoint(2000, 50), anEndpoint(0, 0, { endpointName: 'img', zone: { id: 4200, name: 'mc-img' }, unavailable: OFF })]));
    renderApps();
    const section = await openShop();
    await waitFor(() => expect(endpoints()).toHaveLength(2));
    const [cdn, img] = endpoints() as [HTMLElement, HTMLElement];
    expect(within(cdn).getByTestId('endpoint-mark').textContent).toBe(' 5xx above 1 %');
    expect(cdn.dataset.tone).toBe('unhealthy');
    expect(cdn.textContent).toContain('in web · pull zone mc-demo');
    const figures = [...within(cdn).getByTestId('endpoint-figures').querySelectorAll('.kpi')].map((k) => k.textContent);
    expect(figures).toEqual(['Requests2,000', '5xx50 (2.50 %)', 'Hit ratio87.5 %', 'p50 size1.5 KB', 'p95 size48.0 KB']);

    expect(within(img).getByTestId('endpoint-mark').textContent).toBe(' No data');
    expect(within(img).getByTestId('endpoint-unavailable').textContent).toBe(`${OFF.message} The setting to change: ${OFF.setting}.`);
    expect(within(img).queryByTestId('endpoint-figures')).toBeNull();
    // Logs has nothing to show for a zone that keeps none: no way there is offered.
    expect(within(img).queryByRole('button', { name: /in Logs/ })).toBeNull();
    expect(within(section).queryByTestId('delivery-partial')).toBeNull();
    // One ask, on open; the list's marks were never on screen here, so they asked nothing.
    expect(bridge.inputs('apps.health')).toEqual([{ id: 'a1' }]);
  });

  it('Open in Logs shows the Logs area on the endpoint’s zone, filtered to its failures when it is unhealthy', async () => {
    shop(() => aHealth('a1', [anEndpoint(1000, 30), anEndpoint(500, 1, { endpointName: 'img', zone: { id: 4200, name: 'mc-img' } })]));
    renderApps();
    await openShop();
    await waitFor(() => expect(endpoints()).toHaveLength(2));
    useNav.getState().go('apps');
    fireEvent.click(within(endpoints()[0]!).getByRole('button', { name: 'Open 5xx in Logs for cdn' }));
    expect(useLogsIntent.getState().intent).toEqual({ zoneId: 4100, filter: 'status:5xx', live: false });
    expect(useNav.getState().area).toBe('logs');
    fireEvent.click(within(endpoints()[1]!).getByRole('button', { name: 'Open in Logs for img' }));
    expect(useLogsIntent.getState().intent).toEqual({ zoneId: 4200, filter: '', live: false });
  });

  it('Refresh asks past the core’s cache and shows the new figures; the page reads again each time it opens', async () => {
    const bridge = shop((n) => aHealth('a1', [anEndpoint(100 * (n + 1), 0)]));
    renderApps();
    await openShop();
    await waitFor(() => expect(endpoints()[0]!.textContent).toContain('Requests100'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh delivery' }));
    await waitFor(() => expect(endpoints()[0]!.textContent).toContain('Requests200'));
    expect(bridge.inputs('apps.health')).toEqual([{ id: 'a1' }, { id: 'a1', refresh: true }]);

    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByTestId('app-detail')).toBeNull());
    await openShop();
    await waitFor(() => expect(endpoints()[0]!.textContent).toContain('Requests300'));
    expect(bridge.inputs('apps.health')).toEqual([{ id: 'a1' }, { id: 'a1', refresh: true }, { id: 'a1' }]);
  });

  it('says partial and asks again while each answer reads more, then stops: once complete, or when the walk no longer moves', async () => {
    vi.useFakeTimers();
    const pages = [4, 8, 12];
    const partial = (p: number) => `${p} pages of logs read so far; the rest waits its turn in the zone's request budget`;
    const bridge = shop((n) => ({ ...aHealth('a1', [anEndpoint(1000 * (n + 1), 0)], n < pages.length ? partial(pages[n]!) : null), completeness: { partial: n < pages.length, pagesRead: pages[n] ?? 13, rowsSkipped: 0, reason: n < pages.length ? partial(pages[n]!) : null } }));
    renderApps();
    await until(() => expect(screen.getAllByTestId('app-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('app-row'));
    await until(() => expect(screen.getByTestId('delivery-partial-reason').textContent).toBe(`Partial: ${partial(4)}.`));
    expect(screen.getByTestId('delivery-partial').textContent).toBe('partial');
    await until(() => expect(screen.queryByTestId('delivery-partial')).toBeNull());
    expect(endpoints()[0]!.textContent).toContain('Requests4,000');
    expect(bridge.count('apps.health')).toBe(4);
    await run(30_000);
    expect(bridge.count('apps.health')).toBe(4);

    // A walk cut at its page limit stays partial: asked once more, it has not moved, and is left alone.
    const cut = aHealth('a1', [anEndpoint(5000, 0)], 'reading stopped after 100 pages');
    bridge.answer('apps.health', () => ({ ...cut, completeness: { ...cut.completeness, pagesRead: 100 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh delivery' }));
    await until(() => expect(screen.getByTestId('delivery-partial-reason').textContent).toBe('Partial: reading stopped after 100 pages.'));
    await run(30_000);
    expect(bridge.count('apps.health')).toBe(6);
  });

  it('an app without a CDN endpoint asks nothing and says why there are no figures', async () => {
    const detail = aDetail('a1', 'Shop');
    const template = (detail.containerTemplates as { endpoints: { type: string }[] }[])[0]!;
    template.endpoints = template.endpoints.filter((e) => e.type !== 'cdn');
    const bridge = shop(() => aHealth('a1', []), detail);
    renderApps();
    const section = await openShop();
    expect(section.textContent).toContain('No CDN endpoint: only a CDN endpoint has a pull zone');
    expect(within(section).queryByRole('button', { name: 'Refresh delivery' })).toBeNull();
    expect(bridge.count('apps.health')).toBe(0);
  });
});
