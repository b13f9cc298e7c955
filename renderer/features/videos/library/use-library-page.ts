/**
 * The page of the library the browser shows, read again while anything on it is still being worked on (or an
 * upload to this library is under way): soon after a change, less and less often while nothing moves, and not
 * at all once every video is settled.
 */
import { useEffect, useRef } from 'react';
import { useCall } from '../../../bridge/queries';
import { isFinal } from '../format';
import { useQueue } from '../queue-store';
import { nextPoll, NO_POLL, type PollMemory } from './library-format';
import { useLibrary } from './library-store';

/** The list query of the chosen library; disabled without one (or without its key). */
export function useLibraryPage(libraryId: number | null, enabled: boolean) {
  const query = useLibrary((s) => s.query);
  // The queue's rows of this library, as one string: any change of state is news for the list.
  const uploads = useQueue((s) =>
    s.ordered
      .filter((j) => j.libraryId === libraryId)
      .map((j) => `${j.id}:${j.state}:${j.videoId ?? ''}`)
      .join('|'),
  );
  const uploading = useQueue((s) => s.ordered.some((j) => j.libraryId === libraryId && !isFinal(j)));
  const memory = useRef<PollMemory>(NO_POLL);

  const page = useCall(
    'videos.libraryList',
    { libraryId: libraryId ?? 1, ...query },
    {
      enabled: enabled && libraryId !== null,
      // The page shown stays while the next one (another page, search or order) is read.
      placeholderData: (previous) => previous,
      refetchInterval: (q) => {
        const next = nextPoll(q.state.data?.items ?? [], uploading, q.state.dataUpdatedAt, memory.current);
        memory.current = next.memory;
        return next.delay;
      },
    },
  );

  // A queue row of this library moved on (created, uploaded, ready): read the list now rather than at the next poll.
  const { refetch } = page;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (enabled && libraryId !== null) void refetch();
  }, [uploads, enabled, libraryId, refetch]);

  return page;
}
