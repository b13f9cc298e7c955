// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

afterEach(cleanup);

let broken = true;
function Fragile() {
  if (broken) throw new Error('the log table exploded');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it('shows what failed, and recovers when asked to try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    render(
      <ErrorBoundary resetKey="logs">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This screen failed to draw');
    expect(screen.getByRole('alert').textContent).toContain('Error: the log table exploded');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeTruthy();
  });

  it('clears the error when the area changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    const { rerender } = render(
      <ErrorBoundary resetKey="logs">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeNull();
    broken = false;
    rerender(
      <ErrorBoundary resetKey="console">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('All good')).toBeTruthy();
  });
});
