/** Wire shapes of the Stream API (Stream OpenAPI 1.5.23) as the sandbox sends them. */

import { VIDEO_STATUS } from '../../shared/videos/status.js';

/** VideoModel.status numbers of the API (webhooks number the same states differently): the client's one model. */
export const VideoStatus = VIDEO_STATUS;

/** One of the VideoModel.status numbers the sandbox uses. */
export type VideoStatusCode = (typeof VideoStatus)[keyof typeof VideoStatus];

/** A chapter of a video. */
export interface Chapter {
  readonly title: string;
  readonly start: number;
  readonly end: number;
}

/** A moment (labelled timestamp) of a video. */
export interface Moment {
  readonly label: string;
  readonly timestamp: number;
}

/** A meta tag added to a video. */
export interface MetaTag {
  readonly property: string | null;
  readonly value: string | null;
}

/** A note the encoder left about a video; level 3 = error, issueCode 7 = original corrupted. */
export interface TranscodingMessage {
  readonly timeStamp: string;
  readonly level: 0 | 1 | 2 | 3;
  readonly issueCode: number;
  readonly message: string | null;
  readonly value: string | null;
}

/** The video object of the Stream API, with the real field names (`guid`, `videoLibraryId`). */
export interface VideoModel {
  readonly videoLibraryId: number;
  readonly guid: string;
  readonly title: string;
  readonly description: string | null;
  readonly dateUploaded: string;
  readonly views: number;
  readonly isPublic: boolean;
  readonly length: number;
  readonly status: VideoStatusCode;
  readonly framerate: number;
  readonly rotation: number | null;
  readonly width: number;
  readonly height: number;
  readonly availableResolutions: string | null;
  readonly outputCodecs: string;
  readonly thumbnailCount: number;
  readonly encodeProgress: number;
  readonly storageSize: number;
  readonly captions: readonly never[];
  readonly hasMP4Fallback: boolean;
  readonly collectionId: string | null;
  readonly thumbnailFileName: string | null;
  readonly thumbnailUrl: string | null;
  readonly thumbnailBlurhash: string | null;
  readonly averageWatchTime: number;
  readonly totalWatchTime: number;
  readonly category: string | null;
  readonly chapters: readonly Chapter[];
  readonly moments: readonly Moment[];
  readonly metaTags: readonly MetaTag[];
  readonly transcodingMessages: readonly TranscodingMessage[];
  readonly jitEncodingEnabled: boolean | null;
  readonly smartGenerateStatus: number | null;
  readonly hasOriginal: boolean | null;
  readonly originalHash: string | null;
  readonly hasHighQualityPreview: boolean | null;
}

/** The list envelope of GET …/videos. */
export interface VideoList {
  readonly totalItems: number;
  readonly currentPage: number;
  readonly itemsPerPage: number;
  readonly items: readonly VideoModel[];
}

/** The collection object of the Stream API (CollectionModel). */
export interface CollectionModel {
  readonly videoLibraryId: number;
  readonly guid: string;
  readonly name: string;
  readonly videoCount: number;
  /** The summed storageSize of the collection's videos. */
  readonly totalSize: number;
  /** Comma-separated guids of the videos shown as the collection's preview; null when it is empty. */
  readonly previewVideoIds: string | null;
  /** Thumbnail URLs of the preview videos when asked for with includeThumbnails, otherwise null. */
  readonly previewImageUrls: readonly string[] | null;
}

/** The list envelope of GET …/collections. */
export interface CollectionList {
  readonly totalItems: number;
  readonly currentPage: number;
  readonly itemsPerPage: number;
  readonly items: readonly CollectionModel[];
}

/** StatusModel: the body of upload, update, delete and fetch answers, and of the sandbox's errors. */
export interface StatusBody {
  readonly success: boolean;
  readonly message: string | null;
  readonly statusCode: number;
}

/** Builds a StatusModel for an HTTP status. */
export function statusBody(statusCode: number, message: string | null): StatusBody {
  return { success: statusCode >= 200 && statusCode < 300, message, statusCode };
}

/**
 * The platform's date-time form: seven fractional digits, as in the spec's example
 * `2021-09-17T06:43:56.0437666Z` (JavaScript only has milliseconds, so the last four are zeros).
 */
export function platformDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');
}
