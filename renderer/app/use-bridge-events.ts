/** The one place that subscribes to core events; each event feeds a store or a toast. */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { subscribe } from '../bridge/client';

export function useBridgeEvents(): void {
  useEffect(() => {
    const offs = [
      subscribe('app.notice', ({ level, message }) => {
        if (level === 'error') toast.error(message);
        else if (level === 'warning') toast.warning(message);
        else toast(message);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
