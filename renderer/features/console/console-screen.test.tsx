// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleResponse } from '../../../shared/console/model';
import { observeActiveProfile, useActiveProfile } from '../../bridge/active-profile';
import { BridgeProvider, createQueryClient } from '../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { bodyLint } from './BodyEditor';
import { CommandLine } from './CommandLine';
import { useConsoleDraft } from './console-store';
import { ConsoleScreen } from './ConsoleScreen';
import { ResponseView } from './ResponseView';

function aResponse(over: Partial<ConsoleResponse> = {}): ConsoleResponse {
  return {
    requestId: 'r1',
    method: 'GET',
    url: 'http://127.0.0.1/pullzone',
    status: 200,
    statusText: 'OK',
    timingMs: 12,
    size: 20,
    truncated: false,
    contentType: 'application/json',
    requestHeaders: {},
    responseHeaders: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
    body: { kind: 'json', text: '{"Zones":[{"Name":"only-zone"}]}', masked: 0 },
    attempts: [{ attempt: 1, status: 200, retry: false, delayMs: 0, reason: 'done' }],
    verbose: false,
    copyAs: { curl: 'curl …', burrowApi: 'burrow api GET /pullzone' },
    ...over,
  };
}

let bridge: FakeBridge;
beforeEach(() => {
  bridge = installFakeBridge();
  bridge.answer('console.history', { entries: ['api GET /storagezone'] });
  useConsoleDraft.setState({ line: 'api GET /pullzone', body: '', verbose: false, response: null });
});
afterEach(cleanup);

const withBridge = (ui: React.ReactNode) => <BridgeProvider client={createQueryClient()}>{ui}</BridgeProvider>;

describe('the last response', () => {
  it('is still shown after the console is left and opened again', async () => {
    bridge.answer('console.send', (input) => aResponse({ requestId: input.requestId }));
    const first = render(withBridge(<ConsoleScreen />));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Command' }), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('response-status').textContent).toBe('200 OK'));
    first.unmount();

    render(withBridge(<ConsoleScreen />));
    expect(screen.getByTestId('response-status').textContent).toBe('200 OK');
    expect(screen.getByTestId('json-tree').textContent).toContain('only-zone');
    expect(screen.queryByText('Send a request')).toBeNull();
  });

  it('is dropped when another profile becomes active: it was that profile’s answer', () => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
    useConsoleDraft.setState({ response: aResponse() });
    render(withBridge(<ConsoleScreen />));
    expect(screen.getByTestId('response-status').textContent).toBe('200 OK');
    act(() => void observeActiveProfile('p2', 'Production'));
    expect(screen.queryByTestId('response-status')).toBeNull();
    expect(screen.queryByText(/only-zone/)).toBeNull();
  });
});

describe('a request in flight during a profile switch', () => {
  /** Sends the line and holds its answer until the test releases it. */
  function sendHeld(): { release: (r: ConsoleResponse) => void; fail: (title: string) => void } {
    const held = { release: (_r: ConsoleResponse) => {}, fail: (_t: string) => {} };
    bridge.answer('console.send', () => new Promise((resolve, reject) => {
      held.release = resolve;
      held.fail = (title) => reject(new Error(title));
    }) as never);
    bridge.answer('console.cancel', { cancelled: true });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Command' }), { key: 'Enter' });
    return held;
  }

  beforeEach(() => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
  });

  it('is stopped, and its answer is not shown under the new profile when it arrives after the switch', async () => {
    const client = createQueryClient();
    const first = render(<BridgeProvider client={client}>{<ConsoleScreen />}</BridgeProvider>);
    const held = sendHeld();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sending…'));
    const requestId = bridge.inputs('console.send')[0]!.requestId;

    // The switch draws the console anew (as the shell does), then the old profile's answer arrives.
    act(() => void observeActiveProfile('p2', 'Production'));
    expect(bridge.inputs('console.cancel')).toEqual([{ requestId }]);
    first.unmount();
    render(<BridgeProvider client={client}>{<ConsoleScreen />}</BridgeProvider>);
    const historyReads = bridge.count('console.history');
    act(() => held.release(aResponse({ requestId })));
    // Settling the request rereads the history: by then the answer has been handled.
    await waitFor(() => expect(bridge.count('console.history')).toBeGreaterThan(historyReads));

    expect(screen.queryByTestId('response-status')).toBeNull();
    expect(screen.queryByText(/only-zone/)).toBeNull();
    expect(screen.getByText('Send a request')).toBeTruthy();
    expect(useConsoleDraft.getState().response).toBeNull();
  });

  it('does not show its error under the new profile, while the screen stays', async () => {
    render(withBridge(<ConsoleScreen />));
    const held = sendHeld();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sending…'));
    act(() => void observeActiveProfile('p2', 'Production'));
    expect(screen.queryByText('Sending…')).toBeNull();
    const historyReads = bridge.count('console.history');
    act(() => held.fail('Request cancelled'));
    await waitFor(() => expect(bridge.count('console.history')).toBeGreaterThan(historyReads));
    expect(screen.queryByText(/cancelled/i)).toBeNull();
    expect(screen.getByText('Send a request')).toBeTruthy();
  });

  it('still shows its answer when no switch came between', async () => {
    render(withBridge(<ConsoleScreen />));
    const held = sendHeld();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sending…'));
    act(() => held.release(aResponse({ requestId: bridge.inputs('console.send')[0]!.requestId })));
    await waitFor(() => expect(screen.getByTestId('response-status').textContent).toBe('200 OK'));
  });
});

describe('the body editor', () => {
  const lint = (doc: string) => {
    const parent = document.createElement('div');
    const view = new EditorView({ state: EditorState.create({ doc }), parent });
    try {
      return bodyLint(view);
    } finally {
      view.destroy();
    }
  };

  it('marks nothing on an empty body (no body is sent), and marks JSON that does not parse', () => {
    expect(lint('')).toEqual([]);
    expect(lint('  \n ')).toEqual([]);
    expect(lint('{"a": 1}')).toEqual([]);
    expect(lint('{"a": }')).toHaveLength(1);
  });
});

describe('the completion list', () => {
  function renderLine() {
    render(withBridge(<CommandLine pending={false} onSend={() => undefined} onCancel={() => undefined} />));
    return screen.getByRole('combobox', { name: 'Command' });
  }
  // The list the field controls (hidden while closed, so found by the field's aria-controls).
  const list = () => document.getElementById(screen.getByRole('combobox', { name: 'Command' }).getAttribute('aria-controls')!)!;

  it('opens with the matching commands while typing, drawn by the app (no browser datalist), and Enter takes the highlighted one', async () => {
    const input = renderLine();
    expect(list().hidden).toBe(true);
    fireEvent.change(input, { target: { value: 'zone' } });
    expect(list().hidden).toBe(false);
    expect(list().getAttribute('role')).toBe('listbox');
    expect(list().className).toBe('completion-list');
    expect(document.querySelector('datalist')).toBeNull();
    const options = within(list()).getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('api GET /pullzone');
    expect(options).toContain('api GET /dnszone');
    expect(options.every((o) => o!.toLowerCase().includes('zone'))).toBe(true);
    await waitFor(() => expect(within(list()).getAllByRole('option').map((o) => o.textContent)).toContain('api GET /storagezone'));

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const first = within(list()).getAllByRole('option')[0]!;
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useConsoleDraft.getState().line).toBe(first.textContent);
    expect(list().hidden).toBe(true);
  });

  it('closes on Escape and when the field loses focus', () => {
    const input = renderLine();
    fireEvent.change(input, { target: { value: 'api GET' } });
    expect(list().hidden).toBe(false);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(list().hidden).toBe(true);
    fireEvent.change(input, { target: { value: 'api GET /' } });
    expect(list().hidden).toBe(false);
    fireEvent.blur(input);
    expect(list().hidden).toBe(true);
  });

  it('closes when a response arrives', () => {
    const input = renderLine();
    fireEvent.change(input, { target: { value: 'api GET' } });
    expect(list().hidden).toBe(false);
    act(() => useConsoleDraft.getState().setResponse(aResponse()));
    expect(list().hidden).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the response view', () => {
  it('shows the response headers in their own tab without --verbose', async () => {
    render(withBridge(<ResponseView response={aResponse()} />));
    expect(screen.queryByTestId('verbose')).toBeNull();
    const tab = screen.getByRole('tab', { name: 'Headers (2)' });
    fireEvent.mouseDown(tab, { button: 0 });
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    const panel = screen.getByTestId('response-headers');
    expect(panel.textContent).toContain('x-request-id');
    expect(panel.textContent).toContain('req-42');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Body' }), { button: 0 });
    await waitFor(() => expect(screen.getByTestId('json-tree').textContent).toContain('only-zone'));
  });

  it('counts the members of an object or array in proper English: "1 item", "2 items"', () => {
    render(withBridge(<ResponseView response={aResponse({ body: { kind: 'json', text: '{"One":[1],"Two":{"a":1,"b":2}}', masked: 0 } })} />));
    const counts = [...screen.getByTestId('json-tree').querySelectorAll('.json-count')].map((c) => c.textContent);
    expect(counts).toContain('1 item');
    expect(counts).toContain('2 items');
    expect(screen.getByTestId('json-tree').textContent).not.toContain('1 items');
  });
});
