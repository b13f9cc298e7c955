/**
 * An app's endpoint health (`apps.health`, last hour), shared by the list's mark and the app's page under one key.
 * A zone's log budget is never spent behind the user's back: an answer is kept until the user asks again (Refresh,
 * which asks the core past its own cache), the page reads on open, and the list reads only rows on screen. A partial
 * answer is followed (`follow`): the core goes on with its walk where it stopped, a few pages per ask, so it is asked
 * again every FOLLOW_MS while each answer read more (a walk cut at its page limit stays partial and is not asked).
 */
import { useEffect, useRef, useState } from 'react';
import type { DeliveryCompleteness } from '../../../../shared/contract/delivery';
import { useCall, useReadAgain } from '../../../bridge/queries';

export const FOLLOW_MS = 2000;

export function useAppHealth(id: string, { enabled, onOpen = false, follow }: { readonly enabled: boolean; readonly onOpen?: boolean; readonly follow: boolean }) {
  const input = { id };
  // The completeness of the last two answers, by when each arrived: asked again only while the walk moves on.
  const seen = useRef<readonly { readonly at: number; readonly c: DeliveryCompleteness }[]>([]);
  const q = useCall('apps.health', input, {
    enabled,
    staleTime: Infinity,
    refetchOnMount: onOpen ? 'always' : true,
    refetchInterval: ({ state }) => {
      if (!state.data) return false;
      if (seen.current.at(-1)?.at !== state.dataUpdatedAt) seen.current = [...seen.current.slice(-1), { at: state.dataUpdatedAt, c: state.data.completeness }];
      const [before, now] = seen.current.length === 2 ? seen.current : [null, seen.current[0]!];
      const stuck = before !== null && before.c.partial && before.c.pagesRead === now.c.pagesRead;
      return follow && now.c.partial && !stuck ? FOLLOW_MS : false;
    },
  });
  const again = useReadAgain('apps.health', input);
  return {
    q,
    refresh: () => again.mutate({ restart: true }),
    /** A read or a Refresh under way. */
    busy: q.isFetching || again.isPending,
    /** What failed last: the Refresh, else the read. */
    error: again.error ?? q.error,
  };
}

export type AppHealthRead = ReturnType<typeof useAppHealth>;

/**
 * Whether an element is on screen now: in the window and not scrolled out of its pane. Without an observer (a DOM
 * that does no layout) nothing is ever on screen.
 */
export function useOnScreen<T extends Element>(): readonly [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)?.isIntersecting ?? false));
    io.observe(el);
    return () => io.disconnect();
  }, [el]);
  return [setEl, onScreen] as const;
}

/**
 * Asks once more, past the core's cache, when a row is on screen and its answer is older than the list's last
 * Refresh (`refreshedAt`, 0 before any): rows scrolled to later are brought up to date as they appear.
 */
export function useRefreshWhenShown({ q, busy, refresh }: AppHealthRead, onScreen: boolean, refreshedAt: number): void {
  const asked = useRef(0);
  useEffect(() => {
    if (!onScreen || asked.current >= refreshedAt || busy) return;
    // A row never read is read as it appears, like any other; one read since the Refresh is up to date.
    const last = Math.max(q.dataUpdatedAt, q.errorUpdatedAt);
    if (last === 0 || last > refreshedAt) return;
    asked.current = refreshedAt;
    refresh();
  });
}
