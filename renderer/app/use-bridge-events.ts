/** The one place that subscribes to core events; each event feeds a store or a toast. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { subscribe } from '../bridge/client';
import { useCall } from '../bridge/queries';

export function useBridgeEvents(): void {
  const qc = useQueryClient();
  const profiles = useCall('profiles.list', {});
  const told = useRef(false);
  // Problems found while the core started (unreadable key files…) are told once, whatever screen is open.
  useEffect(() => {
    if (told.current || !profiles.data) return;
    told.current = true;
    for (const p of profiles.data.problems) toast.warning(p, { duration: 15_000 });
  }, [profiles.data]);

  useEffect(() => {
    const offs = [
      subscribe('app.notice', ({ level, message }) => {
        if (level === 'error') toast.error(message);
        else if (level === 'warning') toast.warning(message);
        else toast(message);
      }),
      // Another window (or a background job) changed profiles: every query may depend on the active one.
      subscribe('profiles.changed', () => void qc.invalidateQueries()),
    ];
    return () => offs.forEach((off) => off());
  }, [qc]);
}
