/** The collections of each library, and their wire view with counts derived from the videos in them. */
import { randomUUID } from 'node:crypto';
import type { SeedCollection } from '../context.js';
import type { CollectionList, CollectionModel } from './model.js';
import type { VideoRecord, VideoStore } from './store.js';

/** How many videos a collection names as its preview. */
const PREVIEW_VIDEOS = 3;

/** One collection as the sandbox keeps it. */
export interface CollectionRecord {
  readonly libraryId: number;
  /** Lower-case, as the sandbox generates it; lookups ignore case. */
  readonly guid: string;
  name: string;
  readonly createdAt: number;
  /** Creation order, the tie-breaker when two collections share a timestamp. */
  readonly seq: number;
}

/** Query of GET …/collections after parsing. */
export interface CollectionQuery {
  readonly page: number;
  readonly itemsPerPage: number;
  readonly search: string;
  readonly orderBy: string;
  readonly includeThumbnails: boolean;
}

/** What a collection's videos add up to. */
interface Tally {
  count: number;
  size: number;
  /** Newest first. */
  videos: VideoRecord[];
}

/**
 * The collections of every library. videoCount, totalSize and the previews are never stored: they
 * are counted from the videos whenever a collection is read, so they can never go stale.
 */
export class CollectionStore {
  private readonly libraries = new Map<number, Map<string, CollectionRecord>>();
  private nextSeq = 0;

  constructor(
    private readonly videos: VideoStore,
    private readonly now: () => number,
    /** The CDN base of a library's files (`https://{pull zone host}`), for preview image URLs. */
    private readonly cdnBase: (libraryId: number) => string | undefined,
    seeded: readonly SeedCollection[] = [],
  ) {
    for (const c of seeded) this.add(c.libraryId, c.guid.toLowerCase(), c.name);
  }

  /** Replaces every collection with those saved by an earlier run (seeded ones included: they may have been renamed or deleted). */
  restore(saved: readonly { readonly libraryId: number; readonly guid: string; readonly name: string; readonly createdAt: number }[]): void {
    this.libraries.clear();
    for (const c of saved) this.add(c.libraryId, c.guid.toLowerCase(), c.name, c.createdAt);
  }

  /** Every collection of every library, oldest first, for the saved account. */
  all(): CollectionRecord[] {
    return [...this.libraries.values()].flatMap((lib) => [...lib.values()]).sort((a, b) => a.seq - b.seq);
  }

  /** Adds a collection with a new guid. */
  create(libraryId: number, name: string): CollectionRecord {
    return this.add(libraryId, randomUUID(), name);
  }

  /** The collection, or undefined when the library has none with this guid. */
  get(libraryId: number, guid: string): CollectionRecord | undefined {
    return this.libraries.get(libraryId)?.get(guid.toLowerCase());
  }

  /** Removes a collection; its videos stay in the library, outside any collection. */
  remove(record: CollectionRecord): void {
    this.libraries.get(record.libraryId)?.delete(record.guid);
    for (const video of this.videos.inLibrary(record.libraryId)) {
      if (video.collectionId === record.guid) video.collectionId = null;
    }
  }

  /** One page of a library's collections, filtered by name and ordered by date (newest first) or name. */
  list(libraryId: number, query: CollectionQuery): CollectionList {
    const search = query.search.toLowerCase();
    const matches = [...(this.libraries.get(libraryId)?.values() ?? [])].filter((c) => search === '' || c.name.toLowerCase().includes(search));
    const byName = ['name', 'title'].includes(query.orderBy.toLowerCase());
    matches.sort(byName ? (a, b) => a.name.localeCompare(b.name) || a.seq - b.seq : (a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
    const start = (query.page - 1) * query.itemsPerPage;
    const page = matches.slice(start, start + query.itemsPerPage);
    const tallies = this.tally(libraryId);
    return {
      totalItems: matches.length,
      currentPage: query.page,
      itemsPerPage: query.itemsPerPage,
      items: page.map((c) => this.model(c, tallies.get(c.guid), query.includeThumbnails)),
    };
  }

  /** The CollectionModel of one collection. */
  toModel(record: CollectionRecord, includeThumbnails: boolean): CollectionModel {
    return this.model(record, this.tally(record.libraryId).get(record.guid), includeThumbnails);
  }

  private model(c: CollectionRecord, tally: Tally | undefined, includeThumbnails: boolean): CollectionModel {
    const previews = (tally?.videos ?? []).slice(0, PREVIEW_VIDEOS);
    const base = this.cdnBase(c.libraryId);
    return {
      videoLibraryId: c.libraryId,
      guid: c.guid,
      name: c.name,
      videoCount: tally?.count ?? 0,
      totalSize: tally?.size ?? 0,
      previewVideoIds: previews.length === 0 ? null : previews.map((v) => v.guid).join(','),
      previewImageUrls: includeThumbnails
        ? previews.flatMap((v) => (base !== undefined && v.encoded.thumbnailFileName ? [`${base}/${v.guid}/${v.encoded.thumbnailFileName}`] : []))
        : null,
    };
  }

  /** One pass over the library's videos: count, size and newest videos per collection. */
  private tally(libraryId: number): Map<string, Tally> {
    const out = new Map<string, Tally>();
    for (const video of this.videos.inLibrary(libraryId)) {
      if (video.collectionId === null) continue;
      let t = out.get(video.collectionId);
      if (!t) out.set(video.collectionId, (t = { count: 0, size: 0, videos: [] }));
      t.count++;
      t.size += video.encoded.storageSize;
      t.videos.push(video);
    }
    for (const t of out.values()) t.videos.sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
    return out;
  }

  private add(libraryId: number, guid: string, name: string, createdAt = this.now()): CollectionRecord {
    const record: CollectionRecord = { libraryId, guid, name, createdAt, seq: this.nextSeq++ };
    let lib = this.libraries.get(libraryId);
    if (!lib) this.libraries.set(libraryId, (lib = new Map()));
    lib.set(guid, record);
    return record;
  }
}
