/** The Sandbox profile's "Reset sandbox": starts the embedded sandbox over, after saying what is lost. */
import { useEffect, useId, useRef, useState } from 'react';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';

/** `ask`: the palette's "Reset sandbox…" — the confirmation opens as if the button was pressed, and the ask is used up. */
export function SandboxReset({ ask = false, onAsked }: { readonly ask?: boolean; onAsked?(): void }) {
  const reset = useCallMutation('settings.resetSandbox');
  const [confirmingHere, setConfirmingHere] = useState(false);
  // An ask from the palette opens the confirmation until it is answered; answering uses the ask up.
  const confirming = confirmingHere || ask;
  const setConfirming = (open: boolean) => {
    setConfirmingHere(open);
    if (!open && ask) onAsked?.();
  };
  const opener = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  useEffect(() => {
    if (ask) opener.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ask]);

  function cancel() {
    setConfirming(false);
    // Back where the user was, so the keyboard never lands on the page's start.
    opener.current?.focus();
  }

  return (
    <section className="card" aria-labelledby={`${baseId}-title`} data-testid="sandbox-reset">
      <h2 id={`${baseId}-title`}>Sandbox data</h2>
      <p className="muted">The sandbox keeps what you make in it (apps, uploaded videos, collections, DNS zones) on this computer between starts.</p>
      <div className="row">
        <button
          ref={opener}
          type="button"
          className="danger"
          disabled={reset.isPending}
          onClick={() => {
            reset.reset();
            setConfirming(true);
          }}
        >
          Reset sandbox…
        </button>
        {reset.isPending && <span role="status">Resetting the sandbox…</span>}
        {reset.isSuccess && !confirming && <span role="status">The sandbox was reset: it has only its demo data again.</span>}
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-labelledby={`${baseId}-confirm`}
          className="confirm"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              cancel();
            }
          }}
        >
          <p id={`${baseId}-confirm`}>
            Reset the sandbox? Every app, uploaded video, collection and DNS zone made in it is deleted, and it starts again with only its demo data. Uploads in the
            queue that went to it will find their videos gone. This cannot be undone.
          </p>
          <div className="row">
            <button
              type="button"
              className="danger"
              autoFocus
              onClick={() => {
                setConfirming(false);
                reset.mutate({}, { onSettled: () => opener.current?.focus() });
              }}
            >
              Reset sandbox
            </button>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <ErrorMessage error={reset.error} />
    </section>
  );
}
