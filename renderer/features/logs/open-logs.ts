/**
 * Opening the Logs screen from another area on a zone, a filter and (optionally) live mode: "Watch delivery" of an
 * upload, "Open in Logs" of an app's endpoint. The intent waits here until the Logs screen takes it (at once when it
 * is already showing, else when it mounts), so the screen opens one session on it and never its own first choice.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { useNav } from '../../app/nav-store';
import { useCall } from '../../bridge/queries';
import { useLatestCallback } from '../../ui/use-latest-callback';
import type { LiveMode } from './use-live-mode';
import type { LogsQuery } from './use-logs-views';

/** Where the Logs screen should look: a pull zone, a filter in the screen's own syntax (`url:/guid/`), live or not. */
export interface LogsIntent {
  readonly zoneId: number;
  readonly filter: string;
  readonly live: boolean;
}

export const useLogsIntent = create<{ readonly intent: LogsIntent | null }>(() => ({ intent: null }));

/** Shows the Logs area on `zoneId` with `filter` applied, its live tail on when `live`. */
export function openLogsAt(intent: LogsIntent): void {
  useLogsIntent.setState({ intent });
  useNav.getState().go('logs');
}

/** The intent waiting for the Logs screen, taken once. */
export function takeLogsIntent(): LogsIntent | null {
  const { intent } = useLogsIntent.getState();
  if (intent !== null) useLogsIntent.setState({ intent: null });
  return intent;
}

/**
 * Takes the waiting intent into the Logs screen once the zones are known: a zone with logging off is explained (and
 * never queried), any other opens one session on the zone and the screen's range with the filter, live when asked.
 */
export function useOpenLogsIntent(q: Pick<LogsQuery, 'range' | 'openAt' | 'pickLoggingOff'>, live: Pick<LiveMode, 'setLive'>): void {
  const intent = useLogsIntent((s) => s.intent);
  const zones = useCall('logs.zones', {});
  const take = useLatestCallback(() => {
    const it = takeLogsIntent();
    if (it === null) return;
    const zone = zones.data?.zones.find((z) => z.id === it.zoneId);
    if (zone !== undefined && !zone.loggingEnabled) {
      live.setLive(null);
      q.pickLoggingOff(zone.id, zone.name);
      return;
    }
    q.openAt(it.zoneId, q.range, it.filter);
    live.setLive(it.live ? it.zoneId : null);
  });
  const known = !zones.isPending;
  useEffect(() => {
    if (intent !== null && known) take();
  }, [intent, known, take]);
}
