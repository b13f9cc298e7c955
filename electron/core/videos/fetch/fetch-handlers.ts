/**
 * The fetch part of the videos area: its rows opened in `<dataDir>/fetches` (unfinished ones continue at start), the
 * handlers of its contract methods, and its row events. Header values go in here and never come back out.
 */
import { join } from 'node:path';
import type { videosFetchMethods } from '../../../../shared/contract/videos-fetch.js';
import type { AppError } from '../../../../shared/contract/result.js';
import { AppFailure, toAppError } from '../../errors.js';
import type { PlatformClient } from '../../platform/types.js';
import type { SecretCipher } from '../../ports.js';
import type { EventBus, Handler } from '../../router.js';
import { openFetchQueue, type FetchQueue } from './fetch-queue.js';

/** The fetch methods' handlers. */
export type FetchHandlers = { readonly [M in keyof typeof videosFetchMethods]: Handler<M> };

/** What the fetch handlers need; `fetches` is absent where the area was built without them (tests of other parts). */
export interface FetchDeps {
  readonly fetches?: FetchQueue;
  /** The active profile (fetches are asked with its keys). */
  activeProfileId(): string;
}

function unavailable(): never {
  throw new AppFailure({ kind: 'internal', title: 'Fetching from a URL is not available', detail: 'The list of fetches could not be opened.' });
}

/** Builds the handlers over the fetch rows. */
export function fetchHandlers(deps: FetchDeps): FetchHandlers {
  const rows = (): FetchQueue => deps.fetches ?? unavailable();
  return {
    'videos.fetch': async ({ libraryId, collectionId, url, title, headers }) =>
      rows().add({ profileId: deps.activeProfileId(), libraryId, collectionId, url, ...(title !== undefined ? { title } : {}), headers }),
    'videos.fetches': async () => ({ fetches: [...rows().list()] }),
    'videos.fetchCancel': async ({ id }) => ({ changed: await rows().cancel(id) }),
    'videos.fetchRetry': async ({ id, headers }) => ({ changed: await rows().retry(id, headers) }),
    'videos.fetchClear': async () => ({ removed: await rows().clear() }),
  };
}

/** The opened fetch rows (or the reason they could not be opened) and how to stop them. */
export interface FetchPart {
  readonly fetches?: FetchQueue;
  close(): Promise<void>;
}

/** Opens the fetch rows and sends every change to the renderer as `videos.fetchRows`. */
export async function openFetchPart(deps: {
  readonly dataDir: string;
  readonly cipher?: SecretCipher;
  readonly bus: Pick<EventBus, 'emit'>;
  clientFor(profileId: string): Promise<PlatformClient>;
}): Promise<FetchPart> {
  try {
    const fetches = await openFetchQueue({ dir: join(deps.dataDir, 'fetches'), ...(deps.cipher ? { cipher: deps.cipher } : {}), clientFor: deps.clientFor });
    if (fetches.recovered) deps.bus.emit('desktop.notice', { level: 'warning', message: fetches.recovered });
    const off = fetches.onChange((change) => deps.bus.emit('videos.fetchRows', { fetches: [...change.fetches], removed: [...change.removed] }));
    return {
      fetches,
      async close() {
        off();
        await fetches.close();
      },
    };
  } catch (e) {
    const error: AppError = toAppError(e);
    deps.bus.emit('desktop.notice', { level: 'error', message: `The list of fetches could not be opened: ${error.title}` });
    return { close: async () => {} };
  }
}
