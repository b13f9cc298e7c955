/** The Apps area. */
import { NotBuilt } from '../../ui/NotBuilt';

export function AppsScreen() {
  return <NotBuilt what="Creating container applications" />;
}
