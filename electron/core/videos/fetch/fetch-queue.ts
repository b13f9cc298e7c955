/**
 * The fetch rows of one owner (the app, or one command line run): each row asks the platform to fetch a URL and
 * follows the new video to Ready or Failed. Rows are persisted on every change, so a restart picks up where each
 * one was; header values never leave the core except in the fetch request itself.
 */
import { randomUUID } from 'node:crypto';
import { isFetchEnded, type FetchHeader, type FetchView } from '../../../../shared/contract/videos-fetch.js';
import { headerSecrets, redactText, redactUrl } from '../../../../shared/common/redact.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import type { PlatformClient } from '../../platform/types.js';
import type { SecretCipher } from '../../ports.js';
import { deleteVideo } from '../upload/video-api.js';
import { titleFromUrl } from './fetch-api.js';
import { runFetch, type FetchHost } from './fetch-run.js';
import { FetchStore, type FetchRecord } from './fetch-store.js';
import { sleep as realSleep } from '../../platform/policy.js';

/** How the fetch rows are kept and run. */
export interface FetchQueueOptions {
  /** The folder of the rows' file; null keeps nothing on disk. */
  readonly dir: string | null;
  /** Seals header values on disk; without one they are never written. */
  readonly cipher?: SecretCipher;
  clientFor(profileId: string): Promise<PlatformClient>;
  readonly now?: () => number;
  /** Waits between polls and retries; must return early when the signal is aborted. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  /** Where the rows' progress is logged; lines never carry a header value. */
  readonly log?: (line: string) => void;
}

/** A URL to fetch into a library. */
export interface NewFetch {
  readonly profileId: string;
  readonly libraryId: number;
  readonly collectionId: string | null;
  readonly url: string;
  /** Defaults to the file name in the URL. */
  readonly title?: string;
  readonly headers: readonly FetchHeader[];
}

/** Rows that changed (whole snapshots) and rows removed. */
export interface FetchChange {
  readonly fetches: readonly FetchView[];
  readonly removed: readonly string[];
}

/** The open fetch rows. */
export interface FetchQueue {
  /** Set when the file could not be read and was started afresh. */
  readonly recovered: string | undefined;
  add(fetch: NewFetch): Promise<FetchView>;
  /** Newest first. */
  list(): readonly FetchView[];
  record(id: string): FetchRecord | undefined;
  cancel(id: string): Promise<number>;
  retry(id: string, headers?: readonly FetchHeader[]): Promise<number>;
  clear(): Promise<number>;
  onChange(listener: (change: FetchChange) => void): () => void;
  /** Stops every row without changing what is persisted (they continue next open). */
  close(): Promise<void>;
}


const HEADERS_NOT_KEPT = {
  title: 'The header values were not kept',
  detail: 'No system keychain was available to keep them safely, so they were never written to disk. Retry and enter them again.',
};

/** Opens the rows in `options.dir` and starts every unfinished one. */
export async function openFetchQueue(options: FetchQueueOptions): Promise<FetchQueue> {
  const store = new FetchStore(options.dir, options.cipher);
  const opened = await store.open();
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const rows = new Map<string, FetchRecord>(opened.rows.map((r) => [r.id, r]));
  const values = new Map<string, Readonly<Record<string, string>>>(opened.headers);
  const runs = new Map<string, { readonly controller: AbortController; readonly done: Promise<void> }>();
  const listeners = new Set<(change: FetchChange) => void>();
  let closed = false;

  // Each header value whole and each of its credential parts: a server may echo only the token.
  const allSecrets = () => headerSecrets([...values.values()].flatMap((v) => Object.values(v)));
  const log = (line: string) => options.log?.(redactText(line, allSecrets()));
  const viewOf = (r: FetchRecord): FetchView => ({
    id: r.id,
    profileId: r.profileId,
    libraryId: r.libraryId,
    collectionId: r.collectionId,
    url: redactUrl(r.url),
    title: r.title,
    headerNames: [...r.headerNames],
    state: r.state,
    encodeProgress: r.encodeProgress,
    videoId: r.videoId,
    error: r.error,
    note: r.note,
    needsHeaders: r.headerNames.length > 0 && !values.has(r.id),
    addedAt: r.addedAt,
    endedAt: r.endedAt,
  });
  const emit = (change: FetchChange) => {
    for (const l of listeners) l(change);
  };
  const persist = () => store.save([...rows.values()]);
  const patch = async (id: string, p: Partial<FetchRecord>) => {
    const row = rows.get(id);
    if (!row) return;
    const next = { ...row, ...p };
    rows.set(id, next);
    await persist();
    emit({ fetches: [viewOf(next)], removed: [] });
  };

  const host: FetchHost = {
    row: (id) => rows.get(id),
    patch,
    headers: (id) => values.get(id) ?? {},
    accepted: (id) => store.forgetHeaders(id),
    clientFor: options.clientFor,
    wait: (ms, signal) => sleep(ms, signal).catch(() => undefined),
    now,
    random: options.random ?? Math.random,
    log,
  };

  const start = (id: string) => {
    if (closed || runs.has(id)) return;
    const controller = new AbortController();
    const done = runFetch(host, id, controller.signal)
      .catch(async (e: unknown) => {
        // A step that cannot go on (the disk refused a write, the profile is gone) ends the row with its reason.
        if (controller.signal.aborted) return;
        await patch(id, { state: 'failed', error: { title: e instanceof Error ? redactText(e.message, allSecrets()) : 'The fetch stopped' }, endedAt: now() }).catch(() => undefined);
      })
      .finally(() => runs.delete(id));
    runs.set(id, { controller, done });
  };
  const stop = async (id: string) => {
    const run = runs.get(id);
    if (!run) return;
    run.controller.abort();
    await run.done;
  };

  // Rows left unfinished continue; one that still needs its header values but lost them asks for them.
  for (const row of rows.values()) {
    if (isFetchEnded(row.state)) continue;
    if (!row.accepted && row.headerNames.length > 0 && !values.has(row.id)) {
      rows.set(row.id, { ...row, state: 'failed', requestPending: false, error: HEADERS_NOT_KEPT, note: null, endedAt: now() });
    }
  }
  await persist();
  for (const row of rows.values()) if (!isFetchEnded(row.state)) start(row.id);

  return {
    recovered: opened.recovered,
    async add(f) {
      const id = randomUUID();
      const headerValues = Object.fromEntries(f.headers.map((h) => [h.name, h.value]));
      values.set(id, headerValues);
      if (f.headers.length > 0) await store.keepHeaders(id, headerValues);
      const row: FetchRecord = {
        id,
        profileId: f.profileId,
        libraryId: f.libraryId,
        collectionId: f.collectionId,
        url: f.url,
        title: f.title ?? titleFromUrl(f.url),
        headerNames: f.headers.map((h) => h.name),
        state: 'queued',
        requestPending: false,
        accepted: false,
        requestedAt: null,
        videoId: null,
        titleSynced: true,
        encodeProgress: null,
        error: null,
        note: null,
        addedAt: now(),
        endedAt: null,
      };
      rows.set(id, row);
      await persist();
      log(`fetch ${id}: queued ${redactUrl(row.url)} for library ${row.libraryId}`);
      emit({ fetches: [viewOf(row)], removed: [] });
      start(id);
      return viewOf(row);
    },
    list: () => [...rows.values()].sort((a, b) => b.addedAt - a.addedAt).map(viewOf),
    record: (id) => rows.get(id),
    async cancel(id) {
      const row = rows.get(id);
      if (!row || isFetchEnded(row.state)) return 0;
      await stop(id);
      const current = rows.get(id) ?? row;
      let note = 'Cancelled before the platform took the fetch.';
      if (current.videoId !== null) {
        // A video that never finished is of no use: it goes, as a cancelled upload's does.
        note = await options
          .clientFor(current.profileId)
          .then((c) => deleteVideo(c, current.libraryId, current.videoId as string, AbortSignal.timeout(30_000)))
          .then(() => 'Cancelled; the unfinished video was deleted.')
          .catch(() => `Cancelled; the unfinished video ${current.videoId} could not be deleted.`);
      } else if (current.accepted || current.requestPending) {
        note = 'Cancelled; the platform may still add the video.';
      }
      await patch(id, { state: 'cancelled', requestPending: false, note, endedAt: now() });
      log(`fetch ${id}: cancelled`);
      return 1;
    },
    async retry(id, headers) {
      const row = rows.get(id);
      if (!row || (row.state !== 'failed' && row.state !== 'cancelled')) return 0;
      if (headers !== undefined) {
        const headerValues = Object.fromEntries(headers.map((h) => [h.name, h.value]));
        values.set(id, headerValues);
        await store.keepHeaders(id, headerValues);
      } else if (row.headerNames.length > 0 && !values.has(id)) {
        throw new AppFailure(appError('validation', HEADERS_NOT_KEPT.title, { detail: 'Enter the header values again to retry.', fieldErrors: { headers: 'enter the header values again' } }));
      } else if (values.has(id) && row.headerNames.length > 0) {
        await store.keepHeaders(id, values.get(id) ?? {});
      }
      await patch(id, {
        ...(headers !== undefined ? { headerNames: headers.map((h) => h.name) } : {}),
        state: 'queued',
        accepted: false,
        requestPending: false,
        requestedAt: null,
        videoId: null,
        encodeProgress: null,
        error: null,
        note: null,
        endedAt: null,
      });
      start(id);
      return 1;
    },
    async clear() {
      const gone = [...rows.values()].filter((r) => isFetchEnded(r.state)).map((r) => r.id);
      for (const id of gone) {
        rows.delete(id);
        values.delete(id);
        store.forgetHeaders(id);
      }
      if (gone.length > 0) {
        await persist();
        emit({ fetches: [], removed: gone });
      }
      return gone.length;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await Promise.all([...runs.keys()].map(stop));
      await store.settled();
    },
  };
}
