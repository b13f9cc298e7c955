// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RangePicker } from './RangePicker';

afterEach(cleanup);

const HOUR = 3_600_000;
const from = Date.UTC(2026, 10, 26, 0, 0);
const to = Date.UTC(2026, 10, 27, 0, 0) - 1;

function pressed(): string[] {
  return screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent ?? '');
}

describe('the range controls show what the table holds', () => {
  it('a preset reads as chosen while the zone range is what the table holds', () => {
    render(<RangePicker range={{ kind: 'preset', preset: '1h' }} onRange={vi.fn()} timeZone="utc" error={undefined} disabled={false} />);
    expect(pressed()).toEqual(['1 h']);
  });

  it('a whole day or a file shows its own span in from/to, and no preset reads as chosen', () => {
    const { rerender } = render(
      <RangePicker range={{ kind: 'absolute', from: from + 2 * HOUR, to: from + 3 * HOUR }} held={{ from, to }} onRange={vi.fn()} timeZone="utc" error={undefined} disabled={false} />,
    );
    expect((screen.getByLabelText('From', { exact: true }) as HTMLInputElement).value).toBe('2026-11-26T00:00');
    expect((screen.getByLabelText('to', { exact: true }) as HTMLInputElement).value).toBe('2026-11-26T23:59');
    expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
    // Back to pages: the zone's range again, its preset pressed.
    rerender(<RangePicker range={{ kind: 'preset', preset: '24h' }} held={null} onRange={vi.fn()} timeZone="utc" error={undefined} disabled={false} />);
    expect(pressed()).toEqual(['24 h']);
  });

  it('Apply sends the typed span as an absolute range', () => {
    const onRange = vi.fn();
    render(<RangePicker range={{ kind: 'preset', preset: '1h' }} onRange={onRange} timeZone="utc" error={undefined} disabled={false} />);
    fireEvent.change(screen.getByLabelText('From', { exact: true }), { target: { value: '2026-11-26T10:00' } });
    fireEvent.change(screen.getByLabelText('to', { exact: true }), { target: { value: '2026-11-26T11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(onRange).toHaveBeenCalledWith({ kind: 'absolute', from: from + 10 * HOUR, to: from + 11 * HOUR });
  });
});
