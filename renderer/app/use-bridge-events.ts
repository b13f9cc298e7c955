/** The one place that subscribes to core events; each event feeds a toast, the bridge's invalidation table or the upload queue's store. */
import { useEffect, useRef } from 'react';
import { observeActiveProfile } from '../bridge/active-profile';
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

  // Which profile is active, by the core's own list: the first answer sets it, a later one may be a switch.
  const activeId = profiles.data?.activeId;
  const activeName = profiles.data?.profiles.find((p) => p.id === activeId)?.name ?? null;
  useEffect(() => {
    if (activeId !== undefined) observeActiveProfile(activeId, activeName);
  }, [activeId, activeName]);

  useEffect(() => {
    const offs = [
      subscribe('app.notice', ({ level, message }) => notify[level](message)),
      // Another window (or a background job) changed profiles: a switch drops the old profile's answers at once,
      // and what depends on the profiles refetches.
      subscribe('profiles.changed', ({ activeId: id }) => {
        observeActiveProfile(id);
        void staleOn('profiles.changed');
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [staleOn]);
}
