/** The library browser's handlers: the active profile's client, the platform calls, and the CDN's thumbnails and links. */
import type { MethodName } from '../../../../shared/contract/channels.js';
import type { videosLibraryMethods } from '../../../../shared/contract/videos-library.js';
import type { Handler } from '../../router.js';
import type { PlatformClient } from '../../platform/types.js';
import { listLibrary, readVideo, removeVideo, updateVideo } from './library-api.js';
import { CdnCache, cdnBaseUrl, thumbnailUrlOf } from './library-cdn.js';

/** The browser's handlers, one per method of its contract file. */
export type LibraryHandlers = { readonly [M in keyof typeof videosLibraryMethods & MethodName]: Handler<M> };

/** What the handlers need: the active profile's platform client. */
export interface LibraryDeps {
  client(): Promise<PlatformClient>;
}

/** Builds the handlers. */
export function libraryHandlers(deps: LibraryDeps, cache: CdnCache = new CdnCache()): LibraryHandlers {
  return {
    'videos.libraryList': async (query, { signal }) => (await listLibrary(await deps.client(), query, signal)).page,

    'videos.libraryGet': async ({ libraryId, videoId }, { signal }) => (await readVideo(await deps.client(), libraryId, videoId, signal)).video,

    'videos.libraryUpdate': async ({ libraryId, videoId, title, collectionId }, { signal }) => {
      const client = await deps.client();
      await updateVideo(client, libraryId, videoId, { ...(title !== undefined ? { title } : {}), ...(collectionId !== undefined ? { collectionId } : {}) }, signal);
      // The platform answers a status only: the row shows the video as the platform now has it.
      return (await readVideo(client, libraryId, videoId, signal)).video;
    },

    'videos.libraryDelete': async ({ libraryId, videoId }, { signal }) => {
      const client = await deps.client();
      // Read first, so an error names the video the user chose rather than an id.
      const { video } = await readVideo(client, libraryId, videoId, signal);
      await removeVideo(client, libraryId, videoId, video.title, signal);
      return { deleted: true as const };
    },

    'videos.libraryThumbnail': async ({ libraryId, videoId }, { signal }) => {
      const client = await deps.client();
      const video = await readVideo(client, libraryId, videoId, signal);
      const host = video.thumbnail.url ? null : await cache.host(client, libraryId, signal);
      const url = thumbnailUrlOf(video, host);
      return { dataUrl: url === null ? null : await cache.thumbnail(url, signal) };
    },

    'videos.libraryLinks': async ({ libraryId, videoId }, { signal }) => {
      const client = await deps.client();
      const video = await readVideo(client, libraryId, videoId, signal);
      const host = await cache.host(client, libraryId, signal);
      const id = encodeURIComponent(video.video.guid);
      return {
        playUrl: `${video.videoBase}/play/${libraryId}/${id}`,
        playlistUrl: host === null ? null : `${cdnBaseUrl(host)}/${id}/playlist.m3u8`,
      };
    },
  };
}
