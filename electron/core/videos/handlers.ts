/**
 * The videos area's handlers, thin over the queue: tokens become paths here (folders walked), and collections go
 * straight to the platform's video API.
 */
import { basename } from 'node:path';
import type { MethodInput } from '../../../shared/contract/index.js';
import type { AddResult, Collection, videosContract } from '../../../shared/contract/videos.js';
import { appError } from '../../../shared/contract/result.js';
import { VIDEO_EXTENSIONS } from '../../../shared/videos/model.js';
import { AppFailure } from '../errors.js';
import type { PlatformClient } from '../platform/types.js';
import type { Dialogs } from '../ports.js';
import type { AreaHandlers } from '../router.js';
import type { AddOutcome, UploadQueue } from './types.js';
import { fetchHandlers, type FetchDeps } from './fetch/fetch-handlers.js';
import { tusHandlers } from './tus/handlers-tus.js';
import { readList, readOne, StreamCollection, wholeOf, type ListRead, type Read } from './stream-read.js';
import { walkDropped } from './walk.js';
import { libraryHandlers } from './library/library-handlers.js';
import { deliveryHandlers } from './library/delivery-handlers.js';

/** The area's handlers, typed from its contract file. */
export type VideosHandlers = AreaHandlers<typeof videosContract>;

/** What the handlers need from the rest of the core. */
export interface VideosDeps extends FetchDeps {
  readonly queue: UploadQueue;
  /** The path behind a token the renderer holds (the session's FileRegistry). */
  pathOf(token: string): string | undefined;
  /** The token of a path, to hand back to the renderer (the same one it holds for a dropped file). */
  register(path: string): Promise<{ readonly token: string }>;
  readonly dialogs: Dialogs;
  /** The active profile's video libraries, and whether each has its key here. */
  libraries(): Promise<readonly { readonly id: number; readonly name: string; readonly hasKey: boolean }[]>;
  /** The active profile (jobs are uploaded with its keys). */
  activeProfileId(): string;
  /** The active profile's platform client. */
  client(): Promise<PlatformClient>;
  /** The clock delivery ranges end at. */
  readonly now?: () => number;
}

const PAGE = 100;
/** Enough pages for any real library; a runaway listing stops here. */
const MAX_PAGES = 100;

/** A CollectionModel as the picker shows it (read liberally: see stream-read). */
const collectionSchema = StreamCollection.transform((c): Collection => ({ guid: c.guid ?? '', name: c.name ?? '', videoCount: wholeOf(c.videoCount) }));

/** Reads a PaginationListOfCollectionModel answer: a collection that cannot be read is skipped and counted, never the list. */
export function readCollectionList(json: unknown): Read<ListRead<Collection>> {
  return readList(json, collectionSchema);
}

/** Reads a created collection (a CollectionModel answer). */
export function readCollection(json: unknown): Collection {
  const r = readOne(json, collectionSchema);
  return r.ok ? r.value : { guid: '', name: '', videoCount: 0 };
}

/** Builds the handlers. */
export function videosHandlers(deps: VideosDeps): VideosHandlers {
  const { queue } = deps;

  /** What the files and the chosen options come to in the queue, each file named by token and name. */
  async function addPaths(paths: readonly string[], skipped: readonly string[], input: Pick<MethodInput<'videos.add'>, 'libraryId' | 'collectionId' | 'again' | 'title' | 'resumable' | 'takeUp'>): Promise<AddResult> {
    const { libraryId, collectionId, title, resumable, again, takeUp } = input;
    const profileId = deps.activeProfileId();
    const jobs = paths.map((path) => ({ path, profileId, libraryId, collectionId, ...(title !== undefined ? { title } : {}), ...(resumable === true ? { resumable } : {}) }));
    const outcome: AddOutcome = await queue.add(jobs, { again: again === true, takeUp: takeUp === true });
    const added = new Set(outcome.added.map((v) => v.id));
    const file = async (path: string, more: Omit<AddResult['files'][number], 'token' | 'name'>) => ({ token: (await deps.register(path)).token, name: basename(path), ...more });
    const files = await Promise.all([
      ...outcome.rows.map((r) => file(r.path, { outcome: added.has(r.id) ? 'added' : 'queued', jobId: r.id })),
      ...outcome.previouslyUploaded.map((p) => file(p.path, { outcome: 'uploaded', uploadedAt: p.uploadedAt })),
      ...outcome.unreadable.map((p) => file(p, { outcome: 'unreadable' })),
      ...outcome.empty.map((p) => file(p, { outcome: 'empty' })),
    ]);
    return { files, skipped: [...skipped] };
  }

  return {
    ...fetchHandlers(deps),
    ...libraryHandlers(deps),
    ...deliveryHandlers(deps),
    'videos.libraries': async () => ({ libraries: (await deps.libraries()).map((l) => ({ id: l.id, name: l.name, hasKey: l.hasKey })) }),

    'videos.collections': async ({ libraryId }, { signal }) => {
      const client = await deps.client();
      const collections: Collection[] = [];
      let seen = 0;
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await client.json<unknown>({
          area: 'video', method: 'GET', path: `/library/${libraryId}/collections`, libraryId, query: { page, itemsPerPage: PAGE, orderBy: 'name' }, ...(signal ? { signal } : {}),
        });
        const read = readCollectionList(answer);
        if (!read.ok) throw new AppFailure(appError('http', 'The platform sent a collection list Burrow could not read', { detail: read.reason }));
        // A collection that cannot be read is left out of the picker; the others are still offered.
        collections.push(...read.value.items);
        seen += read.value.items.length + read.value.skipped.length;
        if (read.value.items.length + read.value.skipped.length < PAGE || seen >= (read.value.totalItems ?? 0)) break;
      }
      return { collections: collections.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' })) };
    },

    'videos.createCollection': async ({ libraryId, name }, { signal }) => {
      const client = await deps.client();
      const created = await client.json<unknown>({ area: 'video', method: 'POST', path: `/library/${libraryId}/collections`, libraryId, json: { name }, ...(signal ? { signal } : {}) });
      return readCollection(created);
    },

    'videos.add': async ({ tokens, ...input }) => {
      const paths = tokens.map((token) => deps.pathOf(token)).filter((p): p is string => p !== undefined);
      const unknown = tokens.length - paths.length;
      // Dropped files and the contents of dropped folders are filtered alike: only videos are queued, in the order dropped.
      const walked = await walkDropped(paths);
      if (input.title !== undefined && walked.files.length > 1) {
        throw new AppFailure(appError('validation', 'A title names one video', { detail: `The files given hold ${walked.files.length} video files.` }));
      }
      const skipped = [...walked.skipped, ...(unknown > 0 ? [`${unknown} item${unknown === 1 ? '' : 's'} no longer available`] : [])];
      return addPaths(walked.files, skipped, input);
    },

    'videos.choose': async ({ libraryId, collectionId }) => {
      const paths = await deps.dialogs.openFiles({
        title: 'Choose videos to upload',
        filters: [{ name: 'Videos', extensions: [...VIDEO_EXTENSIONS] }, { name: 'All files', extensions: ['*'] }],
      });
      // Chosen one by one in the dialog: taken as chosen, even under "All files".
      return paths.length === 0 ? { files: [], skipped: [] } : addPaths(paths, [], { libraryId, collectionId });
    },

    'videos.list': async () => {
      const { jobs, status } = queue.list();
      return { jobs: [...jobs], status };
    },
    'videos.pause': async (selection) => ({ changed: await queue.pause(selection) }),
    'videos.resume': async (selection) => ({ changed: await queue.resume(selection) }),
    'videos.cancel': async (selection) => ({ changed: await queue.cancel(selection) }),
    'videos.retry': async (selection) => ({ changed: await queue.retry(selection) }),
    'videos.moveToTop': async (selection) => ({ changed: await queue.moveToTop(selection) }),
    'videos.clearCompleted': async ({ ids }) => ({ removed: await queue.clearCompleted(ids) }),
    'videos.setTitle': async ({ id, title }) => queue.setTitle(id, title),
    'videos.setConcurrency': async ({ value }) => queue.setConcurrency(value),
    'videos.setBandwidthCap': async ({ bytesPerSecond }) => queue.setBandwidthCap(bytesPerSecond),

    'videos.locate': async ({ id }) => {
      const job = queue.record(id);
      const [path] = await deps.dialogs.openFiles({
        title: job ? `Locate ${job.fileName}` : 'Locate the file',
        filters: [{ name: 'Videos', extensions: [...VIDEO_EXTENSIONS] }, { name: 'All files', extensions: ['*'] }],
      });
      if (path === undefined) return null;
      return queue.relocate(id, path);
    },
    ...tusHandlers(queue),
  };
}
