/** The raw request console: a command line, a JSON body, and the platform's answer. */
import { useRef } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { call, errorOf } from '../../bridge/client';
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
  const current = useRef<string | null>(null);
  // Kept in the store, so it is still there after a visit to another area.
  const sent = useConsoleDraft((s) => s.response);
  const setSent = useConsoleDraft((s) => s.setResponse);

  // Sending refreshes the history (the bridge's rule for console.send).
  const send = useCallMutation('console.send', {
    onSuccess: (response) => setSent(response),
    onSettled: () => {
      current.current = null;
    },
  });
  function sendLine() {
    const requestId = crypto.randomUUID();
    current.current = requestId;
    send.mutate({ requestId, line, body, verbose });
  }

  const fieldErrors = send.error ? errorOf(send.error).fieldErrors : undefined;
  const lineError = fieldErrors?.line;
  const bodyError = fieldErrors?.body;
  const otherError = send.error && !lineError && !bodyError ? send.error : null;

  return (
    <div className="console" data-testid="console">
      <Group orientation="horizontal" className="console-split">
        <Panel defaultSize="70%" minSize="40%">
          <Group orientation="vertical">
            <Panel defaultSize="40%" minSize="20%" className="console-request">
              <CommandLine
                pending={send.isPending}
                error={lineError}
                onSend={sendLine}
                onCancel={() => current.current && void call('console.cancel', { requestId: current.current })}
              />
              <label className="inline">
                <input type="checkbox" checked={verbose} onChange={(e) => setVerbose(e.target.checked)} /> Verbose (URL, headers with keys masked, attempts)
              </label>
              <BodyEditor error={bodyError} />
            </Panel>
            <Separator className="separator-h" />
            <Panel minSize="20%" className="console-response">
              {send.isPending && <p className="muted" role="status">Sending…</p>}
              <ErrorMessage error={otherError} />
              {sent && !send.isPending && <ResponseView response={sent} />}
              {!sent && !send.isPending && !otherError && (
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
