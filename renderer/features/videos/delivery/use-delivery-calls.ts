/**
 * The delivery reads of the library browser: the library's one top-videos walk (every row's figures come from it)
 * and one video's delivery. Each is read when its view opens and when the user asks (Refresh starts the walk over,
 * "Read on" goes on with a partial one), never on a timer or a focus: a walk spends the zone's request budget,
 * which the Logs screen shares.
 */
import type { MethodInput } from '../../../../shared/contract/index';
import { useCall, useReadAgain } from '../../../bridge/queries';
import type { DeliveryRangeChoice, TopBy } from './delivery-store';

/** The most videos one walk answers: a library's rows take their figures from it. */
export const TOP_LIMIT = 1000;

function again(m: ReturnType<typeof useReadAgain<'videos.top' | 'videos.delivery'>>) {
  return { refresh: () => m.mutate({ restart: true }), readOn: () => m.mutate({ restart: false }), refreshing: m.isPending, refreshError: m.error };
}

/** A library's videos ranked `by`, at most `limit`; null library: nothing is asked. */
export function useTopVideos(libraryId: number | null, range: DeliveryRangeChoice, by: TopBy = 'requests', limit = TOP_LIMIT) {
  const input: MethodInput<'videos.top'> = { libraryId: libraryId ?? 1, range, by, limit };
  const query = useCall('videos.top', input, { enabled: libraryId !== null, staleTime: Infinity });
  return { query, ...again(useReadAgain('videos.top', input)) };
}

/** One video's delivery over the range. */
export function useVideoDelivery(libraryId: number, guid: string, range: DeliveryRangeChoice) {
  const input: MethodInput<'videos.delivery'> = { libraryId, guid, range };
  const query = useCall('videos.delivery', input, { staleTime: Infinity });
  return { query, ...again(useReadAgain('videos.delivery', input)) };
}
