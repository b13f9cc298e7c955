/** The Logs area. */
import { NotBuilt } from '../../ui/NotBuilt';

export function LogsScreen() {
  return <NotBuilt what="Browsing CDN logs" />;
}
