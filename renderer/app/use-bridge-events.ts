/** The one place that subscribes to core events; each event feeds a toast, the bridge's invalidation table or the upload queue's store. */
import { useEffect, useRef } from 'react';
import { subscribe } from '../bridge/client';
import { useCall, useStaleOnEvent } from '../bridge/queries';
import { useQueueSync } from '../features/videos/use-queue-sync';
import { notify } from '../ui/toast';

export function useBridgeEvents(): void {
  // The queue's rows and totals are kept for the whole window: the tray shows them from every area.
  useQueueSync();
  const staleOn = useStaleOnEvent();
  const profiles = useCall('profiles.list', {});
  const told = useRef(false);
  // Problems found while the core started (unreadable key files…) are told once, whatever screen is open.
  useEffect(() => {
    if (told.current || !profiles.data) return;
    told.current = true;
    for (const p of profiles.data.problems) notify.warning(p, { duration: 15_000 });
  }, [profiles.data]);

  useEffect(() => {
    const offs = [
      subscribe('app.notice', ({ level, message }) => notify[level](message)),
      // Another window (or a background job) changed profiles: what depends on them refetches.
      subscribe('profiles.changed', () => void staleOn('profiles.changed')),
    ];
    return () => offs.forEach((off) => off());
  }, [staleOn]);
}
