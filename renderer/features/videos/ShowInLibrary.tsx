/**
 * "Show in library" for a video the queue knows: the library opens on it only when the platform still has it, and
 * only in the account that holds it. A row of another profile offers "Switch to <profile> and show" (the switch
 * happens first, then the same check); the active profile's library is never opened for it. A video that vanished
 * (deleted elsewhere, or the sandbox was reset) is said so in place, and so is a check that could not be made,
 * instead of an empty or unrelated list.
 */
import { useState } from 'react';
import { errorOf } from '../../bridge/client';
import { useCall, useCallMutation, useFetchCall } from '../../bridge/queries';
import { showInLibrary } from './library/library-store';
import { goneReason, libraryNameIn, useRowProfile } from './row-profile';

interface Props {
  /** The profile the row was added under: its account holds the video. */
  readonly profileId: string;
  readonly libraryId: number;
  readonly videoId: string;
  /** The row's title, when the button's name must say which row it belongs to ("Show in library: Keynote"). */
  readonly rowTitle?: string;
}

/** What the row says after a click, when the library does not open. */
type Said = { readonly kind: 'gone' } | { readonly kind: 'failed'; readonly title: string } | { readonly kind: 'elsewhere' };

export function ShowInLibrary({ profileId, libraryId, videoId, rowTitle }: Props) {
  const row = useRowProfile(profileId);
  // The active profile's libraries name the library of one of its rows; another profile's row uses that profile's list.
  const libraries = useCall('videos.libraries', {}, { enabled: !row.foreign });
  const activate = useCallMutation('settings.activateProfile');
  const fetchCall = useFetchCall();
  const [said, setSaid] = useState<Said | null>(null);
  const [checking, setChecking] = useState(false);
  const name = (row.foreign ? null : libraries.data?.libraries.find((l) => l.id === libraryId)?.name) ?? libraryNameIn(row.profile, libraryId) ?? `library ${libraryId}`;
  const profileName = row.profile?.name ?? null;

  async function open() {
    setChecking(true);
    setSaid(null);
    try {
      // Asked afresh: the row must not be looked up in whichever profile happens to be active now.
      const list = await fetchCall('settings.profiles', {});
      if (list.activeId !== profileId) {
        if (!row.foreign || !list.profiles.some((p) => p.id === profileId)) {
          // The button did not offer a switch (the profile changed meanwhile): say where the video is instead.
          setSaid({ kind: 'elsewhere' });
          return;
        }
        await activate.mutateAsync({ id: profileId });
      }
      await fetchCall('videos.libraryGet', { libraryId, videoId });
      showInLibrary(libraryId, videoId);
    } catch (e) {
      const err = errorOf(e);
      // A video the platform says it does not have is gone; any other trouble is said as it is, nothing opens.
      setSaid(err.kind === 'not_found' ? { kind: 'gone' } : { kind: 'failed', title: err.title });
    } finally {
      setChecking(false);
    }
  }

  if (row.deleted) {
    return (
      <span className="muted job-note" data-testid="video-elsewhere">
        Its profile was deleted: the video stays in that account.
      </span>
    );
  }

  const text = row.foreign && profileName !== null ? `Switch to ${profileName} and show` : 'Show in library';
  return (
    <>
      <button
        type="button"
        className="lib-link"
        aria-busy={checking || undefined}
        aria-label={rowTitle === undefined ? undefined : `${text}: ${rowTitle}`}
        title={row.foreign && profileName !== null ? `This video is in profile ${profileName}: it becomes the active profile, then its library opens on the video` : undefined}
        onClick={(e) => {
          e.stopPropagation();
          void open();
        }}
      >
        {text}
      </button>
      {said?.kind === 'gone' && (
        <span role="status" className="job-error" data-testid="video-gone">
          This video is no longer in {name} — {goneReason(row.profile)}.
        </span>
      )}
      {said?.kind === 'failed' && (
        <span role="status" className="job-error" data-testid="video-check-failed">
          Could not check {name} for this video: {said.title}
        </span>
      )}
      {said?.kind === 'elsewhere' && (
        <span role="status" className="job-note" data-testid="video-elsewhere">
          {profileName === null ? 'This video is in a profile that was deleted.' : `In profile ${profileName} — switch to it to see the video.`}
        </span>
      )}
    </>
  );
}
