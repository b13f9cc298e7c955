/**
 * Readers of the Stream API's answers, liberal in what they accept: everything the platform's schema allows (nullable
 * fields as null, optional keys left out, keys Burrow does not know, status numbers added later, date-times with or
 * without a zone) reads, and a list item that cannot be read is skipped and counted, never the list. Pure functions
 * of the parsed JSON, so the generated-answer tests call them directly.
 */
import { z } from 'zod';

/** One list item left out, where it was and why. */
export interface SkippedItem {
  readonly index: number;
  readonly reason: string;
}

/** A list read item by item, with the envelope's counts where the platform gave them. */
export interface ListRead<T> {
  readonly items: readonly T[];
  readonly skipped: readonly SkippedItem[];
  readonly totalItems: number | null;
  readonly currentPage: number | null;
  readonly itemsPerPage: number | null;
}

/** An answer read, or why it could not be. */
export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

function reasonOf(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** A value the reader can do without: a wrong type reads as absent instead of refusing the whole item. */
const optionalText = z.string().nullish().catch(null);
const optionalNumber = z.number().nullish().catch(null);

/** A count of the envelope: a whole number when the platform sent one, else null. */
const count = z.number().finite().nullish().catch(null).transform((n) => (n === null || n === undefined ? null : Math.trunc(n)));

const envelope = z
  .object({
    totalItems: count,
    currentPage: count,
    itemsPerPage: count,
    // An item list of `null` is an empty page (the schema makes it nullable).
    items: z.array(z.unknown()).nullish(),
  })
  .loose();

/** Reads a PaginationList envelope and each of its items by `item`; an envelope that is not one refuses the page. */
export function readList<T>(json: unknown, item: z.ZodType<T>): Read<ListRead<T>> {
  const page = envelope.safeParse(json);
  if (!page.success) return { ok: false, reason: reasonOf(page.error) };
  const items: T[] = [];
  const skipped: SkippedItem[] = [];
  (page.data.items ?? []).forEach((raw, index) => {
    const one = item.safeParse(raw);
    if (one.success) items.push(one.data);
    else skipped.push({ index, reason: `items.${index}.${reasonOf(one.error)}` });
  });
  return { ok: true, value: { items, skipped, totalItems: page.data.totalItems, currentPage: page.data.currentPage, itemsPerPage: page.data.itemsPerPage } };
}

/** Reads one answer by `schema`. */
export function readOne<T>(json: unknown, schema: z.ZodType<T>): Read<T> {
  const r = schema.safeParse(json);
  return r.success ? { ok: true, value: r.data } : { ok: false, reason: reasonOf(r.error) };
}

/**
 * A date-time as an instant: the platform writes UTC, sometimes without a zone (`2021-09-17T06:43:56.0437666`), which
 * a date parser would take as local time, so a missing zone is read as UTC. Text that is not a date is kept as it came.
 */
export function platformInstant(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const t = text.trim();
  const zoned = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(t) ? t : /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(t) ? `${t}Z` : t;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : t;
}

/** A transcoding message as far as Burrow shows it: its text (level and codes may be numbers added later). */
const transcodingMessage = z.object({ message: optionalText }).loose();

/**
 * A VideoModel: only a non-empty `guid` is needed; the status is any whole number (kept as sent, said in words by the
 * status model); every other field reads as absent when it is null, missing, or not of its type.
 */
export const StreamVideo = z
  .object({
    guid: z.string().min(1),
    title: optionalText,
    status: z.number().int().nullish(),
    encodeProgress: optionalNumber,
    length: optionalNumber,
    storageSize: optionalNumber,
    views: optionalNumber,
    dateUploaded: optionalText,
    collectionId: optionalText,
    thumbnailFileName: optionalText,
    thumbnailUrl: optionalText,
    transcodingMessages: z.array(z.unknown()).nullish().catch(null),
  })
  .loose();
export type StreamVideo = z.output<typeof StreamVideo>;

/** A non-negative whole number of a field, 0 when absent. */
export function wholeOf(n: number | null | undefined): number {
  return n === null || n === undefined || !Number.isFinite(n) ? 0 : Math.max(0, Math.trunc(n));
}

/** The encode percent, 0..100. */
export function progressOf(n: number | null | undefined): number {
  return n === null || n === undefined || !Number.isFinite(n) ? 0 : Math.min(100, Math.max(0, n));
}

/** The texts of the transcoding messages that can be read (a message that cannot is left out). */
export function messagesOf(video: StreamVideo): string[] {
  return (video.transcodingMessages ?? []).flatMap((m) => {
    const r = transcodingMessage.safeParse(m);
    return r.success && r.data.message ? [r.data.message] : [];
  });
}

/** A CollectionModel: every field is optional or nullable in the schema, so anything that is an object reads. */
export const StreamCollection = z
  .object({
    guid: optionalText,
    name: optionalText,
    videoCount: optionalNumber,
  })
  .loose();
export type StreamCollection = z.output<typeof StreamCollection>;

/** A StatusModel (the answer of updates, deletes and fetches), and the new video's `id` a fetch answer may carry. */
export const StreamStatus = z
  .object({
    success: z.boolean().nullish().catch(null),
    message: optionalText,
    statusCode: optionalNumber,
    id: z.string().min(1).nullish().catch(null),
  })
  .loose();
