/**
 * The renderer's one subscription to core events. Features and stores register handlers here (never on the bridge):
 * the first handler of an event listens to the bridge for it, the last one leaving stops listening, and handlers run
 * in the order they registered. `use-bridge-events.ts` routes the app-wide events; features use `useBridgeEvent`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventName } from '../../shared/contract/channels';
import type { EventPayload } from '../../shared/contract/index';
import type { AppError } from '../../shared/contract/result';
import { useLatestCallback } from '../ui/use-latest-callback';
import { errorOf, subscribe } from './client';
import { invalidateScopes, STALE_AFTER_EVENT } from './invalidation';

type Handler<E extends EventName> = (payload: EventPayload<E>) => void;

const routes = new Map<EventName, { readonly handlers: Set<Handler<never>>; readonly off: () => void }>();

/** Runs `handler` on every `event` until the returned function is called. */
export function onBridgeEvent<E extends EventName>(event: E, handler: Handler<E>): () => void {
  let route = routes.get(event);
  if (!route) {
    const handlers = new Set<Handler<never>>();
    route = { handlers, off: subscribe(event, (payload) => [...handlers].forEach((h) => (h as Handler<E>)(payload))) };
    routes.set(event, route);
  }
  const own = route;
  own.handlers.add(handler as Handler<never>);
  return () => {
    own.handlers.delete(handler as Handler<never>);
    if (own.handlers.size > 0 || routes.get(event) !== own) return;
    own.off();
    routes.delete(event);
  };
}

/** Runs the latest `handler` on every `event` while the component is mounted. */
export function useBridgeEvent<E extends EventName>(event: E, handler: Handler<E>): void {
  const latest = useLatestCallback(handler);
  useEffect(() => onBridgeEvent(event, latest), [event, latest]);
}

/** While mounted, each event makes stale what the invalidation table says; the root mounts it once. */
export function useStaleAfterEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const events = (Object.keys(STALE_AFTER_EVENT) as EventName[]).filter((e) => STALE_AFTER_EVENT[e].length > 0);
    const offs = events.map((e) => onBridgeEvent(e, () => void invalidateScopes(qc, STALE_AFTER_EVENT[e])));
    return () => offs.forEach((off) => off());
  }, [qc]);
}

/** Where a list loaded once and kept current by events goes. */
export interface ListSink<L, C> {
  replace(list: L): void;
  merge(change: C): void;
  failed(error: AppError): void;
}

/**
 * Loads a list, then applies every `event` to it; events heard while the list is on its way are applied after it,
 * so none is lost. Returns the function that stops following.
 */
export function loadThenFollow<E extends EventName, L>(event: E, load: () => Promise<L>, sink: ListSink<L, EventPayload<E>>): () => void {
  let live = true;
  let early: EventPayload<E>[] | null = [];
  const off = onBridgeEvent(event, (change) => (early ? early.push(change) : sink.merge(change)));
  load()
    .then((list) => live && sink.replace(list))
    .catch((e: unknown) => live && sink.failed(errorOf(e)))
    .finally(() => {
      if (!live) return;
      for (const change of early ?? []) sink.merge(change);
      early = null;
    });
  return () => {
    live = false;
    off();
  };
}

/** `loadThenFollow` while the component is mounted. */
export function useLoadThenFollow<E extends EventName, L>(event: E, load: () => Promise<L>, sink: ListSink<L, EventPayload<E>>): void {
  // The list is loaded once per mount: what to load and where it goes are fixed for the component's life.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => loadThenFollow(event, load, sink), []);
}
