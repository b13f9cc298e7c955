/**
 * The Videos screen's view (the upload queue or the library browser, remembered across restarts), the browser's
 * query (search, page, order, collection filter) and the video a finished upload asked to be shown.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { LIBRARY_PAGE_SIZES, type LibraryOrder } from '../../../../shared/contract/videos-library';
import { onProfileSwitch } from '../../../bridge/active-profile';
import { useTarget } from '../target-store';

/** Which of the two views the screen shows. */
export type VideosView = 'queue' | 'library';

/** The browser's query, without the library (the screen's library picker chooses it). */
export interface BrowseQuery {
  readonly search: string;
  readonly page: number;
  readonly itemsPerPage: number;
  readonly orderBy: LibraryOrder;
  readonly collectionId: string | null;
}

/** A video to bring into view and mark: the row of a finished upload. */
export interface Spotlight {
  readonly libraryId: number;
  readonly videoId: string;
}

interface LibraryState {
  readonly view: VideosView;
  readonly query: BrowseQuery;
  readonly spotlight: Spotlight | null;
  setView(view: VideosView): void;
  /** Changes the query (anything but the page itself starts again on the first page) and lets go of the marked video. */
  setQuery(change: Partial<BrowseQuery>): void;
  setSpotlight(spotlight: Spotlight | null): void;
}

/** Newest first, every collection, no search. */
export const FIRST_PAGE: BrowseQuery = { search: '', page: 1, itemsPerPage: LIBRARY_PAGE_SIZES.default, orderBy: 'date', collectionId: null };

export const useLibrary = create<LibraryState>()(
  persist(
    (set) => ({
      view: 'queue',
      query: FIRST_PAGE,
      spotlight: null,
      setView: (view) => set({ view }),
      setQuery: (change) => set((s) => ({ query: { ...s.query, ...change, page: change.page ?? 1 }, spotlight: null })),
      setSpotlight: (spotlight) => set({ spotlight }),
    }),
    // The view and how the list is ordered and sized are preferences; a search or a page is not kept.
    { name: 'burrow.videos.view', partialize: ({ view, query }) => ({ view, query: { ...FIRST_PAGE, orderBy: query.orderBy, itemsPerPage: query.itemsPerPage } }) },
  ),
);

/**
 * Opens the library view on a video: its library chosen, the list reset to newest first (where a fresh upload
 * is), and the video marked.
 */
export function showInLibrary(libraryId: number, videoId: string): void {
  useTarget.getState().setLibrary(libraryId);
  useLibrary.setState((s) => ({ view: 'library', spotlight: { libraryId, videoId }, query: { ...FIRST_PAGE, itemsPerPage: s.query.itemsPerPage } }));
}

/** Marks a video's row: on the page shown as it is, else found by its title (`search`) from the first page. */
export function markVideo(libraryId: number, videoId: string, search: string | null): void {
  const spotlight = { libraryId, videoId };
  useLibrary.setState((s) => (search === null ? { spotlight } : { spotlight, query: { ...s.query, search, collectionId: null, page: 1 } }));
}

// Another profile's libraries: the search, page, collection filter and marked video were the old profile's.
onProfileSwitch(() => useLibrary.setState((s) => ({ spotlight: null, query: { ...FIRST_PAGE, orderBy: s.query.orderBy, itemsPerPage: s.query.itemsPerPage } })));
