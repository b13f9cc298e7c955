/**
 * Videos: the upload queue (files added by drop, folder or dialog, streamed by the core) and the library's
 * collections. The renderer holds tokens and job ids; paths and bytes stay in the core.
 */
import { z } from 'zod';
import { LibraryId } from '../settings/profiles.js';
import { BANDWIDTH_CAP, CONCURRENCY, JobView, QueueStatus, Title } from '../videos/model.js';
import { videosDeliveryMethods } from './delivery.js';
import { empty, type AreaContract } from './define.js';
import { Tokens } from './files.js';
import { videosFetchEvents, videosFetchMethods } from './videos-fetch.js';
import { videosLibraryMethods } from './videos-library.js';
import { videosTusMethods } from './videos-tus.js';

const JobId = z.string().min(1).max(100);

/** Which jobs a control applies to: the listed ones, or every job it can apply to. */
const Selection = z.union([
  z.object({ ids: z.array(JobId).min(1, 'choose at least one row').max(100_000) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

const CollectionId = z.string().trim().min(1).max(100);

/** A collection of a library, as the picker lists it. */
export const Collection = z.object({ guid: z.string(), name: z.string(), videoCount: z.number().int() });
export type Collection = z.infer<typeof Collection>;

/** What adding did with each video file (dropped, chosen, or found in a dropped folder), and what was left out. */
export const AddResult = z.object({
  files: z.array(
    z.object({
      token: z.string(),
      name: z.string(),
      /**
       * `added`: a new row; `queued`: the row it already had (highlighted; taken up again with `takeUp`); `uploaded`:
       * this machine uploaded it to the library before, at `uploadedAt` (the user decides, then adds it with `again`);
       * `unreadable` or `empty`: nothing to upload.
       */
      outcome: z.enum(['added', 'queued', 'uploaded', 'unreadable', 'empty']),
      jobId: JobId.optional(),
      uploadedAt: z.number().optional(),
    }),
  ),
  /** Names of what is not a video file, of folders that could not be read, and of items no longer available. */
  skipped: z.array(z.string()),
});
export type AddResult = z.infer<typeof AddResult>;

const Target = { libraryId: LibraryId, collectionId: CollectionId.nullable() };

export const videosContract = {
  methods: {
    /** The active profile's video libraries, and whether each has its key here. */
    'videos.libraries': {
      input: empty,
      output: z.object({ libraries: z.array(z.object({ id: z.number(), name: z.string(), hasKey: z.boolean() })) }),
    },
    /** A library's collections, by name. */
    'videos.collections': {
      input: z.object({ libraryId: LibraryId }).strict(),
      output: z.object({ collections: z.array(Collection) }),
    },
    /** Creates a collection in a library. */
    'videos.createCollection': {
      input: z.object({ libraryId: LibraryId, name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters') }).strict(),
      output: Collection,
    },
    /**
     * Adds dropped files and folders (by token) to the queue; folders are walked in the core. `title` names the one
     * video (refused when the files hold more); `resumable` sends them by tus whatever their size; `takeUp`, a command
     * run again: each file's row goes on, on its video (paused, resumed; ended without the whole file, retried, `again`
     * or not; resumable when asked).
     */
    'videos.add': {
      input: z.object({ ...Target, tokens: Tokens.min(1), again: z.boolean().optional(), title: Title.optional(), resumable: z.boolean().optional(), takeUp: z.boolean().optional() }).strict(),
      output: AddResult,
    },
    /** Opens the native file dialog and adds what the user chose. */
    'videos.choose': {
      input: z.object(Target).strict(),
      output: AddResult,
    },
    /** The whole queue, in order. */
    'videos.list': {
      input: empty,
      output: z.object({ jobs: z.array(JobView), status: QueueStatus }),
    },
    'videos.pause': { input: Selection, output: z.object({ changed: z.number().int() }) },
    'videos.resume': { input: Selection, output: z.object({ changed: z.number().int() }) },
    /** Cancels jobs; a created video that never received a whole file is deleted, otherwise kept (the row says so). */
    'videos.cancel': { input: Selection, output: z.object({ changed: z.number().int() }) },
    /** Runs failed, cancelled, changed or missing jobs again, on the same video when there is one. */
    'videos.retry': { input: Selection, output: z.object({ changed: z.number().int() }) },
    'videos.moveToTop': { input: Selection, output: z.object({ changed: z.number().int() }) },
    /**
     * Removes ended rows (ready, failed, cancelled, changed, missing) from the list: all of them, or only those of
     * the listed rows (the rows a filtered queue shows); listed rows still open are left alone.
     */
    'videos.clearCompleted': {
      input: z.object({ ids: z.array(JobId).min(1, 'choose at least one row').max(100_000).optional() }).strict(),
      output: z.object({ removed: z.number().int() }),
    },
    /** Renames a job's video: before creation it is used for the create call, after it goes to the platform. */
    'videos.setTitle': {
      input: z.object({ id: JobId, title: Title }).strict(),
      output: JobView,
    },
    'videos.setConcurrency': {
      input: z.object({ value: z.number().int().min(CONCURRENCY.min, `must be at least ${CONCURRENCY.min}`).max(CONCURRENCY.max, `must be at most ${CONCURRENCY.max}`) }).strict(),
      output: QueueStatus,
    },
    /** The global upload cap in bytes per second, or null for none; running uploads follow it at once. */
    'videos.setBandwidthCap': {
      input: z
        .object({
          bytesPerSecond: z
            .number()
            .int('must be a whole number of bytes per second')
            .min(BANDWIDTH_CAP.min, `must be at least ${BANDWIDTH_CAP.min / 1000} kB/s`)
            .max(BANDWIDTH_CAP.max, `must be at most ${BANDWIDTH_CAP.max / 1e9} GB/s`)
            .nullable(),
        })
        .strict(),
      output: QueueStatus,
    },
    /** A job whose file went missing: asks for the file again in the native dialog and queues it anew. */
    'videos.locate': {
      input: z.object({ id: JobId }).strict(),
      output: JobView.nullable(),
    },
    ...videosFetchMethods,
    ...videosLibraryMethods,
    ...videosTusMethods,
    ...videosDeliveryMethods,
  },
  events: {
    /** Jobs that changed since the last event (each a whole snapshot), jobs removed, and the queue's status. */
    'videos.jobs': z.object({ jobs: z.array(JobView), removed: z.array(JobId), status: QueueStatus }),
    ...videosFetchEvents,
  },
} as const satisfies AreaContract;
