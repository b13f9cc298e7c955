/** The Console area. */
import { NotBuilt } from '../../ui/NotBuilt';

export function ConsoleScreen() {
  return <NotBuilt what="The raw request console" />;
}
