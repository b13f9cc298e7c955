// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaId } from '../../app/areas';
import { useNav } from '../../app/nav-store';
import { Toasts } from '../../ui/toast';
import { useDropGuard } from '../uploads-tray/use-drop-guard';

afterEach(cleanup);

function Guard() {
  useDropGuard();
  return <Toasts />;
}

function drop(): Event {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files: [new File(['x'], 'day.log')], dropEffect: 'none' } });
  act(() => void window.dispatchEvent(event));
  return event;
}

describe('the window-wide drop guard', () => {
  it.each<[AreaId, boolean]>([
    ['logs', false],
    ['videos', false],
    ['apps', true],
    ['settings', true],
  ])('in %s refuses a drop: %s', async (area, refused) => {
    useNav.setState({ area });
    render(<Guard />);
    expect(drop().defaultPrevented).toBe(refused);
    if (refused) expect(await screen.findByText('To upload videos, drop them on the Videos area.')).toBeTruthy();
  });
});
