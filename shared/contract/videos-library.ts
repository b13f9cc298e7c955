/**
 * The library browser: a library's videos as the platform holds them (listed, searched, paged, sorted, filtered by
 * collection), renamed, moved between collections and deleted. Spread into the videos area's contract.
 */
import { z } from 'zod';
import { LibraryId } from '../settings/profiles.js';
import { Title } from '../videos/model.js';

const VideoId = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const CollectionId = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

/** How the list is ordered: newest first, or by title. */
export const LIBRARY_ORDERS = ['date', 'title'] as const;
export const LibraryOrder = z.enum(LIBRARY_ORDERS);
export type LibraryOrder = z.infer<typeof LibraryOrder>;

/** Rows per page the browser may ask for; the platform itself answers at least 10 and at most 1000. */
export const LIBRARY_PAGE_SIZES = { min: 10, max: 1000, default: 25 } as const;

/** One video of a library as the browser shows it; everything else the platform sends is left in the core. */
export const LibraryVideo = z.object({
  guid: z.string(),
  title: z.string(),
  /** The platform's status number (0 created … 8 JIT playlists made; higher numbers are newer states, kept as sent). */
  status: z.number().int(),
  /** 0..100 while the platform encodes. */
  encodeProgress: z.number(),
  /** Seconds; 0 until the platform has probed the file. */
  length: z.number(),
  /** Bytes stored, the original and its renditions. */
  storageSize: z.number(),
  views: z.number(),
  /** ISO date-time of the upload (creation), or null when the platform did not say. */
  dateUploaded: z.string().nullable(),
  collectionId: z.string().nullable(),
  /** Whether the platform has a thumbnail image for it (fetched on its own with `videos.libraryThumbnail`). */
  hasThumbnail: z.boolean(),
});
export type LibraryVideo = z.infer<typeof LibraryVideo>;

/** One page of a library's videos. */
export const LibraryPage = z.object({
  items: z.array(LibraryVideo),
  totalItems: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  /** Videos of the page the platform sent that could not be read (left out of `items`), and the first reason. */
  unreadable: z.object({ count: z.number().int().positive(), firstReason: z.string() }).optional(),
});
export type LibraryPage = z.infer<typeof LibraryPage>;

/** The query of one page. */
export const LibraryQuery = z
  .object({
    libraryId: LibraryId,
    page: z.number().int().min(1, 'must be at least 1').max(1_000_000),
    itemsPerPage: z.number().int().min(LIBRARY_PAGE_SIZES.min, `must be at least ${LIBRARY_PAGE_SIZES.min}`).max(LIBRARY_PAGE_SIZES.max, `must be at most ${LIBRARY_PAGE_SIZES.max}`),
    search: z.string().max(200, 'must be at most 200 characters'),
    /** A collection's guid, or null for every video of the library. */
    collectionId: CollectionId.nullable(),
    orderBy: LibraryOrder,
  })
  .strict();
export type LibraryQuery = z.infer<typeof LibraryQuery>;

const OneVideo = z.object({ libraryId: LibraryId, videoId: VideoId }).strict();

/** The methods of the library browser. */
export const videosLibraryMethods = {
  /** One page of a library's videos. */
  'videos.libraryList': { input: LibraryQuery, output: LibraryPage },
  /** One video of a library. */
  'videos.libraryGet': { input: OneVideo, output: LibraryVideo },
  /** Changes a video's title and/or collection (null takes it out of its collection); answers the video as it now is. */
  'videos.libraryUpdate': {
    input: z
      .object({ libraryId: LibraryId, videoId: VideoId, title: Title.optional(), collectionId: CollectionId.nullable().optional() })
      .strict()
      .refine((v) => v.title !== undefined || v.collectionId !== undefined, { message: 'give a title or a collection to change', path: ['title'] }),
    output: LibraryVideo,
  },
  /** Deletes a video from the library, for good. */
  'videos.libraryDelete': { input: OneVideo, output: z.object({ deleted: z.literal(true) }) },
  /** The video's thumbnail as a data: URL (the window loads no image from the network), or null when there is none to get. */
  'videos.libraryThumbnail': { input: OneVideo, output: z.object({ dataUrl: z.string().nullable() }) },
  /** The links the browser copies: the platform's play page and, when the library's CDN host is known, the HLS playlist. */
  'videos.libraryLinks': { input: OneVideo, output: z.object({ playUrl: z.string(), playlistUrl: z.string().nullable() }) },
} as const;
