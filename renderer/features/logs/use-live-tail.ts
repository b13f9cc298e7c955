/**
 * One live tail in the core while `on`: started on the zone with the applied filter, told of a new filter, paused
 * and resumed, stopped when turned off, when the zone changes or when the screen goes. `logs.tailStatus` events keep
 * its status current.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TailStatus } from '../../../shared/contract/logs-tail';
import { call } from '../../bridge/client';
import { useBridgeEvent } from '../../bridge/events';

export interface LiveTail {
  readonly status: TailStatus | null;
  readonly error: unknown;
  pause(): void;
  resume(): void;
}

function stopQuietly(sessionId: string): void {
  call('logs.tailStop', { sessionId }).catch(() => undefined);
}

export function useLiveTail(on: boolean, zoneId: number, filter: string): LiveTail {
  const [status, setStatus] = useState<TailStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const idRef = useRef<string | null>(null);
  const filterRef = useRef(filter);

  useBridgeEvent('logs.tailStatus', (s) => {
    if (s.sessionId === idRef.current) setStatus(s);
  });

  // A tail per zone while on; the filter at the start is the one it begins with.
  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    call('logs.tail', { zoneId, filter: filterRef.current })
      .then((s) => {
        if (cancelled) return stopQuietly(s.sessionId);
        idRef.current = s.sessionId;
        setStatus(s);
        setError(null);
      })
      .catch((e: unknown) => !cancelled && setError(e));
    return () => {
      cancelled = true;
      const id = idRef.current;
      idRef.current = null;
      setStatus(null);
      setError(null);
      if (id !== null) stopQuietly(id);
    };
  }, [on, zoneId]);

  // A filter applied while live starts the tail over with it.
  useEffect(() => {
    if (filterRef.current === filter) return;
    filterRef.current = filter;
    const id = idRef.current;
    if (id === null) return;
    call('logs.tailFilter', { sessionId: id, filter })
      .then((s) => s.sessionId === idRef.current && setStatus(s))
      .catch((e: unknown) => setError(e));
  }, [filter]);

  const act = useCallback((method: 'logs.tailPause' | 'logs.tailResume') => {
    const id = idRef.current;
    if (id === null) return;
    call(method, { sessionId: id })
      .then((s) => {
        if (s.sessionId === idRef.current) setStatus(s);
        setError(null);
      })
      .catch((e: unknown) => setError(e));
  }, []);

  return { status, error, pause: useCallback(() => act('logs.tailPause'), [act]), resume: useCallback(() => act('logs.tailResume'), [act]) };
}
