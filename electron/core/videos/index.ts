/**
 * The videos area's door: `createVideosArea` wires the app's persisted upload queue (opened at start, so uploads
 * left running continue by themselves), its notifications, events and handlers. The few names the bench and other
 * areas need are re-exported here; nothing outside imports past this file.
 */
import { join } from 'node:path';
import type { EventBus } from '../router.js';
import type { PlatformClient } from '../platform/types.js';
import type { Dialogs, Notifier, SecretCipher } from '../ports.js';
import type { AppError } from '../../../shared/contract/result.js';
import { AppFailure, toAppError } from '../errors.js';
import { videosHandlers, type VideosDeps, type VideosHandlers } from './handlers.js';
import { notifyQueue } from './queue/notify.js';
import { openFetchPart } from './fetch/fetch-handlers.js';
import { openUploadQueue } from './queue/queue.js';
import { quitQuestion, type QuitQuestion } from './queue/quit.js';
import { createJobRunner } from './upload/runner.js';
import { fileTusStore } from './tus/tus-store.js';
import type { TusAccess, UploadQueue } from './types.js';

/** What the area needs from the rest of the core. */
export interface VideosAreaDeps extends Omit<VideosDeps, 'queue' | 'dialogs'> {
  readonly dataDir: string;
  /** The upload queue's folder: its journal, lock, history and resumable uploads' URLs. */
  readonly uploadsDir: string;
  readonly dialogs: Dialogs;
  readonly notifier: Notifier;
  /** Seals fetch header values on disk; without it they are kept in memory only. */
  readonly cipher?: SecretCipher;
  readonly bus: Pick<EventBus, 'emit'>;
  /** The client of the profile a job was added under. */
  clientFor(profileId: string): Promise<PlatformClient>;
  /** The video URL and library keys of a profile, to sign resumable uploads with; undefined for a profile that is gone. */
  tusAccessFor?(profileId: string): Promise<TusAccess | undefined>;
}

/** The area's handlers, what to ask before quitting, and how to stop it. */
export interface VideosArea {
  readonly handlers: VideosHandlers;
  quitQuestion(): QuitQuestion | null;
  close(): Promise<void>;
}

/** Every call fails with the reason the queue could not be opened (e.g. another process owns it). */
function unavailable(error: AppError): UploadQueue {
  const fail = (): never => {
    throw new AppFailure(error);
  };
  return {
    add: async () => fail(),
    list: () => fail(),
    record: () => undefined,
    pause: async () => fail(),
    resume: async () => fail(),
    cancel: async () => fail(),
    retry: async () => fail(),
    moveToTop: async () => fail(),
    clearCompleted: async () => fail(),
    setTitle: async () => fail(),
    setConcurrency: async () => fail(),
    setBandwidthCap: async () => fail(),
    resumableOver: () => fail(),
    setResumableOver: async () => fail(),
    setResumable: async () => fail(),
    relocate: async () => fail(),
    onChange: () => () => {},
    idle: async () => {},
    close: async () => {},
  };
}

/** Opens the queue in `uploadsDir` and builds the area over it. */
export async function createVideosArea(deps: VideosAreaDeps): Promise<VideosArea> {
  let queue: UploadQueue;
  let stopNotes = () => {};
  let stopEvents = () => {};
  try {
    const dir = deps.uploadsDir;
    // Resumable uploads keep their URLs beside the queue's journal, so a restart continues them.
    const runner = createJobRunner({ tusStore: fileTusStore(join(dir, 'tus')) });
    const opened = await openUploadQueue({
      dir, runner, clientFor: deps.clientFor, ...(deps.tusAccessFor ? { tusAccessFor: deps.tusAccessFor } : {}),
      notice: (message) => deps.bus.emit('desktop.notice', { level: 'warning', message }),
    });
    if (opened.recovered) deps.bus.emit('desktop.notice', { level: 'warning', message: opened.recovered });
    queue = opened;
    stopEvents = queue.onChange((change) => deps.bus.emit('videos.jobs', { jobs: [...change.jobs], removed: [...change.removed], status: change.status }));
    stopNotes = notifyQueue(queue, deps.notifier);
  } catch (e) {
    const error = toAppError(e);
    deps.bus.emit('desktop.notice', { level: 'error', message: `${error.title}${error.detail ? `: ${error.detail}` : ''}` });
    queue = unavailable(error);
  }
  const fetchPart = await openFetchPart(deps);
  return {
    handlers: videosHandlers({ ...deps, queue, ...(fetchPart.fetches ? { fetches: fetchPart.fetches } : {}) }),
    quitQuestion: () => {
      try {
        return quitQuestion(queue.list().jobs);
      } catch {
        return null;
      }
    },
    async close() {
      stopNotes();
      stopEvents();
      await Promise.all([queue.close(), fetchPart.close()]);
    },
  };
}

export type { QuitQuestion } from './queue/quit.js';
// For the bench (and the command line's tests): the queue and the resumable upload, measured on their own.
export type { JobRunner } from './types.js';
export { JOURNAL_FILE } from './queue/journal.js';
export { openUploadQueue } from './queue/queue.js';
export { createTusSigner } from './tus/tus-sign.js';
/** The resumable uploader, loaded on demand: tus-js-client stays out of the core's start. */
export const loadTusUploader = () => import('./tus/tus-upload.js');
