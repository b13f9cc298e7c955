/** Where added files go: the library and collection last chosen, kept across restarts (a UI preference only). */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { onProfileSwitch } from '../../bridge/active-profile';

interface TargetState {
  readonly libraryId: number | null;
  /** The collection last chosen in each library (null: none). */
  readonly collectionByLibrary: Readonly<Record<string, string | null>>;
  setLibrary(libraryId: number | null): void;
  setCollection(libraryId: number, collectionId: string | null): void;
}

export const useTarget = create<TargetState>()(
  persist(
    (set) => ({
      libraryId: null,
      collectionByLibrary: {},
      setLibrary: (libraryId) => set({ libraryId }),
      setCollection: (libraryId, collectionId) => set((s) => ({ collectionByLibrary: { ...s.collectionByLibrary, [libraryId]: collectionId } })),
    }),
    { name: 'burrow.videos.target', partialize: ({ libraryId, collectionByLibrary }) => ({ libraryId, collectionByLibrary }) },
  ),
);

// The library and collections chosen were the old profile's: the new profile's first library is chosen afresh.
onProfileSwitch(() => useTarget.setState({ libraryId: null, collectionByLibrary: {} }));

/** The collection chosen for a library, or none. */
export function collectionFor(state: Pick<TargetState, 'collectionByLibrary'>, libraryId: number | null): string | null {
  return libraryId === null ? null : (state.collectionByLibrary[libraryId] ?? null);
}
