/**
 * The Magic Containers calls the app and `burrow apps` share, over the platform client: list pages, one app, delete,
 * create (the exact JSON text, checked first), regions and registries (every page). An error answer becomes an
 * AppFailure in the user's words (app-errors.ts); network failures are the client's own.
 */
import { z } from 'zod';
import {
  addUnreadable,
  NOTHING_UNREADABLE,
  readApplication,
  readListPage,
  type ApplicationRead,
  type ItemRead,
  type ListRead,
  type Unreadable,
} from '../../../shared/apps/platform-answers.js';
import { appError } from '../../../shared/result.js';
import { AppFailure } from '../errors.js';
import type { PlatformClient, PlatformResponse } from '../platform/types.js';
import { explainAppsError } from './app-errors.js';

/** Pages followed at most when a list is read whole; far more than any account has, so a platform that repeats a cursor cannot loop us forever. */
export const MAX_PAGES = 200;

/** The answer's JSON, or the error it explains; `request` (the body sent, if any) names the rows in field errors. */
function answer(method: string, path: string, res: PlatformResponse, request?: unknown): unknown {
  if (res.status >= 200 && res.status < 300) return res.json();
  throw new AppFailure(explainAppsError({ status: res.status, body: res.body, where: `${method} ${path}`, ...(request !== undefined ? { request } : {}) }));
}

function unexpected(where: string, detail: string): AppFailure {
  return new AppFailure(appError('http', 'The platform answered in a shape Burrow does not know', { detail: `${detail} — ${where}` }));
}

/** Reads a list answer with the caller's item reader; only a page that is no list page at all fails. */
function pageOf<T>(where: string, raw: unknown, item: (raw: unknown) => ItemRead<T>): ListRead<T> {
  const page = readListPage(raw, item);
  if ('error' in page) throw unexpected(where, page.error);
  return page;
}

/** Every item of a list read whole, and what could not be read. */
export interface ListAll<T> {
  readonly items: T[];
  readonly unreadable: Unreadable;
}

/** The container API, bound to one client. */
export interface AppsApi {
  /** One page of `GET /apps`. */
  list<T>(item: (raw: unknown) => ItemRead<T>, page?: { readonly limit?: number; readonly cursor?: string | null }, signal?: AbortSignal): Promise<ListRead<T>>;
  /** Every page of a list path (`/apps`, `/regions`, `/registries`), in order; items that cannot be read are counted. */
  all<T>(path: '/apps' | '/regions' | '/registries', item: (raw: unknown) => ItemRead<T>, signal?: AbortSignal): Promise<ListAll<T>>;
  /** One application, read liberally (shared/apps/platform-answers.ts). */
  get(id: string, signal?: AbortSignal): Promise<ApplicationRead>;
  delete(id: string, signal?: AbortSignal): Promise<void>;
  /** Checks the text against the platform's rules (a violation throws a validation AppFailure, nothing sent), then sends exactly it; the whole answer. */
  create(text: string, signal?: AbortSignal): Promise<{ readonly id: string } & Record<string, unknown>>;
}

const appPath = (id: string) => `/apps/${encodeURIComponent(id)}`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Binds the calls to a client. */
export function appsApi(client: PlatformClient): AppsApi {
  const page = async <T>(path: string, item: (raw: unknown) => ItemRead<T>, limit: number | undefined, cursor: string | null | undefined, signal?: AbortSignal) => {
    const query = { ...(limit !== undefined ? { limit } : {}), ...(cursor ? { nextCursor: cursor } : {}) };
    const res = await client.send({ area: 'containers', method: 'GET', path, query, ...withSignal(signal) });
    return pageOf(`GET ${path}`, answer('GET', path, res), item);
  };
  return {
    list: (item, p = {}, signal) => page('/apps', item, p.limit, p.cursor, signal),
    async all<T>(path: string, item: (raw: unknown) => ItemRead<T>, signal?: AbortSignal): Promise<ListAll<T>> {
      const items: T[] = [];
      let unreadable = NOTHING_UNREADABLE;
      let cursor: string | null = null;
      for (let n = 0; n < MAX_PAGES; n++) {
        const p: ListRead<T> = await page(path, item, 1000, cursor, signal);
        items.push(...p.items);
        unreadable = addUnreadable(unreadable, p.unreadable);
        if (p.cursor === null || p.cursor === cursor) break;
        cursor = p.cursor;
      }
      return { items, unreadable };
    },
    async get(id: string, signal?: AbortSignal): Promise<ApplicationRead> {
      const res = await client.send({ area: 'containers', method: 'GET', path: appPath(id), ...withSignal(signal) });
      const read = readApplication(answer('GET', appPath(id), res), id);
      if (!read.ok) throw unexpected(`GET ${appPath(id)}`, `The app: ${read.reason}.`);
      return read.value;
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
      const raw = answer('POST', '/apps', res, checked.value);
      const parsed = z.looseObject({ id: z.string().min(1) }).safeParse(raw);
      if (!parsed.success) throw unexpected('POST /apps', 'The new app has no id.');
      return parsed.data;
    },
  };
}
