/**
 * Asks the core for facets (`logs.facets`) and keeps the answer for the panel. A request goes out a short while
 * after the rows, the URL grouping or the question last changed, so a stream of pages or keystrokes costs one
 * request per pause; at most one runs at a time, and asks made meanwhile fold into the next one. A reply to another
 * session or another question (an older search) is dropped; a reply for older rows is shown until the newer one
 * arrives, and `pending` says that one is on its way.
 */
import { useEffect, useRef, useState } from 'react';
import type { FacetsQuery, LogFacets } from '../../../../shared/contract/logs';
import { call } from '../../../bridge/client';
import { useLatestRefresh } from '../latest-refresh';

/** How long the rows or the question must stay put before the core is asked, and the least time between asks. */
export const FACETS_DEBOUNCE_MS = 150;

/** How many values each facet lists before "more…". */
export const FACET_TOP_LIMIT = 6;

/** How long a refresh may take before the panel says it is loading (quicker ones change nothing on screen first). */
export const SLOW_MS = 300;

/** True once `pending` has stayed true for SLOW_MS; false again as soon as it ends. */
export function useSlow(pending: boolean): boolean {
  const [slow, setSlowSince] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlowSince(true), SLOW_MS);
    return () => {
      clearTimeout(timer);
      setSlowSince(false);
    };
  }, [pending]);
  return pending && slow;
}

/** What the panel knows of one question. */
export interface FacetsAnswer {
  /** The latest reply of this session (to this question, or to an earlier one while a newer is pending). */
  readonly reply: LogFacets | null;
  /** What `reply` answers. */
  readonly replyQuery: FacetsQuery | null;
  /** The last request failed (the reply, if any, is older). */
  readonly error: unknown;
  /** A request for the current rows and question is waiting or running. */
  readonly pending: boolean;
}

interface Asked {
  readonly key: string | null;
  readonly version: number;
}

interface Got {
  readonly sessionId: string;
  readonly key: string;
  readonly version: number;
  readonly reply: LogFacets | null;
  readonly error: unknown;
}

/** Facets of the session's matching rows for `query`; nothing is asked while `query` is null. */
export function useFacetsQuery(sessionId: string, version: number, query: FacetsQuery | null): FacetsAnswer {
  const key = query === null ? null : JSON.stringify(query);
  const [got, setGot] = useState<Got | null>(null);
  // The question as of the last change: a fetch reads it when it starts, a reply is kept only if it still holds.
  const asked = useRef<Asked>({ key, version });
  const refresh = useLatestRefresh(sessionId, (id) => ({
    fetch: async () => {
      const a = asked.current;
      const q = a.key === null ? {} : (JSON.parse(a.key) as FacetsQuery);
      return { ...a, reply: await call('logs.facets', { sessionId: id, query: q }) };
    },
    apply: ({ key: k, version: v, reply }) => {
      if (k === null || k !== asked.current.key) return;
      setGot({ sessionId: id, key: k, version: v, reply, error: null });
    },
    fail: (error) => {
      const a = asked.current;
      if (a.key === null) return;
      const k = a.key;
      setGot((prev) => ({ sessionId: id, key: k, version: a.version, reply: prev !== null && prev.sessionId === id && prev.key === k ? prev.reply : null, error }));
    },
    intervalMs: FACETS_DEBOUNCE_MS,
  }));

  // Declared after the refresh's own effect, so a new session's first ask reaches the new refresh.
  useEffect(() => {
    asked.current = { key, version };
    if (key === null) return;
    const timer = setTimeout(refresh, FACETS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [refresh, sessionId, version, key]);

  const ours = got !== null && got.sessionId === sessionId ? got : null;
  const current = ours !== null && ours.key === key;
  return {
    reply: ours?.reply ?? null,
    replyQuery: ours?.reply ? (JSON.parse(ours.key) as FacetsQuery) : null,
    error: current ? ours.error : null,
    pending: key !== null && (!current || ours.version !== version),
  };
}
