// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaFocus, useAreaFocusTarget } from './area-focus';

afterEach(cleanup);

function CommandScreen() {
  const target = useAreaFocusTarget();
  return <input aria-label="Command" ref={target} />;
}

function OtherScreen() {
  const target = useAreaFocusTarget();
  return (
    <h2 tabIndex={-1} ref={target}>
      Not built yet
    </h2>
  );
}

describe('AreaFocus', () => {
  it('leaves focus alone until the user switches areas', () => {
    vi.useFakeTimers();
    render(
      <AreaFocus request={0}>
        <CommandScreen />
      </AreaFocus>,
    );
    vi.runAllTimers();
    vi.useRealTimers();
    expect(document.activeElement).toBe(document.body);
  });

  it('focuses the target of a lazily loaded screen once it has mounted', async () => {
    let load: (m: { default: typeof CommandScreen }) => void = () => {};
    const Lazy = lazy(() => new Promise<{ default: typeof CommandScreen }>((r) => (load = r)));
    const { rerender } = render(
      <AreaFocus request={1}>
        <OtherScreen />
      </AreaFocus>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Not built yet' })));
    rerender(
      <AreaFocus request={2}>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Lazy />
        </Suspense>
      </AreaFocus>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    load({ default: CommandScreen });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Command')));
  });
});
