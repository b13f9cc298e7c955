/**
 * One fetch row's work, from the request to Ready or Failed: ask the platform (waiting out a full fetch queue and a
 * lost network by itself), find the new video (by the id in the answer, else by the marker in its title), then follow it with polls
 * that back off while nothing moves. Every step is persisted by the host before the next one starts.
 */
import { isFetchEnded } from '../../../../shared/contract/videos-fetch.js';
import { headerSecrets, redactError, redactText, redactUrl } from '../../../../shared/common/redact.js';
import { toAppError } from '../../errors.js';
import { backoff, parseRetryAfter } from '../../platform/policy.js';
import type { PlatformClient } from '../../platform/types.js';
import { fetchMarkerId, findFetchedVideo, readFetchedVideo, requestFetch } from './fetch-api.js';
import type { FetchRecord } from './fetch-store.js';
import { markedTitle } from '../upload/marker.js';
import { isEncoding, isStatusNote, statusWords, videoPhase } from '../../../../shared/videos/status.js';
import { updateVideoTitle, VideoCallFailure } from '../upload/video-api.js';

/** Polls of a fetched video start this far apart and back off to the cap while nothing moves. */
const POLL_FIRST_MS = 2_000;
const POLL_MAX_MS = 30_000;
/** A full fetch queue (429) without Retry-After is asked again after 5 s, doubling to 5 min, ±25 %. */
const QUEUE_BACKOFF = { baseMs: 5_000, capMs: 5 * 60_000, jitter: [0.75, 1.25] } as const;
/** An unreachable or pacing platform is asked again after 2 s, doubling to 1 min, ±25 %. */
const NETWORK_BACKOFF = { baseMs: 2_000, capMs: 60_000, jitter: [0.75, 1.25] } as const;
/** The longest Retry-After honoured as given; a longer one is waited in steps of this. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;
/** Looks for a video made without an id in the answer; past this many the row fails. */
const FIND_TRIES = 30;

/** The note of a row whose request the platform's full fetch queue turned away. */
export const WAITING_NOTE = "Waiting for the platform's fetch queue";

/** What the loop needs from the queue. */
export interface FetchHost {
  row(id: string): FetchRecord | undefined;
  /** Applies and persists a change; resolves once it is on disk. */
  patch(id: string, patch: Partial<FetchRecord>): Promise<void>;
  /** The row's header values (name → value), empty when it has none. */
  headers(id: string): Readonly<Record<string, string>>;
  /** The request was taken: the values are no longer kept on disk. */
  accepted(id: string): void;
  clientFor(profileId: string): Promise<PlatformClient>;
  wait(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  random(): number;
  log(line: string): void;
}

/** A call's failure, as the loop decides on it. */
function failureOf(e: unknown): { readonly status?: number; readonly retryAfter?: string } {
  return e instanceof VideoCallFailure ? { ...(e.failure.status !== undefined ? { status: e.failure.status } : {}), ...(e.failure.retryAfter !== undefined ? { retryAfter: e.failure.retryAfter } : {}) } : {};
}

/** The row's error for a failure, with every header value scrubbed out of it. */
function rowError(e: unknown, secrets: readonly string[]): { title: string; detail?: string } {
  const a = redactError(toAppError(e), secrets);
  return { title: a.title, ...(a.detail !== undefined ? { detail: a.detail } : {}) };
}

function secondsText(ms: number): string {
  return ms >= 90_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(1, Math.round(ms / 1000))} s`;
}

/** Runs the row until it is ready, failed, or the signal ends the turn (pause, cancel, shutdown). */
export async function runFetch(host: FetchHost, id: string, signal: AbortSignal): Promise<void> {
  let queueTries = 0;
  let networkTries = 0;
  const random = () => host.random();
  let pollDelay = POLL_FIRST_MS;
  let finds = 0;
  // Each header value whole and each of its credential parts: a server may echo only the token.
  const secrets = () => headerSecrets(Object.values(host.headers(id)));
  const end = async (patch: Partial<FetchRecord>) => host.patch(id, { ...patch, requestPending: false, endedAt: host.now() });

  while (!signal.aborted) {
    const row = host.row(id);
    if (!row || isFetchEnded(row.state)) return;
    const client = await host.clientFor(row.profileId);
    try {
      if (!row.accepted && !row.requestPending) {
        // Persisted first: if the answer is lost (crash, cut connection) the video may exist, and is looked for by its marker.
        const requestedAt = host.now();
        await host.patch(id, { requestPending: true, requestedAt, titleSynced: false });
        host.log(`fetch ${id}: asking the platform to fetch ${redactUrl(row.url)} into library ${row.libraryId}${row.headerNames.length > 0 ? ` (headers: ${row.headerNames.join(', ')})` : ''}`);
        // Asked under a marked title, so its video is found by that whatever the answer says; renamed once known.
        const title = markedTitle(row.title, fetchMarkerId({ ...row, requestedAt }));
        const answer = await requestFetch(client, row.libraryId, { url: row.url, title, collectionId: row.collectionId, headers: host.headers(id) }, signal);
        host.accepted(id);
        await host.patch(id, { accepted: true, requestPending: false, videoId: answer.videoId, state: 'fetching', note: answer.videoId === null ? 'Looking for the new video in the library' : null, error: null });
        host.log(`fetch ${id}: taken by the platform${answer.videoId !== null ? `, video ${answer.videoId}` : '; the answer named no video, looking for it by its marker'}`);
        queueTries = 0;
      } else if (row.videoId === null) {
        // Taken without an id, or an answer that never came: the new video is the one carrying the request's marker.
        const found = await findFetchedVideo(client, row.libraryId, fetchMarkerId(row), signal);
        if (found !== null) {
          await host.patch(id, { videoId: found, accepted: true, requestPending: false, state: row.state === 'waiting' || row.state === 'queued' ? 'fetching' : row.state, note: null });
          host.accepted(id);
          host.log(`fetch ${id}: found video ${found} by its marker`);
          continue;
        }
        if (!row.accepted) {
          // The request whose answer was lost made nothing: ask again.
          await host.patch(id, { requestPending: false });
          continue;
        }
        if (++finds >= FIND_TRIES) {
          await end({ state: 'failed', error: { title: 'The new video was not found', detail: `The platform took the fetch but no video titled “${row.title}” appeared in the library.` }, note: null });
          return;
        }
        await host.wait(pollDelay, signal);
        pollDelay = Math.min(pollDelay * 2, POLL_MAX_MS);
      } else if (!row.titleSynced) {
        // The video is known: its marker has done its work and the clean title goes back.
        await updateVideoTitle(client, row.libraryId, row.videoId, row.title, signal);
        await host.patch(id, { titleSynced: true });
      } else {
        const video = await readFetchedVideo(client, row.libraryId, row.videoId, signal);
        if (signal.aborted) return;
        networkTries = 0;
        const phase = videoPhase(video.status);
        if (phase === 'ready') {
          await end({ state: 'ready', encodeProgress: 100, note: null, error: null });
          host.log(`fetch ${id}: video ${row.videoId} is ready`);
          return;
        }
        if (phase === 'failed') {
          const detail = video.failure !== null ? redactText(video.failure, secrets()) : undefined;
          await end({ state: 'failed', error: { title: 'The platform could not fetch or encode the video', ...(detail !== undefined ? { detail } : {}) }, note: null });
          host.log(`fetch ${id}: video ${row.videoId} failed`);
          return;
        }
        // Created or uploaded: the platform is still getting the file; any other working status is its encoding
        // (a just-in-time library's segmenting, a number added later), with its words when not plain encoding.
        const processing = isEncoding(video.status);
        const progress = processing ? video.encodeProgress : null;
        const note = processing && isStatusNote(statusWords(video.status)) ? statusWords(video.status) : null;
        const moved = row.state !== (processing ? 'processing' : 'fetching') || (progress ?? -1) > (row.encodeProgress ?? -1) || note !== row.note;
        if (moved) await host.patch(id, { state: processing ? 'processing' : 'fetching', encodeProgress: progress, note });
        // Progress resets the pace; a stalled fetch or encode is asked less and less often.
        pollDelay = moved ? POLL_FIRST_MS : Math.min(pollDelay * 2, POLL_MAX_MS);
        await host.wait(pollDelay, signal);
      }
    } catch (e) {
      if (signal.aborted) return;
      const { status, retryAfter } = failureOf(e);
      const current = host.row(id);
      if (!current) return;
      if (status === 429) {
        // Turned away before anything was made (a full fetch queue: the next turn asks again), or too many calls
        // while following a fetch the platform took (its rate, not an outage): wait as it says.
        const asked = parseRetryAfter(retryAfter, host.now());
        const queued = !current.accepted;
        const delay = asked !== undefined ? Math.min(Math.max(asked, 1000), RETRY_AFTER_MAX_MS) : queued ? backoff(queueTries++, QUEUE_BACKOFF, random) : backoff(networkTries++, NETWORK_BACKOFF, random);
        if (queued) await host.patch(id, { state: 'waiting', requestPending: false, note: `${WAITING_NOTE}; trying again in ${secondsText(delay)}` });
        else await host.patch(id, { note: `The platform asked to slow down; asking again in ${secondsText(delay)}` });
        host.log(`fetch ${id}: ${queued ? "the platform's fetch queue is full (429); trying" : 'HTTP 429 while following; asking'} again in ${delay} ms`);
        await host.wait(delay, signal);
        continue;
      }
      if (status === 404 && current.videoId !== null) {
        await end({ state: 'failed', error: { title: 'The video is gone', detail: 'It was deleted on the platform while Burrow followed it.' }, note: null });
        return;
      }
      if (status !== undefined && status < 500 && status !== 408 && status !== 429) {
        // Refused (bad URL, origin unreachable for the platform, key not accepted): asking again cannot help.
        await end({ state: 'failed', error: rowError(e, secrets()), note: null });
        host.log(`fetch ${id}: refused with HTTP ${status}`);
        return;
      }
      // No answer, or the platform's own trouble: a request may or may not have been taken (requestPending stays set).
      const delay = backoff(networkTries++, NETWORK_BACKOFF, random);
      await host.patch(id, { note: `The platform could not be reached (${rowError(e, secrets()).title}); trying again in ${secondsText(delay)}` });
      host.log(`fetch ${id}: ${status !== undefined ? `HTTP ${status}` : 'no answer'}; trying again in ${delay} ms`);
      await host.wait(delay, signal);
    }
  }
}
