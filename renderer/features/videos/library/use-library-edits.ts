/** Changes to a library's videos from the browser; each call's own callbacks run once the list has been read again. */
import { useCallMutation } from '../../../bridge/queries';

/** The update and delete calls; `reread` reads the shown page again after either (a failure may mean the video is gone). */
export function useLibraryEdits(reread: () => Promise<unknown>) {
  const update = useCallMutation('videos.libraryUpdate', { onSettled: reread });
  const remove = useCallMutation('videos.libraryDelete', { onSettled: reread });
  return { update, remove };
}
