/**
 * An app's endpoint health (`apps.health`, last hour), shared by the list's mark and the app's page under one key.
 * A zone's log budget is never spent behind the user's back: an answer is kept until the user asks again (Refresh,
 * which asks the core past its own cache), the page reads on open, and the list reads only rows on screen. A partial
 * answer is followed (`follow`): the core goes on with its walk where it stopped, a few pages per ask, so it is asked
 * again every FOLLOW_MS while each answer read more (a walk cut at its page limit stays partial and is not asked).
 */
import { useEffect, useRef, useState } from 'react';
import type { DeliveryCompleteness } from '../../../../shared/contract/delivery';
import { useCall, useFetchCall } from '../../../bridge/queries';

export const FOLLOW_MS = 2000;

export function useAppHealth(id: string, { enabled, onOpen = false, follow }: { readonly enabled: boolean; readonly onOpen?: boolean; readonly follow: boolean }) {
  const input = { id };
  const [going, setGoing] = useState(false);
  const q = useCall('apps.health', input, { enabled, staleTime: Infinity, refetchOnMount: onOpen ? 'always' : true, refetchInterval: follow && going ? FOLLOW_MS : false });
  const last = useRef<DeliveryCompleteness | null>(null);
  // Each answer (an equal one keeps its object, so its time is what moves): partial and further on than the last.
  useEffect(() => {
    const c = q.data?.completeness ?? null;
    const stuck = c !== null && last.current !== null && last.current.partial && last.current.pagesRead === c.pagesRead;
    last.current = c;
    setGoing(c !== null && c.partial && !stuck);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.dataUpdatedAt]);
  const fetchCall = useFetchCall();
  // A refresh's failure shows as the query's error; the promise itself has nothing more to say.
  const refresh = () => void fetchCall('apps.health', input, { ...input, refresh: true }).catch(() => undefined);
  return { q, refresh };
}

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
export function useRefreshWhenShown(q: { readonly dataUpdatedAt: number; readonly errorUpdatedAt: number; readonly isFetching: boolean }, onScreen: boolean, refreshedAt: number, refresh: () => void): void {
  const asked = useRef(0);
  useEffect(() => {
    if (!onScreen || asked.current >= refreshedAt || q.isFetching) return;
    // A row never read is read as it appears, like any other; one read since the Refresh is up to date.
    const last = Math.max(q.dataUpdatedAt, q.errorUpdatedAt);
    if (last === 0 || last >= refreshedAt) return;
    asked.current = refreshedAt;
    refresh();
  });
}
