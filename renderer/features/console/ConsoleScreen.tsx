/** The raw request console: a command line, a JSON body, and the platform's answer. */
import { useState } from 'react';
import { useActiveProfile } from '../../bridge/active-profile';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { errorOf } from '../../bridge/client';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { BodyEditor } from './BodyEditor';
import { CommandLine } from './CommandLine';
import { useConsoleDraft } from './console-store';
import { HistoryPanel } from './HistoryPanel';
import { ResponseView } from './ResponseView';
import './console.css';

export function ConsoleScreen() {
  const line = useConsoleDraft((s) => s.line);
  const body = useConsoleDraft((s) => s.body);
  const verbose = useConsoleDraft((s) => s.verbose);
  const setVerbose = useConsoleDraft((s) => s.setVerbose);
  const inFlight = useConsoleDraft((s) => s.inFlight);
  const setInFlight = useConsoleDraft((s) => s.setInFlight);
  // The profile switch count when the last request was sent: its error or progress is never shown under another profile.
  const epoch = useActiveProfile((s) => s.epoch);
  const [sentEpoch, setSentEpoch] = useState(epoch);
  const sentHere = sentEpoch === epoch;
  // Kept in the store, so it is still there after a visit to another area.
  const sent = useConsoleDraft((s) => s.response);
  const setSent = useConsoleDraft((s) => s.setResponse);

  // Sending refreshes the history (the bridge's rule for console.send). These callbacks also run after the screen
  // is gone (a profile switch draws it anew): an answer is taken in only while its request is the one in flight,
  // which a profile switch clears, so the old profile's answer never appears beside the new profile's history.
  const cancel = useCallMutation('console.cancel');
  const send = useCallMutation('console.send', {
    onSuccess: (response, input) => {
      if (useConsoleDraft.getState().inFlight === input.requestId) setSent(response);
    },
    onSettled: (_response, _error, input) => {
      if (useConsoleDraft.getState().inFlight === input.requestId) setInFlight(null);
    },
  });
  function sendLine() {
    const requestId = crypto.randomUUID();
    setInFlight(requestId);
    setSentEpoch(useActiveProfile.getState().epoch);
    send.mutate({ requestId, line, body, verbose });
  }

  const error = sentHere ? send.error : null;
  const pending = sentHere && send.isPending;
  const fieldErrors = error ? errorOf(error).fieldErrors : undefined;
  const lineError = fieldErrors?.line;
  const bodyError = fieldErrors?.body;
  const otherError = error && !lineError && !bodyError ? error : null;

  return (
    <div className="console" data-testid="console">
      <Group orientation="horizontal" className="console-split">
        <Panel defaultSize="70%" minSize="40%">
          <Group orientation="vertical">
            <Panel defaultSize="40%" minSize="20%" className="console-request">
              <CommandLine
                pending={pending}
                error={lineError}
                onSend={sendLine}
                onCancel={() => inFlight && cancel.mutate({ requestId: inFlight })}
              />
              <label className="inline">
                <input type="checkbox" checked={verbose} onChange={(e) => setVerbose(e.target.checked)} /> Verbose (URL, headers with keys masked, attempts)
              </label>
              <BodyEditor error={bodyError} />
            </Panel>
            <Separator className="separator-h" />
            <Panel minSize="20%" className="console-response">
              {pending && <p className="muted" role="status">Sending…</p>}
              <ErrorMessage error={otherError} />
              {sent && !pending && <ResponseView response={sent} />}
              {!sent && !pending && !otherError && (
                <div className="empty-state">
                  <h2>Send a request</h2>
                  <p>
                    Type a command such as <code>api GET /pullzone</code> and press Enter. The active profile’s key is added for you; <code>--verbose</code> shows the
                    full exchange.
                  </p>
                </div>
              )}
            </Panel>
          </Group>
        </Panel>
        <Separator className="separator-v" />
        <Panel defaultSize="30%" minSize="15%">
          <HistoryPanel />
        </Panel>
      </Group>
    </div>
  );
}
