/**
 * The account's applications, a page at a time. The platform pages by an opaque cursor (null on the last page), so
 * the list grows with "Load more": the first page is a cached query (it refetches when the screen asks), the later
 * ones are appended as they arrive. Whenever the first page is fetched anew, the later pages are dropped: they were
 * cut from the list as it was then, and would repeat or miss apps now.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { addUnreadable, NOTHING_UNREADABLE, type Unreadable } from '../../../shared/apps/platform-answers';
import type { AppSummary } from '../../../shared/contract/apps';
import { call } from '../../bridge/client';
import { useCall } from '../../bridge/queries';

/** How many applications one page asks for. */
export const APPS_PAGE_SIZE = 50;

interface More {
  /** When the first page these follow was fetched. */
  readonly after: number;
  readonly items: readonly AppSummary[];
  readonly unreadable: Unreadable;
  readonly cursor: string | null;
}

/** The list so far, its paging state, and the actions on it. */
export interface AppsList {
  readonly first: ReturnType<typeof useCall<'apps.list'>>;
  readonly apps: readonly AppSummary[];
  readonly total: number | null;
  /** Apps of the pages so far that the core could not read, and the first reason. */
  readonly unreadable: Unreadable;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly moreError: unknown;
  loadMore(): void;
}

/** Reads the list; each change of `refresh` fetches it again from the first page. */
export function useAppsList(refresh: number): AppsList {
  const first = useCall('apps.list', { limit: APPS_PAGE_SIZE, cursor: null });
  const [more, setMore] = useState<More | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const busy = useRef(false);
  const { refetch, dataUpdatedAt } = first;

  useEffect(() => {
    if (refresh > 0) void refetch();
  }, [refresh, refetch]);

  const current = more && more.after === dataUpdatedAt ? more : null;
  const nextCursor = current ? current.cursor : (first.data?.cursor ?? null);

  const loadMore = useCallback(() => {
    if (busy.current || nextCursor === null) return;
    busy.current = true;
    setLoadingMore(true);
    setMoreError(null);
    const base = current?.items ?? [];
    const baseUnreadable = current?.unreadable ?? NOTHING_UNREADABLE;
    call('apps.list', { limit: APPS_PAGE_SIZE, cursor: nextCursor })
      .then((page) =>
        setMore({ after: dataUpdatedAt, items: [...base, ...page.items], unreadable: addUnreadable(baseUnreadable, page.unreadable ?? NOTHING_UNREADABLE), cursor: page.cursor }),
      )
      .catch((e: unknown) => setMoreError(e))
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [nextCursor, current, dataUpdatedAt]);

  // An app created between two pages may move into a page already shown: each id is listed once.
  const seen = new Set<string>();
  const apps = [...(first.data?.items ?? []), ...(current?.items ?? [])].filter((a) => !seen.has(a.id) && seen.add(a.id));
  const unreadable = addUnreadable(first.data?.unreadable ?? NOTHING_UNREADABLE, current?.unreadable ?? NOTHING_UNREADABLE);
  return { first, apps, total: first.data?.totalItems ?? null, unreadable, hasMore: nextCursor !== null, loadingMore, moreError, loadMore };
}
