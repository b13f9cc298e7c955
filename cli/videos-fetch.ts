/**
 * `burrow videos fetch <url>`: the app's fetch rows, run from a shell for one URL. The platform is asked to fetch the
 * file (a full fetch queue is waited out), and the new video is followed to Ready or Failed with its progress: JSON
 * lines when standard output is not a terminal. The row lives in memory only: an interrupted run leaves the
 * platform fetching, and says which video to look at.
 */
import { fetchWords, isFetchEnded, type FetchView } from '../shared/contract/videos-fetch.js';
import { headerSecrets, redactText } from '../shared/common/redact.js';
import { processingWords } from '../shared/videos/status.js';
import { createErrorWriter, EXIT, SIGNAL_EXIT, type CliIo, type OutStream } from './io.js';
import { escapeForTerminal } from './output.js';
import type { ProcessHooks } from './sandbox.js';
import { FETCH_HELP, FETCH_USAGE, parseFetchArgs, wantsFetchHelp, type FetchCommand } from './videos-fetch-args.js';
import { openVideosCore } from './videos-setup.js';
import { exitAfterGrace, type VideosOptions } from './videos.js';

/** The note the core puts on a row while the platform cannot be reached. */
const UNREACHABLE = 'The platform could not be reached';

/** A row's state in words, as the app's row says it, with the row's note, the video's id or the failure's detail. */
export function fetchStateWords(v: FetchView): string {
  if (v.state === 'processing') return processingWords(v);
  if (v.state === 'ready') return `Ready: video ${v.videoId ?? ''}`;
  if (v.state === 'failed') return `${fetchWords(v).label}${v.error?.detail !== undefined ? ` (${v.error.detail})` : ''}`;
  return v.note ?? fetchWords(v).label;
}

/** Prints each change that says something new: a JSON object per line, or a line of words on a terminal. */
function reporter(out: OutStream, json: boolean, secrets: () => readonly string[]): (v: FetchView) => void {
  let last = '';
  return (v) => {
    const words = fetchStateWords(v);
    if (words === last) return;
    last = words;
    if (!json) {
      out.write(`${escapeForTerminal(redactText(words, secrets()))}\n`);
      return;
    }
    const line = {
      event: 'state',
      id: v.id,
      url: v.url,
      state: v.state,
      title: v.title,
      videoId: v.videoId,
      ...(v.encodeProgress !== null ? { encodeProgress: v.encodeProgress } : {}),
      ...(v.note !== null ? { note: v.note } : {}),
      ...(v.error !== null ? { error: v.error } : {}),
    };
    out.write(`${redactText(JSON.stringify(line), secrets())}\n`);
  };
}

/** Runs `burrow videos fetch …`; resolves to the exit status. */
export async function runVideosFetch(args: readonly string[], io: CliIo, hooks: ProcessHooks, options: VideosOptions = {}): Promise<number> {
  if (wantsFetchHelp(args)) {
    io.stdout.write(FETCH_HELP);
    return EXIT.ok;
  }
  const parsed = parseFetchArgs(args);
  if (!parsed.ok) {
    io.stderr.write(`burrow: ${parsed.message} (usage: burrow ${FETCH_USAGE.split(' [')[0] ?? ''} …; burrow videos fetch --help)\n`);
    return EXIT.usage;
  }
  return exitAfterGrace(await runFetchCommand(parsed.command, io, hooks), hooks, options);
}

async function runFetchCommand(cmd: FetchCommand, io: CliIo, hooks: ProcessHooks): Promise<number> {
  // Each header value whole and each of its credential parts: a server may echo only the token.
  const secrets: string[] = headerSecrets(cmd.headers.map((h) => h.value));
  if (cmd.libraryKey !== undefined) secrets.push(cmd.libraryKey);
  if (cmd.apiKey !== undefined) secrets.push(cmd.apiKey);
  const err = createErrorWriter(io, () => secrets);
  const core = await openVideosCore(cmd, io, secrets, err);
  if (typeof core === 'number') return core;
  const report = reporter(io.stdout, cmd.json || io.stdout.isTTY !== true, () => secrets);

  let ended: ((how: 'done' | 'offline' | 'SIGINT' | 'SIGTERM') => void) | undefined;
  const end = new Promise<'done' | 'offline' | 'SIGINT' | 'SIGTERM'>((r) => (ended = r));
  let latest: FetchView | undefined;
  let offlineTimer: NodeJS.Timeout | undefined;
  const see = (v: FetchView) => {
    latest = v;
    report(v);
    const unreachable = v.note?.startsWith(UNREACHABLE) === true;
    if (!unreachable && offlineTimer !== undefined) {
      clearTimeout(offlineTimer);
      offlineTimer = undefined;
    } else if (unreachable && offlineTimer === undefined && cmd.offlineTimeoutMs > 0) {
      offlineTimer = setTimeout(() => ended?.('offline'), cmd.offlineTimeoutMs);
    }
    if (isFetchEnded(v.state)) ended?.('done');
  };
  const onSignal = (signal: NodeJS.Signals) => ended?.(signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
  hooks.onSignal('SIGINT', onSignal);
  hooks.onSignal('SIGTERM', onSignal);
  // Rows that change before the call answers (its own first states) wait until its id is known.
  let id: string | undefined;
  const early: FetchView[] = [];
  const off = core.on('videos.fetchRows', (c) => c.fetches.forEach((v) => (id === undefined ? early.push(v) : v.id === id && see(v))));
  try {
    const added = await core.invoke('videos.fetch', { libraryId: cmd.libraryId, collectionId: cmd.collectionId, url: cmd.url, ...(cmd.title !== undefined ? { title: cmd.title } : {}), headers: [...cmd.headers] });
    id = added.id;
    for (const v of early) if (v.id === id) see(v);
    const how = await end;
    if (how === 'SIGINT' || how === 'SIGTERM') {
      err(latest?.videoId ? `burrow: interrupted; the platform keeps fetching into video ${latest.videoId}` : 'burrow: interrupted; the platform may still add the video');
      return SIGNAL_EXIT[how];
    }
    if (how === 'offline') {
      err(`burrow: the platform could not be reached for ${cmd.offlineTimeoutMs / 1000} s`);
      return EXIT.network;
    }
    if (latest?.state !== 'ready') {
      err(`burrow: ${latest ? fetchStateWords(latest) : 'the fetch did not finish'}`);
      return EXIT.http;
    }
    return EXIT.ok;
  } finally {
    if (offlineTimer !== undefined) clearTimeout(offlineTimer);
    hooks.offSignal('SIGINT', onSignal);
    hooks.offSignal('SIGTERM', onSignal);
    off();
    await core.close();
  }
}
