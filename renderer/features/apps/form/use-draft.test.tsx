// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBridge, type FakeBridge } from '../../../testing/fake-bridge';
import { DRAFT_SAVE_DELAY_MS, DRAFT_SAVE_MAX_WAIT_MS, useDraftSaver, type AppFormDraft } from './use-draft';

let bridge: FakeBridge;
beforeEach(() => {
  vi.useFakeTimers();
  bridge = installFakeBridge();
  bridge.answer('apps.saveDraft', { savedAt: 1 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const draft = (name: string): AppFormDraft => ({ values: { name } as never });
const saved = () => bridge.inputs('apps.saveDraft').map((i) => (i.draft as AppFormDraft).values.name);

describe('the draft saver', () => {
  it('writes once after a pause in the changes, with the latest values', () => {
    const { result } = renderHook(() => useDraftSaver());
    act(() => {
      result.current.schedule(draft('a'));
      result.current.schedule(draft('ab'));
    });
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1));
    expect(saved()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(saved()).toEqual(['ab']);
  });

  it('changes that never pause are still written at least once per longest wait', () => {
    const { result } = renderHook(() => useDraftSaver());
    const step = DRAFT_SAVE_DELAY_MS / 3;
    for (let t = 0, n = 0; t < 3 * DRAFT_SAVE_MAX_WAIT_MS; t += step, n++) {
      act(() => result.current.schedule(draft(`v${n}`)));
      act(() => vi.advanceTimersByTime(step));
    }
    // Without a longest wait, a change every third of the pause would never be written.
    expect(saved().length).toBeGreaterThanOrEqual(2);
  });

  it('a pending write goes out when the page is hidden or unloaded, and when the form goes away', () => {
    const { result, unmount } = renderHook(() => useDraftSaver());
    act(() => result.current.schedule(draft('before reload')));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(saved()).toEqual(['before reload']);
    act(() => result.current.schedule(draft('before close')));
    unmount();
    expect(saved()).toEqual(['before reload', 'before close']);
  });
});
