/** Request bodies of the video routes (CreateVideoModel, UpdateVideoModel, FetchVideoRequest, UpdateCollectionModel). */
import { z } from 'zod';
import type { Chapter, MetaTag, Moment } from './model.js';

/** A parsed body, or the message of a 400. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const int32 = z.number().int().min(-2147483648).max(2147483647);

const createSchema = z.object({
  title: z.string().min(1),
  collectionId: z.string().nullish(),
  thumbnailTime: int32.min(0).nullish(),
});

const chapterSchema = z.object({ title: z.string().min(1), start: int32.min(0).default(0), end: int32.min(0).default(0) });
const momentSchema = z.object({ label: z.string().min(1), timestamp: int32.min(0).default(0) });
const metaTagSchema = z.object({ property: z.string().nullish(), value: z.string().nullish() });

const updateSchema = z.object({
  title: z.string().min(1).nullish(),
  collectionId: z.string().nullish(),
  chapters: z.array(chapterSchema).nullish(),
  moments: z.array(momentSchema).nullish(),
  metaTags: z.array(metaTagSchema).nullish(),
});

const fetchSchema = z.object({
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).nullish(),
  title: z.string().nullish(),
});

/** A create-video body. */
export interface CreateVideo {
  readonly title: string;
  readonly collectionId: string | null;
  readonly thumbnailTime: number | null;
}

/** The fields an update changes; undefined leaves a field as it is. */
export interface UpdateVideo {
  readonly title?: string;
  readonly collectionId?: string | null;
  readonly chapters?: readonly Chapter[];
  readonly moments?: readonly Moment[];
  readonly metaTags?: readonly MetaTag[];
}

/** A fetch request with its URL checked to be http(s). */
export interface FetchVideo {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly title: string | null;
}

/** Parses POST …/videos. */
export function parseCreate(body: unknown): Parsed<CreateVideo> {
  const parsed = createSchema.safeParse(body);
  if (!parsed.success) return refused(parsed.error);
  const { title, collectionId, thumbnailTime } = parsed.data;
  return { ok: true, value: { title, collectionId: collectionId ?? null, thumbnailTime: thumbnailTime ?? null } };
}

/** Parses POST …/videos/{videoId}. */
export function parseUpdate(body: unknown): Parsed<UpdateVideo> {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success) return refused(parsed.error);
  const d = parsed.data;
  return {
    ok: true,
    value: {
      ...(d.title != null && { title: d.title }),
      // An explicit null moves the video out of its collection.
      ...(d.collectionId !== undefined && { collectionId: d.collectionId }),
      ...(d.chapters != null && { chapters: d.chapters }),
      ...(d.moments != null && { moments: d.moments }),
      ...(d.metaTags != null && { metaTags: d.metaTags.map((t) => ({ property: t.property ?? null, value: t.value ?? null })) }),
    },
  };
}

/** Parses POST …/videos/fetch; only http and https sources are accepted. */
export function parseFetch(body: unknown): Parsed<FetchVideo> {
  const parsed = fetchSchema.safeParse(body);
  if (!parsed.success) return refused(parsed.error);
  let url: URL;
  try {
    url = new URL(parsed.data.url);
  } catch {
    return { ok: false, message: 'url: not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: 'url: only http and https URLs can be fetched' };
  return { ok: true, value: { url, headers: parsed.data.headers ?? {}, title: parsed.data.title ?? null } };
}

function refused(error: z.ZodError): Parsed<never> {
  const first = error.issues[0];
  const field = first?.path.join('.') || 'body';
  return { ok: false, message: `${field}: ${first?.message ?? 'invalid'}` };
}

const collectionSchema = z.object({ name: z.string().trim().min(1) });

/** Parses the `{ name }` body of creating or renaming a collection; a collection always has a name. */
export function parseCollection(body: unknown): Parsed<{ readonly name: string }> {
  const parsed = collectionSchema.safeParse(body);
  if (!parsed.success) return refused(parsed.error);
  return { ok: true, value: { name: parsed.data.name } };
}
