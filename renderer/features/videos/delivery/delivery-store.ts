/**
 * What the library browser's delivery pane shows: the range (a preference), how top videos are ranked, whether the
 * pane is open, and the video whose delivery is detailed (forgotten with the profile).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { onProfileSwitch } from '../../../bridge/active-profile';

export type DeliveryRangeChoice = '24h' | '3d';
export type TopBy = 'requests' | 'bytes';

/** The video whose delivery the pane details. */
export interface DeliveryDetail {
  readonly libraryId: number;
  readonly guid: string;
  readonly name: string;
}

interface DeliveryState {
  readonly range: DeliveryRangeChoice;
  readonly by: TopBy;
  readonly paneOpen: boolean;
  readonly detail: DeliveryDetail | null;
  setRange(range: DeliveryRangeChoice): void;
  setBy(by: TopBy): void;
  setPaneOpen(open: boolean): void;
  /** Details a video (the pane opens), or back to the library's top videos with null. */
  setDetail(detail: DeliveryDetail | null): void;
}

export const useDelivery = create<DeliveryState>()(
  persist(
    (set) => ({
      range: '24h',
      by: 'requests',
      paneOpen: true,
      detail: null,
      setRange: (range) => set({ range }),
      setBy: (by) => set({ by }),
      setPaneOpen: (paneOpen) => set({ paneOpen }),
      setDetail: (detail) => set(detail === null ? { detail } : { detail, paneOpen: true }),
    }),
    { name: 'burrow.videos.delivery', partialize: ({ range, by, paneOpen }) => ({ range, by, paneOpen }) },
  ),
);

onProfileSwitch(() => useDelivery.setState({ detail: null }));
