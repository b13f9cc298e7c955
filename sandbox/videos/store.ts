/** In-memory video records of the sandbox's libraries, and the wire view of them. */
import { randomUUID } from 'node:crypto';
import {
  platformDate,
  VideoStatus,
  type Chapter,
  type MetaTag,
  type Moment,
  type TranscodingMessage,
  type VideoList,
  type VideoModel,
  type VideoStatusCode,
} from './model.js';

/** A file that arrived completely for a video. */
export interface StoredFile {
  /** Null when the sandbox discards upload bodies: the bytes were counted and hashed, never written. */
  readonly path: string | null;
  readonly size: number;
  readonly sha256: string;
}

/** Where a video's bytes are: nothing yet, arriving through one channel, or stored. */
export type UploadState =
  | { readonly kind: 'none' }
  | { readonly kind: 'receiving'; readonly via: 'put' | 'fetch' | 'tus'; readonly cancel: () => void }
  | { readonly kind: 'stored'; readonly file: StoredFile };

/** The encoder-derived part of a video, filled in while it is processed. */
export interface EncodedInfo {
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly framerate: number;
  readonly availableResolutions: string | null;
  readonly thumbnailCount: number;
  readonly thumbnailFileName: string | null;
  readonly storageSize: number;
}

/** One step of a video's status machine: its status and encodeProgress from time `at` (ms) on. */
export interface StatusChange {
  readonly status: VideoStatusCode;
  readonly encodeProgress: number;
  readonly at: number;
}

/** One video as the sandbox keeps it; mutable because uploads and processing move it along. */
export interface VideoRecord {
  readonly libraryId: number;
  readonly guid: string;
  /** Creation order, the tie-breaker when two videos share a timestamp. */
  readonly seq: number;
  readonly createdAt: number;
  title: string;
  collectionId: string | null;
  thumbnailTime: number | null;
  /** Changed only through setStatus, so that statusHistory sees every step. */
  readonly status: VideoStatusCode;
  readonly encodeProgress: number;
  /** Every change of status or encodeProgress, oldest first, starting with creation (status 0). */
  readonly statusHistory: StatusChange[];
  encoded: EncodedInfo;
  chapters: readonly Chapter[];
  moments: readonly Moment[];
  metaTags: readonly MetaTag[];
  transcodingMessages: readonly TranscodingMessage[];
  upload: UploadState;
  /** Every body byte received for this video over all attempts, kept for resume checks. */
  bytesReceived: number;
  /** Set on delete so late callbacks of a removed video do nothing. */
  deleted: boolean;
}

/** Query of GET …/videos after parsing. */
export interface ListQuery {
  readonly page: number;
  readonly itemsPerPage: number;
  readonly search: string;
  readonly collection: string;
  readonly orderBy: string;
}

const EMPTY_ENCODING: EncodedInfo = {
  length: 0,
  width: 0,
  height: 0,
  framerate: 0,
  availableResolutions: null,
  thumbnailCount: 0,
  thumbnailFileName: null,
  storageSize: 0,
};

/** The videos of every library, keyed by library then guid. */
export class VideoStore {
  private readonly libraries = new Map<number, Map<string, VideoRecord>>();
  private nextSeq = 0;

  constructor(private readonly now: () => number) {}

  /** Adds a new video in status 0 (created) with empty encoding fields. */
  create(libraryId: number, init: { title: string; collectionId?: string | null; thumbnailTime?: number | null }): VideoRecord {
    const createdAt = this.now();
    const record: VideoRecord = {
      libraryId,
      guid: randomUUID(),
      seq: this.nextSeq++,
      createdAt,
      title: init.title,
      collectionId: init.collectionId ?? null,
      thumbnailTime: init.thumbnailTime ?? null,
      status: VideoStatus.created,
      encodeProgress: 0,
      statusHistory: [{ status: VideoStatus.created, encodeProgress: 0, at: createdAt }],
      encoded: EMPTY_ENCODING,
      chapters: [],
      moments: [],
      metaTags: [],
      transcodingMessages: [],
      upload: { kind: 'none' },
      bytesReceived: 0,
      deleted: false,
    };
    this.library(libraryId).set(record.guid, record);
    return record;
  }

  /** Puts back a video saved by an earlier run, after those restored before it (their order is kept). */
  restore(init: Omit<VideoRecord, 'seq' | 'deleted' | 'upload'> & { readonly file: StoredFile | null }): VideoRecord {
    const { file, ...rest } = init;
    const record: VideoRecord = { ...rest, guid: rest.guid.toLowerCase(), seq: this.nextSeq++, upload: file ? { kind: 'stored', file } : { kind: 'none' }, deleted: false };
    this.library(record.libraryId).set(record.guid, record);
    return record;
  }

  /** The video with this guid in whichever library holds it (guids are unique across libraries). */
  find(guid: string): VideoRecord | undefined {
    for (const lib of this.libraries.values()) {
      const found = lib.get(guid.toLowerCase());
      if (found) return found;
    }
    return undefined;
  }

  /** The video, or undefined when the library does not hold it. */
  get(libraryId: number, guid: string): VideoRecord | undefined {
    return this.libraries.get(libraryId)?.get(guid.toLowerCase());
  }

  /** Removes the video from its library and marks the record deleted. */
  remove(record: VideoRecord): void {
    record.deleted = true;
    this.libraries.get(record.libraryId)?.delete(record.guid);
  }

  /** The videos of one library, in no particular order. */
  inLibrary(libraryId: number): Iterable<VideoRecord> {
    return this.libraries.get(libraryId)?.values() ?? [];
  }

  /** Every record of every library (for shutdown). */
  all(): VideoRecord[] {
    return [...this.libraries.values()].flatMap((lib) => [...lib.values()]);
  }

  /** One page of a library's videos, filtered by title search and collection, ordered by date (newest first) or title. */
  list(libraryId: number, query: ListQuery): VideoList {
    const search = query.search.toLowerCase();
    const matches = [...this.library(libraryId).values()].filter(
      (v) =>
        (search === '' || v.title.toLowerCase().includes(search)) &&
        (query.collection === '' || v.collectionId === query.collection.toLowerCase()),
    );
    matches.sort(query.orderBy.toLowerCase() === 'title' ? byTitle : byDateDesc);
    const start = (query.page - 1) * query.itemsPerPage;
    return {
      totalItems: matches.length,
      currentPage: query.page,
      itemsPerPage: query.itemsPerPage,
      items: matches.slice(start, start + query.itemsPerPage).map(toVideoModel),
    };
  }

  private library(libraryId: number): Map<string, VideoRecord> {
    let lib = this.libraries.get(libraryId);
    if (!lib) {
      lib = new Map();
      this.libraries.set(libraryId, lib);
    }
    return lib;
  }
}

/**
 * Moves a video to a status and progress (progress unchanged when not given), recording the
 * step in its statusHistory when either value changed.
 */
export function setStatus(video: VideoRecord, status: VideoStatusCode, at: number, encodeProgress = video.encodeProgress): void {
  if (video.status === status && video.encodeProgress === encodeProgress) return;
  // The only writer of these two fields; they are readonly everywhere else.
  const writable = video as { status: VideoStatusCode; encodeProgress: number };
  writable.status = status;
  writable.encodeProgress = encodeProgress;
  video.statusHistory.push({ status, encodeProgress, at });
}

function byDateDesc(a: VideoRecord, b: VideoRecord): number {
  return b.createdAt - a.createdAt || b.seq - a.seq;
}

function byTitle(a: VideoRecord, b: VideoRecord): number {
  return a.title.localeCompare(b.title) || a.seq - b.seq;
}

/** The VideoModel the API returns for a record. */
export function toVideoModel(v: VideoRecord): VideoModel {
  const stored = v.upload.kind === 'stored' ? v.upload.file : undefined;
  return {
    videoLibraryId: v.libraryId,
    guid: v.guid,
    title: v.title,
    description: null,
    dateUploaded: platformDate(v.createdAt),
    views: 0,
    isPublic: false,
    length: v.encoded.length,
    status: v.status,
    framerate: v.encoded.framerate,
    rotation: null,
    width: v.encoded.width,
    height: v.encoded.height,
    availableResolutions: v.encoded.availableResolutions,
    outputCodecs: 'x264',
    thumbnailCount: v.encoded.thumbnailCount,
    encodeProgress: v.encodeProgress,
    storageSize: v.encoded.storageSize,
    captions: [],
    hasMP4Fallback: false,
    collectionId: v.collectionId,
    thumbnailFileName: v.encoded.thumbnailFileName,
    thumbnailUrl: null,
    thumbnailBlurhash: null,
    averageWatchTime: 0,
    totalWatchTime: 0,
    category: null,
    chapters: v.chapters,
    moments: v.moments,
    metaTags: v.metaTags,
    transcodingMessages: v.transcodingMessages,
    jitEncodingEnabled: false,
    smartGenerateStatus: 0,
    hasOriginal: stored !== undefined,
    originalHash: stored ? stored.sha256 : null,
    hasHighQualityPreview: false,
  };
}
