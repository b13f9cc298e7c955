/**
 * Brings the Logs area forward when a logs link arrives from outside (the `burrow:` protocol): at start, when one
 * waits in the core, and whenever another is announced. The Logs screen itself takes the link and opens it; this
 * hook only makes sure the screen is there to do so. Mounted once by the app shell.
 */
import { useEffect } from 'react';
import { call } from '../../bridge/client';
import { onBridgeEvent } from '../../bridge/events';
import { useNav } from '../../app/nav-store';

export function useLinkInbox(): void {
  useEffect(() => {
    let live = true;
    // Without the area's usual focus move: it would take the focus (and the scroll) away from the row the link selects.
    const show = () => {
      if (useNav.getState().area === 'logs') return;
      useNav.getState().go('logs', { focus: false });
    };
    call('logs.linkPending', {})
      .then(({ pending }) => {
        if (live && pending) show();
      })
      .catch(() => undefined);
    const off = onBridgeEvent('logs.link', show);
    return () => {
      live = false;
      off();
    };
  }, []);
}
