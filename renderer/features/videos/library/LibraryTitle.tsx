/** A library video's title, edited in place: Enter saves it on the platform, Esc puts it back. */
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { InlineTitle } from '../InlineTitle';
import type { useLibraryEdits } from './use-library-edits';

interface Props {
  readonly libraryId: number;
  readonly video: LibraryVideo;
  readonly update: ReturnType<typeof useLibraryEdits>['update'];
}

export function LibraryTitle({ libraryId, video, update }: Props) {
  return (
    <InlineTitle
      title={video.title}
      label={`Title of ${video.title || video.guid}`}
      testId="lib-title"
      className="lib-title"
      save={(title) => update.mutateAsync({ libraryId, videoId: video.guid, title })}
    />
  );
}
