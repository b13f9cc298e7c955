/** The Videos area. */
import { NotBuilt } from '../../ui/NotBuilt';

export function VideosScreen() {
  return <NotBuilt what="Uploading videos" />;
}
