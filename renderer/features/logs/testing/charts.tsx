/** A stand-in for the log charts with the same props: the tests click a chart element (drill-down) and drag across
 * buckets (zoom) the way the real charts call back. */
import { screen, waitFor, fireEvent } from '@testing-library/react';
import { expect } from 'vitest';
import type { LogChartsProps } from '../view-types';

export function ChartsStandIn({ aggregates, onDrill, onZoom, zoomed, onResetZoom }: LogChartsProps) {
  return (
    <div data-testid="charts">
      <span>{aggregates.partial ? 'partial' : 'complete'}</span>
      <button type="button" onClick={() => onDrill({ token: 'cache:MISS', negated: false })}>
        MISS bar
      </button>
      <button type="button" onClick={() => onDrill({ token: 'country:DE', negated: true })}>
        DE bar, Alt-click
      </button>
      <button type="button" onClick={() => onZoom(Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000, Math.floor(Date.now() / 60_000) * 60_000 - 20 * 60_000)}>
        drag two buckets
      </button>
      {zoomed ? (
        <button type="button" onClick={onResetZoom}>
          Reset zoom
        </button>
      ) : (
        <span>not zoomed</span>
      )}
    </div>
  );
}

export async function pickZone(id: string) {
  const select = await screen.findByLabelText('Pull zone');
  await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
  fireEvent.change(select, { target: { value: id } });
}

/** The Overview tab, where the larger charts are (a Radix tab answers the mouse going down, as a user's click does). */
export async function openOverview() {
  // The switch is drawn anew where the histogram starts once the first numbers come: a press on the one drawn
  // before that is pressed again on the one drawn now.
  await waitFor(
    () => {
      const tab = screen.getByRole('tab', { name: 'Overview' });
      if (tab.getAttribute('aria-selected') === 'true') return;
      fireEvent.mouseDown(tab, { button: 0 });
      throw new Error('the Overview tab is not selected yet');
    },
    { timeout: 10_000 },
  );
  await screen.findByTestId('charts', {}, { timeout: 10_000 });
}

export function filterBox() {
  return screen.getByLabelText('Filter') as HTMLInputElement;
}
