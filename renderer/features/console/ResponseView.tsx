/** The answer: status, time and size; the body (a tree, text or hex) and the headers in tabs; verbose details; copy and save. */
import JsonView from '@uiw/react-json-view';
import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import { DISPLAY_CAP_BYTES } from '../../../shared/console/command-types';
import type { ConsoleResponse } from '../../../shared/console/model';
import { escapeForDisplay, formatBytes } from '../../../shared/common/display';
import { errorOf } from '../../bridge/client';
import { useCallMutation } from '../../bridge/queries';
import { notify } from '../../ui/toast';
import { countOf } from '../../../shared/common/plural';

/** The tree's "n items" beside an object or array, in proper English ("1 item"). */
function CountInfo({ count }: { readonly count: number }) {
  return <span className="json-count">{countOf(count, 'item')}</span>;
}

/** A parsed JSON value with control and bidi characters escaped in every key and string, for the tree. */
function escapeJson(value: unknown): unknown {
  if (typeof value === 'string') return escapeForDisplay(value);
  if (Array.isArray(value)) return value.map(escapeJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeForDisplay(k), escapeJson(v)]));
  return value;
}

function statusClass(status: number): string {
  return `status-chip status-${Math.floor(status / 100)}xx`;
}

function Headers({ title, headers }: { readonly title?: string; readonly headers: Record<string, string> }) {
  return (
    <>
      {title && <h3>{title}</h3>}
      <table className="headers mono" aria-label={title}>
        <tbody>
          {Object.entries(headers).map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{escapeForDisplay(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

// Long bodies scroll inside their box: each box takes focus (tabIndex 0) so the keyboard can scroll it too.
function Body({ response, raw }: { readonly response: ConsoleResponse; readonly raw: boolean }) {
  const { body } = response;
  const tree = useMemo(() => {
    if (body.kind !== 'json' || raw) return null;
    const value = JSON.parse(body.text) as unknown;
    return value !== null && typeof value === 'object' ? (escapeJson(value) as object) : null;
  }, [body, raw]);
  switch (body.kind) {
    case 'empty':
      return <p className="muted">No body.</p>;
    case 'json':
      return (
        <>
          {body.masked > 0 && <p className="muted small">{body.masked} secret value{body.masked === 1 ? '' : 's'} masked.</p>}
          {tree ? (
            <div data-testid="json-tree" className="json-tree">
              <JsonView value={tree} collapsed={body.text.length > 200_000 ? 1 : 3} displayDataTypes={false} enableClipboard={false} shortenTextAfterLength={200} components={{ countInfo: CountInfo }} />
            </div>
          ) : (
            <pre className="body-text" tabIndex={0} data-testid="body-text">
              {escapeForDisplay(body.text)}
            </pre>
          )}
        </>
      );
    case 'text':
      return (
        <>
          {body.parseError && <p className="field-error">{body.parseError}</p>}
          <pre className="body-text" tabIndex={0} data-testid="body-text">
            {escapeForDisplay(body.text)}
          </pre>
        </>
      );
    case 'binary':
      return (
        <>
          <p className="muted">
            {formatBytes(response.size)}, type {body.contentType}
          </p>
          <pre className="body-text" tabIndex={0} data-testid="body-hex">
            {body.hex}
          </pre>
        </>
      );
  }
}

interface Props {
  readonly response: ConsoleResponse;
}

export function ResponseView({ response }: Props) {
  const [raw, setRaw] = useState(false);
  const saveResponse = useCallMutation('console.saveResponse');
  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(`Copied ${what}`);
    } catch {
      notify.error('The clipboard is not available');
    }
  }
  async function save() {
    try {
      const r = await saveResponse.mutateAsync({ requestId: response.requestId });
      if (r.saved) notify.success(`Saved ${formatBytes(r.bytes)}`);
    } catch (e) {
      notify.error(errorOf(e).title);
    }
  }
  return (
    <section className="response" aria-label="Response" data-testid="response">
      <div className="row spread">
        <div className="row">
          <span className={statusClass(response.status)} data-testid="response-status">
            {response.status} {response.statusText}
          </span>
          <span className="muted tabular">{response.timingMs} ms</span>
          <span className="muted tabular">{formatBytes(response.size)}</span>
          {response.attempts.length > 1 && <span className="muted">{response.attempts.length} attempts</span>}
        </div>
        <div className="row">
          {response.body.kind === 'json' && (
            <label className="inline">
              <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> Raw
            </label>
          )}
          <button type="button" onClick={() => copy(response.copyAs.curl, 'as curl')}>
            Copy as curl
          </button>
          <button type="button" onClick={() => copy(response.copyAs.burrowApi, 'as burrow api')}>
            Copy as burrow api
          </button>
          <button type="button" onClick={save} disabled={response.size === 0}>
            Save to file…
          </button>
        </div>
      </div>
      {response.truncated && (
        <p className="warning-text" role="status">
          The body is {formatBytes(response.size)}: only the first {formatBytes(DISPLAY_CAP_BYTES)} are shown. Save to file keeps all of it.
        </p>
      )}
      {response.verbose && (
        <details open className="verbose" data-testid="verbose">
          <summary>Request and response details</summary>
          <p className="mono">
            {response.method} {response.url}
          </p>
          <Headers title="Request headers" headers={response.requestHeaders} />
          {response.requestBody && (
            <>
              <h3>Request body</h3>
              <pre className="body-text" tabIndex={0}>{escapeForDisplay(response.requestBody)}</pre>
            </>
          )}
          <h3>Attempts</h3>
          <ol className="attempts">
            {response.attempts.map((a) => (
              <li key={a.attempt}>
                {a.status ?? a.error} {a.retry ? `— retrying in ${a.delayMs} ms (${a.reason})` : `— ${a.reason}`}
              </li>
            ))}
          </ol>
          {response.rawBody !== undefined && (
            <>
              <h3>Raw body</h3>
              <pre className="body-text" tabIndex={0} data-testid="raw-body">
                {escapeForDisplay(response.rawBody)}
              </pre>
            </>
          )}
        </details>
      )}
      {/* The headers have their own tab: seeing them needs no --verbose. */}
      <Tabs.Root className="response-tabs" defaultValue="body">
        <Tabs.List className="response-tab-list" aria-label="Response part">
          <Tabs.Trigger value="body">Body</Tabs.Trigger>
          <Tabs.Trigger value="headers">Headers ({Object.keys(response.responseHeaders).length})</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="body" className="response-part">
          <Body response={response} raw={raw} />
        </Tabs.Content>
        <Tabs.Content value="headers" className="response-part" data-testid="response-headers">
          {Object.keys(response.responseHeaders).length === 0 ? <p className="muted">No headers.</p> : <Headers title="Response headers" headers={response.responseHeaders} />}
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
