// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from '../../../testing/fake-bridge';
import { aSummary, bridgeWithApps, renderApps } from '../testing/apps';
import { aHealth, anEndpoint, fakeScreen } from '../testing/health';

let window_: ReturnType<typeof fakeScreen>;
beforeEach(() => {
  window_ = fakeScreen();
});
afterEach(() => {
  cleanup();
  window_.restore();
});

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `a${from + i}`);
/** Puts these apps' rows on screen and every other row off it. */
const show = (on: readonly string[]) => window_.show((el) => on.includes(el.closest<HTMLElement>('[data-app-id]')?.dataset.appId ?? ''));
const mark = (id: string) => document.querySelector<HTMLElement>(`[data-app-id="${id}"] [data-testid="app-health"]`)!;
const asked = (bridge: FakeBridge) => bridge.inputs('apps.health');

/** 30 apps: a0 has a 5xx rate of 2.5 %, a1 has no CDN endpoint, the rest are healthy. */
async function list() {
  const bridge = bridgeWithApps(ids(0, 29).map((id) => aSummary(id, `App ${id}`)));
  bridge.answer('apps.health', ({ id }) => (id === 'a0' ? aHealth(id, [anEndpoint(400, 10)]) : id === 'a1' ? aHealth(id, []) : aHealth(id, [anEndpoint(1000, 2)])));
  renderApps();
  await waitFor(() => expect(screen.getAllByTestId('app-row')).toHaveLength(30));
  return bridge;
}

describe('the list’s health marks', () => {
  it('are read for the rows on screen only, once each, and say healthy, 5xx above 1 % with its rate, or no data', async () => {
    const bridge = await list();
    expect(asked(bridge)).toEqual([]);
    show(ids(0, 4));
    await waitFor(() => expect(mark('a4').dataset.tone).toBe('healthy'));
    expect(asked(bridge)).toEqual(ids(0, 4).map((id) => ({ id })));

    expect(mark('a0').dataset.tone).toBe('unhealthy');
    expect(mark('a0').textContent).toBe('5xx 2.50 %5xx above 1 % in the last hour: 2.50 % of requests on cdn');
    expect(mark('a0').title).toBe('5xx above 1 % in the last hour: 2.50 % of requests on cdn');
    expect(mark('a2').textContent).toBe('Healthy: 5xx 0.20 % of requests in the last hour');
    expect(mark('a1').dataset.tone).toBe('none');
    expect(mark('a1').textContent).toBe('No delivery data: no CDN endpoint (only CDN endpoints have a pull zone with logs)');
    // A row's button carries its mark in words.
    expect(screen.getAllByTestId('app-row')[0]!.textContent).toContain('5xx above 1 %');
    expect(mark('a9').dataset.tone).toBeUndefined();

    // Scrolled on and back: the new rows are read, the ones read before are not read again.
    show(ids(5, 9));
    await waitFor(() => expect(mark('a9').dataset.tone).toBe('healthy'));
    show(ids(0, 9));
    expect(asked(bridge)).toEqual(ids(0, 9).map((id) => ({ id })));
  });

  it('Refresh reads the rows on screen again past the core’s cache; rows read before and scrolled to later catch up as they appear', async () => {
    const bridge = await list();
    show(ids(0, 4));
    await waitFor(() => expect(asked(bridge)).toHaveLength(5));
    await waitFor(() => expect(mark('a4').dataset.tone).toBe('healthy'));
    show(['a0', 'a1']);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked(bridge)).toHaveLength(7));
    expect(asked(bridge).slice(5)).toEqual([
      { id: 'a0', refresh: true },
      { id: 'a1', refresh: true },
    ]);

    // a2–a4 were read before the Refresh: again, past the cache; a5 and a6 were never read: as any first read.
    show(ids(2, 6));
    await waitFor(() => expect(asked(bridge)).toHaveLength(12));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(asked(bridge).slice(7).sort(byId)).toEqual([{ id: 'a2', refresh: true }, { id: 'a3', refresh: true }, { id: 'a4', refresh: true }, { id: 'a5' }, { id: 'a6' }]);
    show(ids(0, 6));
    expect(asked(bridge)).toHaveLength(12);
  });

  it('a mark that could not be read says so, as no data', async () => {
    const bridge = await list();
    bridge.answer('apps.health', { error: { kind: 'network', title: 'The platform could not be reached' } });
    show(['a3']);
    await waitFor(() => expect(mark('a3').dataset.tone).toBe('none'));
    expect(mark('a3').title).toBe('No delivery data: it could not be read (The platform could not be reached)');
  });
});
