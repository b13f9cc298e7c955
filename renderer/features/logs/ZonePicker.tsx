/**
 * Where the rows come from: one of the profile's pull zones, or a v1 log file chosen in the native dialog. Zones
 * without logging are listed and say so; picking one explains why there is nothing to show and sends nothing,
 * since the platform keeps no logs for them.
 */
import { FileText } from 'lucide-react';
import { useEffect, useId } from 'react';
import { openedWithoutPlace } from '../../app/nav-store';
import { useScreenAction } from '../../app/screen-actions';
import { useCall, useCallMutation } from '../../bridge/queries';
import { ActiveProfileError, ErrorMessage } from '../../ui/ErrorMessage';
import { useLogsIntent } from './open-logs';

interface Props {
  /** The zone whose logs are shown; null for a file or nothing yet. */
  readonly zoneId: number | null;
  readonly fileName: string | null;
  onZone(zoneId: number): void;
  /** A zone whose logging is off was picked. */
  onLoggingOff(zoneId: number, name: string): void;
  onFile(token: string, name: string): void;
  readonly focusRef?: (el: HTMLElement | null) => void;
}

const NONE = '';

/**
 * Whether the core's suggested zone was already opened in this run: it is a first look, offered once, never a
 * choice taken back from the user.
 */
let suggestionTaken = false;

/** The source picker at the top of the Logs screen. */
export function ZonePicker({ zoneId, fileName, onZone, onLoggingOff, onFile, focusRef }: Props) {
  const zones = useCall('logs.zones', {});
  const choose = useCallMutation('logs.chooseFile', { onSuccess: (picked) => picked && onFile(picked.token, picked.name) });
  const id = useId();
  const list = zones.data?.zones ?? [];
  const suggested = zones.data?.suggested;

  // A first look with nothing chosen yet, and the core suggests a zone (the embedded sandbox's busy one): open it.
  // A window opened on a place (a reload, a link, a test) is never switched to it.
  useEffect(() => {
    // Another area's intent (open-logs.ts) names the zone to show: nothing is suggested over it.
    if (!openedWithoutPlace || suggested === undefined || suggestionTaken || zoneId !== null || fileName !== null || useLogsIntent.getState().intent !== null) return;
    suggestionTaken = true;
    onZone(suggested);
  }, [suggested, zoneId, fileName, onZone]);

  const chooseFile = () => choose.mutate({});
  useScreenAction('logs.openFile', chooseFile);

  return (
    <div className="logs-source" data-testid="zone-picker">
      <div className="field">
        {/* The field's name is "Pull zone"; a narrow window shows the label as "Zone". */}
        <label htmlFor={id} aria-hidden="true">
          <span className="wide-only">Pull zone</span>
          <span className="narrow-only">Zone</span>
        </label>
        <select
          id={id}
          ref={focusRef}
          aria-label="Pull zone"
          value={zoneId === null ? NONE : String(zoneId)}
          // Never disabled while the zones load: arriving in Logs puts focus here, and a disabled select cannot take it.
          aria-busy={zones.isPending ? true : undefined}
          onChange={(e) => {
            const zone = list.find((z) => String(z.id) === e.target.value);
            if (zone === undefined) return;
            if (zone.loggingEnabled) onZone(zone.id);
            else onLoggingOff(zone.id, zone.name);
          }}
        >
          <option value={NONE} disabled>
            {zones.isPending ? 'Loading pull zones…' : fileName !== null ? `File: ${fileName}` : 'Choose a pull zone…'}
          </option>
          {list.map((z) => (
            <option key={z.id} value={String(z.id)}>
              {z.loggingEnabled ? z.name : `${z.name} — logging is off`}
            </option>
          ))}
        </select>
      </div>
      <button type="button" onClick={chooseFile} disabled={choose.isPending}>
        <FileText aria-hidden="true" size={14} /> <span className="wide-only">Open log file…</span>
        <span className="narrow-only" aria-hidden="true">
          Open file…
        </span>
      </button>
      {zones.isError && <ActiveProfileError error={zones.error} />}
      {zones.isSuccess && list.length === 0 && <p className="muted">This profile has no pull zones. Create one on bunny.net, or open a log file.</p>}
      {choose.isError && <ErrorMessage error={choose.error} />}
    </div>
  );
}
