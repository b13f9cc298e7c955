/**
 * Keeps the queue store current for the whole window: one `videos.list` when mounted (a reloaded window gets the
 * same queue back), then every `videos.jobs` event. Called once, by the root's useBridgeEvents.
 */
import { useEffect } from 'react';
import type { EventPayload } from '../../../shared/contract';
import { call, errorOf, subscribe } from '../../bridge/client';
import { useQueue } from './queue-store';

export function useQueueSync(): void {
  useEffect(() => {
    let live = true;
    // Events that arrive while the list is on its way are applied after it, so none is lost.
    let early: EventPayload<'videos.jobs'>[] | null = [];
    const off = subscribe('videos.jobs', (change) => {
      if (early) early.push(change);
      else useQueue.getState().merge(change);
    });
    call('videos.list', {})
      .then((list) => {
        if (!live) return;
        useQueue.getState().replace(list);
      })
      .catch((e: unknown) => {
        if (live) useQueue.getState().failed(errorOf(e));
      })
      .finally(() => {
        if (!live) return;
        for (const change of early ?? []) useQueue.getState().merge(change);
        early = null;
      });
    return () => {
      live = false;
      off();
    };
  }, []);
}
