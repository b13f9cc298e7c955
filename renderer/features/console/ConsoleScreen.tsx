/** The raw request console: a command line, a JSON body, and the platform's answer. */
import { useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { formatApiCommand, parseApiLine, parseJsonBody, toCurl } from '../../../shared/api-command';
import type { ConsoleResponse } from '../../../shared/console';
import { call, errorOf } from '../../bridge/client';
import { useCall, useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { BodyEditor } from './BodyEditor';
import { CommandLine } from './CommandLine';
import { useConsoleDraft } from './console-store';
import { HistoryPanel } from './HistoryPanel';
import { ResponseView } from './ResponseView';

interface Sent {
  readonly response: ConsoleResponse;
  readonly curl: string;
  readonly asCommand: string;
}

/** curl and `burrow api` forms of what was sent; the key is never in them. */
function copies(line: string, body: string, apiUrl: string): { curl: string; asCommand: string } {
  const parsed = parseApiLine(line);
  if (!parsed.ok) return { curl: '', asCommand: line };
  let cmd = parsed.command;
  if (cmd.body === undefined && body.trim() !== '') {
    const b = parseJsonBody(body);
    if (b.ok) cmd = { ...cmd, body: b.value, bodyText: body };
  }
  return { curl: toCurl(cmd, apiUrl), asCommand: `burrow ${formatApiCommand(cmd)}` };
}

export function ConsoleScreen() {
  const line = useConsoleDraft((s) => s.line);
  const body = useConsoleDraft((s) => s.body);
  const verbose = useConsoleDraft((s) => s.verbose);
  const setVerbose = useConsoleDraft((s) => s.setVerbose);
  const profiles = useCall('profiles.list', {});
  const apiUrl = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId)?.endpoints.apiUrl ?? '';
  const current = useRef<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  // Sending refreshes the history (the bridge's rule for console.send).
  const send = useCallMutation('console.send', {
    onSuccess: (response, sentInput) => setSent({ response, ...copies(sentInput.line, sentInput.body ?? '', apiUrl) }),
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
              {sent && !send.isPending && <ResponseView response={sent.response} curl={sent.curl} asCommand={sent.asCommand} />}
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
