/**
 * "Show in library" for a video the queue knows: the library opens on it only when the platform still has it. A
 * video that vanished (deleted elsewhere, or the sandbox was reset) is said so in place, instead of an empty list.
 */
import { useState } from 'react';
import { call, errorOf } from '../../bridge/client';
import { useCall } from '../../bridge/queries';
import { showInLibrary } from './library/library-store';

export function ShowInLibrary({ libraryId, videoId }: { readonly libraryId: number; readonly videoId: string }) {
  const libraries = useCall('videos.libraries', {});
  const [gone, setGone] = useState(false);
  const [checking, setChecking] = useState(false);
  const name = libraries.data?.libraries.find((l) => l.id === libraryId)?.name ?? `library ${libraryId}`;

  async function open() {
    setChecking(true);
    try {
      await call('videos.libraryGet', { libraryId, videoId });
      setGone(false);
      showInLibrary(libraryId, videoId);
    } catch (e) {
      // Only a video the platform says it does not have is gone; any other trouble is the library view's to show.
      if (errorOf(e).kind === 'not_found') setGone(true);
      else showInLibrary(libraryId, videoId);
    } finally {
      setChecking(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="lib-link"
        aria-busy={checking || undefined}
        onClick={(e) => {
          e.stopPropagation();
          void open();
        }}
      >
        Show in library
      </button>
      {gone && (
        <span role="status" className="job-error" data-testid="video-gone">
          This video is no longer in {name} — it was deleted or the sandbox was reset.
        </span>
      )}
    </>
  );
}
