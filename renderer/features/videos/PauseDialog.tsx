/**
 * Asked before a pause that throws bytes away: a plain upload cannot keep what it sent, so pausing it means sending
 * it again from zero. The user can pause anyway, or have the rows switched to the resumable protocol and paused at
 * once. The core cannot switch an upload mid-way: the switch restarts it, so the bytes sent so far are lost either
 * way; what the switch buys is that every later pause or cut keeps its place. The dialog says exactly that.
 */
import type { JobView } from '../../../shared/videos/model';
import { useCallMutation } from '../../bridge/queries';
import { InfoDialog } from '../../ui/info-dialog';
import { formatBytes } from './format';
import { losesBytesOnPause } from './queue-view';
import type { Controls, Rows } from './use-controls';

export interface PauseAsk {
  /** The rows the user asked to pause: some by id, or all of them. */
  readonly scope: Rows;
  /** Those of them that would restart from zero. */
  readonly plain: readonly JobView[];
}

interface Props {
  readonly ask: PauseAsk | null;
  readonly controls: Controls;
  readonly onClose: () => void;
  /** Told when the switch to resumable is refused. */
  readonly onError: (e: unknown) => void;
}

/** Whose upload starts over, and what pausing does to it, in words. */
function what(plain: readonly JobView[]): string {
  const bytes = plain.reduce((n, j) => n + j.bytesSent, 0);
  const subject = plain.length === 1 ? `“${plain[0]!.title}” is a plain upload` : `${plain.length} of these are plain uploads`;
  const drops = bytes > 0 ? `Pausing drops the ${formatBytes(bytes)} sent so far` : 'Pausing stops it';
  return `${subject}: it cannot keep what it sent. ${drops} and sends the file again from zero when resumed.`;
}

/**
 * Pauses `rows` (the `scope` the core is told), first asking when one of them would restart from zero; answers the
 * question to show, or null when the pause went ahead.
 */
export function pauseOrAsk(rows: readonly JobView[], scope: Rows, pause: (rows: Rows) => void): PauseAsk | null {
  const plain = losesBytesOnPause(rows);
  if (plain.length > 0) return { scope, plain };
  if (!('ids' in scope) || scope.ids.length > 0) pause(scope);
  return null;
}

export function PauseDialog({ ask, controls, onClose, onError }: Props) {
  const setResumable = useCallMutation('videos.setResumable');
  return (
    <InfoDialog
      open={ask !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Pause and start over?"
      description={ask ? what(ask.plain) : null}
      testId="pause-dialog"
      closeLabel="Keep uploading"
      actions={
        <>
          <button
            type="button"
            onClick={() => {
              if (!ask) return;
              onClose();
              // The plain rows switch to resumable, then every row asked for pauses.
              setResumable.mutateAsync({ ids: ask.plain.map((j) => j.id), resumable: true }).then(() => controls.pause(ask.scope), onError);
            }}
          >
            Make resumable, then pause
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              if (!ask) return;
              onClose();
              controls.pause(ask.scope);
            }}
          >
            Pause anyway
          </button>
        </>
      }
    >
      <p className="muted small">
        “Make resumable, then pause” restarts it now in parts the platform keeps and pauses it at once: what was sent is lost either way, but from then on a pause or a cut continues where it stopped.
      </p>
    </InfoDialog>
  );
}
