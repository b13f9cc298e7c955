/**
 * Where the app-wide core events go: toasts, the active profile, the invalidation table and the upload queue's store.
 * Every subscription goes through bridge/events.ts; a feature's own events are routed there with useBridgeEvent.
 */
import { useEffect, useRef } from 'react';
import { observeActiveProfile } from '../bridge/active-profile';
import { onBridgeEvent, useStaleAfterEvents } from '../bridge/events';
import { useCall } from '../bridge/queries';
import { useQueueSync } from '../features/videos/queue-store';
import { notify } from '../ui/toast';

export function useBridgeEvents(): void {
  // The queue's rows and totals are kept for the whole window: the tray shows them from every area.
  useQueueSync();
  const profiles = useCall('settings.profiles', {});
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
      onBridgeEvent('desktop.notice', ({ level, message }) => notify[level](message)),
      // Another window (or a background job) switched profiles: the old profile's answers are dropped at once,
      // before the invalidation below refetches what depends on the profiles.
      onBridgeEvent('settings.changed', ({ activeId: id }) => observeActiveProfile(id)),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  useStaleAfterEvents();
}
