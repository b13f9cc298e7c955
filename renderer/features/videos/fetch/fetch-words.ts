/** A fetch row in words and numbers, as its row and its announcements say it. */
import { isFetchEnded, type FetchView } from '../../../../shared/contract/videos-fetch';

/** The colour a row's state is drawn in. */
export type FetchTone = 'neutral' | 'accent' | 'warning' | 'success' | 'danger';

/** The state in words ("Processing 40 %", "Failed: …") and its tone. */
export function fetchWords(v: FetchView): { readonly text: string; readonly tone: FetchTone } {
  switch (v.state) {
    case 'queued':
      return { text: 'Queued', tone: 'neutral' };
    case 'waiting':
      return { text: "Waiting for the platform's fetch queue", tone: 'warning' };
    case 'fetching':
      return { text: 'Fetching', tone: 'accent' };
    case 'processing':
      return { text: `Processing ${Math.round(v.encodeProgress ?? 0)} %`, tone: 'accent' };
    case 'ready':
      return { text: 'Ready', tone: 'success' };
    case 'failed':
      return { text: `Failed: ${v.error?.title ?? 'unknown reason'}`, tone: 'danger' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'neutral' };
  }
}

/** How far the row is, for its bar: the encode's percent while processing, whole once ready. */
export function fetchPercent(v: FetchView): number {
  if (v.state === 'ready') return 100;
  if (v.state === 'processing') return Math.round(v.encodeProgress ?? 0);
  return 0;
}

/** True once the row has ended. */
export function fetchEnded(v: FetchView): boolean {
  return isFetchEnded(v.state);
}
