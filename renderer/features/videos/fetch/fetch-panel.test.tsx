// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchView } from '../../../../shared/contract/videos-fetch';
import { BridgeProvider, createQueryClient } from '../../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../../testing/fake-bridge';
import { useTarget } from '../target-store';
import { useFetchRows } from './fetch-store';
import { FetchPanel } from './FetchPanel';

const SECRET = 'Bearer panel-s3cret-42';

function aRow(over: Partial<FetchView>): FetchView {
  return {
    id: 'f1',
    profileId: 'p1',
    libraryId: 1,
    collectionId: null,
    url: 'https://media.example.com/talk.mp4',
    title: 'talk.mp4',
    headerNames: [],
    state: 'queued',
    encodeProgress: null,
    videoId: null,
    error: null,
    note: null,
    needsHeaders: false,
    addedAt: 1,
    endedAt: null,
    ...over,
  };
}

let bridge: FakeBridge;
beforeEach(() => {
  useFetchRows.setState({ rows: [], loadError: null });
  useTarget.setState({ libraryId: 1, collectionByLibrary: { 1: 'g1' } });
  bridge = installFakeBridge();
  bridge.answer('videos.fetches', { fetches: [] });
  bridge.answer('videos.collections', { collections: [{ guid: 'g1', name: 'Talks', videoCount: 0 }] });
  bridge.answer('videos.fetch', (input) => aRow({ url: input.url, title: input.title ?? 'x', headerNames: input.headers.map((h) => h.name) }));
  bridge.answer('videos.fetchRetry', { changed: 1 });
  bridge.answer('videos.fetchCancel', { changed: 1 });
  bridge.answer('videos.fetchClear', { removed: 1 });
});
afterEach(cleanup);

function renderPanel() {
  return render(
    <BridgeProvider client={createQueryClient()}>
      <FetchPanel />
    </BridgeProvider>,
  );
}

async function openForm() {
  renderPanel();
  fireEvent.click(await screen.findByRole('button', { name: /Fetch from a URL…/ }));
  return screen.getByRole('form', { name: 'Fetch from a URL' });
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('the fetch form', () => {
  it('refuses a URL that is not http(s) at the url field, without calling the core', async () => {
    await openForm();
    fireEvent.change(input('URL of the video file'), { target: { value: 'ftp://files.example.com/a.mp4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    expect(await screen.findByText('url must be an http:// or https:// address')).toBeTruthy();
    expect(input('URL of the video file').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.count('videos.fetch')).toBe(0);
    // Fixed, the error goes at once.
    fireEvent.change(input('URL of the video file'), { target: { value: 'https://files.example.com/a.mp4' } });
    expect(screen.queryByText('url must be an http:// or https:// address')).toBeNull();
  });

  it('masks header values until revealed, says which authentication works beside them, and sends them once', async () => {
    const form = await openForm();
    expect(within(form).getByRole('group', { name: 'Custom headers' }).getAttribute('aria-describedby')).toBe('fetch-headers-note');
    expect(screen.getByText(/Only authentication that fits a single request works/).textContent).toContain('Signed or expiring links will not work');
    fireEvent.change(input('URL of the video file'), { target: { value: 'https://media.example.com/talk.mp4' } });
    fireEvent.change(input('Title'), { target: { value: 'Keynote' } });
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    fireEvent.change(input('Header 1 name'), { target: { value: 'Authorization' } });
    fireEvent.change(input('Header 1 value'), { target: { value: SECRET } });
    expect(input('Header 1 value').type).toBe('password');
    const reveal = screen.getByRole('button', { name: 'Show the value of header 1' });
    fireEvent.click(reveal);
    expect(input('Header 1 value').type).toBe('text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(reveal);
    expect(input('Header 1 value').type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Fetch from a URL' })).toBeNull());
    expect(bridge.inputs('videos.fetch')).toEqual([
      { libraryId: 1, collectionId: 'g1', url: 'https://media.example.com/talk.mp4', title: 'Keynote', headers: [{ name: 'Authorization', value: SECRET }] },
    ]);
    // Gone from the page once sent.
    expect(document.body.innerHTML).not.toContain('panel-s3cret');
  });

  it('checks header names and values as HTTP fields, and shows the core’s field errors where they belong', async () => {
    await openForm();
    fireEvent.change(input('URL of the video file'), { target: { value: 'https://media.example.com/a.mp4' } });
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    fireEvent.change(input('Header 1 name'), { target: { value: 'Bad Name:' } });
    fireEvent.change(input('Header 1 value'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    expect((await screen.findByText(/^Name must be an HTTP header name/)).textContent).toBeTruthy();
    expect(bridge.count('videos.fetch')).toBe(0);

    bridge.answer('videos.fetch', { error: { kind: 'validation', title: 'Invalid input for videos.fetch', fieldErrors: { 'headers[0].value': 'must be an HTTP header value' } } });
    fireEvent.change(input('Header 1 name'), { target: { value: 'X-Key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    await waitFor(() => expect(input('Header 1 value').getAttribute('aria-invalid')).toBe('true'));
  });

  it('"Add header" puts the keyboard in the new row\'s name, and marks its fields invalid only once typed in and left, or sent', async () => {
    await openForm();
    // A failed send first: the form has shown errors, and a row added after it still starts clean.
    fireEvent.change(input('URL of the video file'), { target: { value: 'ftp://a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    expect(await screen.findByText('url must be an http:// or https:// address')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    await waitFor(() => expect(document.activeElement).toBe(input('Header 1 name')));
    fireEvent.change(input('Header 1 name'), { target: { value: 'Bad Name:' } });
    expect(input('Header 1 name').getAttribute('aria-invalid')).toBeNull();
    expect(input('Header 1 value').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/^Value /)).toBeNull();
    // Left: its own error shows, the value not yet typed in or left stays clean.
    fireEvent.blur(input('Header 1 name'));
    expect(input('Header 1 name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Name must be an HTTP header name/)).toBeTruthy();
    expect(input('Header 1 value').getAttribute('aria-invalid')).toBeNull();
    // A second row takes the keyboard too; left empty for a third, it stays clean (nothing moves under the pointer).
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    await waitFor(() => expect(document.activeElement).toBe(input('Header 2 name')));
    fireEvent.blur(input('Header 2 name'));
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    await waitFor(() => expect(document.activeElement).toBe(input('Header 3 name')));
    expect(input('Header 2 name').getAttribute('aria-invalid')).toBeNull();
    // Sending marks every field that is wrong.
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    await waitFor(() => expect(input('Header 2 name').getAttribute('aria-invalid')).toBe('true'));
    expect(input('Header 1 value').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.count('videos.fetch')).toBe(0);
  });

  it('marks the header fields so a password manager takes them for neither a username nor a password', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    expect(input('Header 1 name').getAttribute('autocomplete')).toBe('off');
    expect(input('Header 1 value').getAttribute('autocomplete')).toBe('one-time-code');
    for (const field of [input('Header 1 name'), input('Header 1 value')]) expect(field.dataset.formType).toBe('other');
  });

  it('has no axe violations with the form open, a header row and rows in every state', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: /Add header/ }));
    act(() =>
      bridge.emit('videos.fetchRows', {
        fetches: [
          aRow({ id: 'a', state: 'waiting', note: "Waiting for the platform's fetch queue; trying again in 7 s", addedAt: 5 }),
          aRow({ id: 'b', state: 'processing', encodeProgress: 40, videoId: 'v-b', addedAt: 4 }),
          aRow({ id: 'c', state: 'failed', error: { title: 'The platform could not fetch or encode the video', detail: 'The source answered HTTP 403' }, addedAt: 3 }),
          aRow({ id: 'd', state: 'ready', videoId: 'v-d', addedAt: 2 }),
        ],
        removed: [],
      }),
    );
    await screen.findAllByTestId('fetch-row');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('the fetch rows', () => {
  it('show each state in words, the reason of a failure, and follow events', async () => {
    bridge.answer('videos.fetches', {
      fetches: [
        aRow({ id: 'a', title: 'A', state: 'waiting', note: "Waiting for the platform's fetch queue; trying again in 7 s", addedAt: 5 }),
        aRow({ id: 'b', title: 'B', state: 'processing', encodeProgress: 40, addedAt: 4 }),
        aRow({ id: 'c', title: 'C', state: 'failed', error: { title: 'The platform could not fetch or encode the video', detail: 'The source answered HTTP 403' }, addedAt: 3 }),
      ],
    });
    renderPanel();
    const words = async () => (await screen.findAllByTestId('fetch-state')).map((e) => e.textContent);
    await waitFor(async () => expect(await words()).toEqual(["Waiting for the platform's fetch queue", 'Processing 40 %', 'Failed: The platform could not fetch or encode the video']));
    expect(screen.getByText('The source answered HTTP 403')).toBeTruthy();
    act(() => bridge.emit('videos.fetchRows', { fetches: [aRow({ id: 'b', title: 'B', state: 'ready', videoId: 'v-b', addedAt: 4 })], removed: ['a'] }));
    await waitFor(async () => expect(await words()).toEqual(['Ready', 'Failed: The platform could not fetch or encode the video']));

    fireEvent.click(screen.getByRole('button', { name: 'Retry fetching C' }));
    await waitFor(() => expect(bridge.inputs('videos.fetchRetry')).toEqual([{ id: 'c' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished fetches' }));
    await waitFor(() => expect(bridge.count('videos.fetchClear')).toBe(1));
  });

  it('a row whose header values were not kept opens the form with its address and header names, values empty', async () => {
    bridge.answer('videos.fetches', { fetches: [aRow({ id: 'n', title: 'Locked', state: 'failed', headerNames: ['Authorization'], needsHeaders: true, error: { title: 'The header values were not kept' } })] });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the header values again for Locked' }));
    expect(input('URL of the video file').value).toBe('https://media.example.com/talk.mp4');
    expect(input('Header 1 name').value).toBe('Authorization');
    expect(input('Header 1 value').value).toBe('');
    expect(bridge.count('videos.fetchRetry')).toBe(0);
  });
});
