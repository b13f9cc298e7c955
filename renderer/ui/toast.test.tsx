// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify, Toasts } from './toast';

afterEach(cleanup);

describe('toasts', () => {
  it('shows each kind of message in the one toaster', async () => {
    render(<Toasts />);
    act(() => {
      notify.error('Upload failed');
      notify.success('Saved 3 KB');
      notify.info('Loaded body.json');
    });
    for (const text of ['Upload failed', 'Saved 3 KB', 'Loaded body.json']) expect(await screen.findByText(text)).toBeTruthy();
    // sonner's region is a labelled landmark, so screen readers can jump to it.
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
    expect(document.querySelector('[data-type="error"]')?.textContent).toContain('Upload failed');
  });

  it('takes the theme the app shows, so a dark window gets dark toasts', async () => {
    const { rerender } = render(<Toasts theme="dark" />);
    act(() => notify.success('Changes saved: web-shop'));
    await screen.findByText('Changes saved: web-shop');
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-sonner-theme')).toBe('dark');
    rerender(<Toasts theme="light" />);
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-sonner-theme')).toBe('light');
  });
});
