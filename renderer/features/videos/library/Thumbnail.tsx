/** A video's thumbnail, fetched by the core once the platform has one; a placeholder until then. */
import { Film } from 'lucide-react';
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { useCall } from '../../../bridge/queries';

export function Thumbnail({ libraryId, video }: { readonly libraryId: number; readonly video: LibraryVideo }) {
  const image = useCall(
    'videos.libraryThumbnail',
    { libraryId, videoId: video.guid },
    // A thumbnail does not change once made; a failed one just leaves the placeholder.
    { enabled: video.hasThumbnail, staleTime: Infinity, retry: false },
  );
  const src = image.data?.dataUrl;
  // The title beside it names the video: the picture adds nothing for a screen reader.
  if (src) return <img className="lib-thumb" src={src} alt="" data-testid="lib-thumb" />;
  return (
    <span className="lib-thumb lib-thumb-empty" aria-hidden="true">
      <Film size={16} />
    </span>
  );
}
