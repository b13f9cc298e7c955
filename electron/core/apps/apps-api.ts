/**
 * The Magic Containers calls the app and `burrow apps` share, over the platform client: list pages, one app, delete,
 * create (the exact JSON text, checked first), regions and registries (every page). An error answer becomes an
 * AppFailure in the user's words (app-errors.ts); network failures are the client's own.
 */
import { z } from 'zod';
import { appError } from '../../../shared/result.js';
import { AppFailure } from '../errors.js';
import type { PlatformClient, PlatformResponse } from '../platform/types.js';
import { explainAppsError } from './app-errors.js';

/** One page of a platform list: its items, the total when given, and the cursor of the next page (null on the last). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly totalItems: number | null;
  readonly cursor: string | null;
}

const PageShape = z.object({
  items: z.array(z.unknown()),
  meta: z.object({ totalItems: z.number().int().nullable().optional() }).nullable().optional(),
  cursor: z.string().nullable().optional(),
});

/** Pages followed at most when a list is read whole; far more than any account has, so a platform that repeats a cursor cannot loop us forever. */
export const MAX_PAGES = 200;

function answer(method: string, path: string, res: PlatformResponse): unknown {
  if (res.status >= 200 && res.status < 300) return res.json();
  throw new AppFailure(explainAppsError({ status: res.status, body: res.body, where: `${method} ${path}` }));
}

function unexpected(where: string, detail: string): AppFailure {
  return new AppFailure(appError('http', 'The platform answered in a shape Burrow does not know', { detail: `${detail} — ${where}` }));
}

/** Parses a list answer; the items are checked by the caller's schema. */
function pageOf<T>(where: string, raw: unknown, item: z.ZodType<T>): ListPage<T> {
  const page = PageShape.safeParse(raw);
  if (!page.success) throw unexpected(where, 'A list without items.');
  const items: T[] = [];
  for (const [i, it] of page.data.items.entries()) {
    const parsed = item.safeParse(it);
    if (!parsed.success) throw unexpected(where, `Item ${i} of the list: ${parsed.error.issues[0]?.message ?? 'not as expected'}.`);
    items.push(parsed.data);
  }
  return { items, totalItems: page.data.meta?.totalItems ?? null, cursor: page.data.cursor ?? null };
}

/** The container API, bound to one client. */
export interface AppsApi {
  /** One page of `GET /apps`. */
  list<T>(item: z.ZodType<T>, page?: { readonly limit?: number; readonly cursor?: string | null }, signal?: AbortSignal): Promise<ListPage<T>>;
  /** Every page of a list path (`/apps`, `/regions`, `/registries`), in order. */
  all<T>(path: '/apps' | '/regions' | '/registries', item: z.ZodType<T>, signal?: AbortSignal): Promise<T[]>;
  /** One application, checked by the caller's schema. */
  get<T>(id: string, shape: z.ZodType<T>, signal?: AbortSignal): Promise<T>;
  delete(id: string, signal?: AbortSignal): Promise<void>;
  /** Checks the text against the platform's rules (a violation throws a validation AppFailure, nothing sent), then sends exactly it; the whole answer. */
  create(text: string, signal?: AbortSignal): Promise<{ readonly id: string } & Record<string, unknown>>;
}

const appPath = (id: string) => `/apps/${encodeURIComponent(id)}`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Binds the calls to a client. */
export function appsApi(client: PlatformClient): AppsApi {
  const page = async <T>(path: string, item: z.ZodType<T>, limit: number | undefined, cursor: string | null | undefined, signal?: AbortSignal) => {
    const query = { ...(limit !== undefined ? { limit } : {}), ...(cursor ? { nextCursor: cursor } : {}) };
    const res = await client.send({ area: 'containers', method: 'GET', path, query, ...withSignal(signal) });
    return pageOf(`GET ${path}`, answer('GET', path, res), item);
  };
  return {
    list: (item, p = {}, signal) => page('/apps', item, p.limit, p.cursor, signal),
    async all<T>(path: string, item: z.ZodType<T>, signal?: AbortSignal): Promise<T[]> {
      const out: T[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < MAX_PAGES; n++) {
        const p: ListPage<T> = await page(path, item, 1000, cursor, signal);
        out.push(...p.items);
        if (p.cursor === null || p.cursor === cursor) return out;
        cursor = p.cursor;
      }
      return out;
    },
    async get<T>(id: string, shape: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
      const res = await client.send({ area: 'containers', method: 'GET', path: appPath(id), ...withSignal(signal) });
      const parsed = shape.safeParse(answer('GET', appPath(id), res));
      if (!parsed.success) throw unexpected(`GET ${appPath(id)}`, `The app: ${parsed.error.issues[0]?.message ?? 'not as expected'}.`);
      return parsed.data;
    },
    async delete(id, signal) {
      const res = await client.send({ area: 'containers', method: 'DELETE', path: appPath(id), ...withSignal(signal) });
      answer('DELETE', appPath(id), res);
    },
    async create(text, signal) {
      // The platform's rules (a large schema) load with the first create, not with the core: the app opens sooner.
      const { checkAppText, violationsError } = await import('./validate.js');
      const checked = checkAppText(text);
      if (!checked.ok) throw new AppFailure(violationsError(checked.violations));
      const res = await client.send({ area: 'containers', method: 'POST', path: '/apps', body: text, contentType: 'application/json', ...withSignal(signal) });
      const raw = answer('POST', '/apps', res);
      const parsed = z.looseObject({ id: z.string().min(1) }).safeParse(raw);
      if (!parsed.success) throw unexpected('POST /apps', 'The new app has no id.');
      return parsed.data;
    },
  };
}
