/** How far a fetch row is, for its bar: the encode's percent while processing, whole once ready. */
import type { FetchView } from '../../../../shared/contract/videos-fetch';

export function fetchPercent(v: FetchView): number {
  if (v.state === 'ready') return 100;
  if (v.state === 'processing') return Math.round(v.encodeProgress ?? 0);
  return 0;
}
