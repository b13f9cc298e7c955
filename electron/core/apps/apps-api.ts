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
import { AppOverview, AppOverviewRegion } from '../../../shared/contract/apps.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import type { PlatformClient, PlatformRequest, PlatformResponse } from '../platform/types.js';
import { explainAppsError } from './app-errors.js';

/** Pages followed at most when a list is read whole; far more than any account has, so a platform that repeats a cursor cannot loop us forever. */
export const MAX_PAGES = 200;

/** The answer's JSON (a 2xx), or the error it explains as an AppFailure in the user's words; `request` (the body sent, if any) names the rows in field errors. */
function answer(method: string, path: string, res: PlatformResponse, request?: unknown): unknown {
  if (res.status >= 200 && res.status < 300) return res.json();
  throw new AppFailure(explainAppsError({ status: res.status, body: res.body, where: `${method} ${path}`, ...(request !== undefined ? { request } : {}) }));
}

/** An answer in a shape Burrow cannot use. */
export function unexpected(where: string, detail: string): AppFailure {
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
  /** Starts, stops or restarts every instance (`POST /apps/{id}/deploy|undeploy|restart`). */
  run(id: string, action: 'deploy' | 'undeploy' | 'restart', signal?: AbortSignal): Promise<void>;
  /** The running state (`GET /apps/{id}/overview`), members the platform sent in a shape we do not know left out. */
  overview(id: string, signal?: AbortSignal): Promise<AppOverview>;
  /** Checks the whole desired request with the create rules (nothing sent on a violation), then sends it as a merge-patch. */
  update(id: string, text: string, signal?: AbortSignal): Promise<{ readonly id: string }>;
  /** `PUT /apps/{id}/autoscaling`. */
  setScaling(id: string, scaling: { readonly min: number; readonly max: number }, signal?: AbortSignal): Promise<void>;
  /** `PUT /apps/{id}/region-settings`. */
  setRegions(id: string, regions: RegionChange, signal?: AbortSignal): Promise<void>;
  /** `PUT /apps/{id}/containers/{containerId}/env`: the whole list, as an object of name to value. */
  setEnv(id: string, containerId: string, variables: readonly { readonly name: string; readonly value: string }[], signal?: AbortSignal): Promise<void>;
}

/** Where an app may and must run. */
export interface RegionChange {
  readonly allowedRegionIds: readonly string[];
  readonly requiredRegionIds: readonly string[];
  readonly maxAllowedRegions?: number | null | undefined;
}

/**
 * Reads an overview member by member: one the platform sent in a shape we do not know is left out rather than
 * failing the page, and region rows that cannot be read are skipped.
 */
export function readOverview(raw: unknown): AppOverview | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const out: Record<string, unknown> = {};
  const shape = AppOverview.shape;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'regions') {
      if (Array.isArray(value)) out.regions = value.flatMap((r) => {
        const row = AppOverviewRegion.safeParse(r);
        return row.success ? [row.data] : [];
      });
      continue;
    }
    const member = (shape as Record<string, z.ZodType | undefined>)[key];
    if (!member) {
      out[key] = value;
      continue;
    }
    const read = member.safeParse(value);
    if (read.success) out[key] = read.data;
  }
  return out as AppOverview;
}

const appPath = (id: string) => `/apps/${encodeURIComponent(id)}`;

/** What one request sends: a value as JSON, or a text exactly as it is; a query; the caller's signal. */
interface Send {
  readonly json?: unknown;
  readonly text?: string;
  readonly query?: PlatformRequest['query'];
  readonly signal?: AbortSignal | undefined;
}

/** Sends requests to the containers API over a client, each read as `answer` reads it (`request` names field errors' rows). */
export function containersCall(client: PlatformClient) {
  return async (method: string, path: string, { json, text, query, signal }: Send = {}, request?: unknown): Promise<unknown> => {
    const body = text !== undefined ? { body: text, contentType: 'application/json' } : json !== undefined ? { json } : {};
    const res = await client.send({ area: 'containers', method, path, ...body, ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
    return answer(method, path, res, request);
  };
}

/** Binds the calls to a client. */
export function appsApi(client: PlatformClient): AppsApi {
  const call = containersCall(client);
  const page = async <T>(path: string, item: (raw: unknown) => ItemRead<T>, limit: number | undefined, cursor: string | null | undefined, signal?: AbortSignal) => {
    const query = { ...(limit !== undefined ? { limit } : {}), ...(cursor ? { nextCursor: cursor } : {}) };
    return pageOf(`GET ${path}`, await call('GET', path, { query, signal }), item);
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
      const read = readApplication(await call('GET', appPath(id), { signal }), id);
      if (!read.ok) throw unexpected(`GET ${appPath(id)}`, `The app: ${read.reason}.`);
      return read.value;
    },
    async delete(id, signal) {
      await call('DELETE', appPath(id), { signal });
    },
    async create(text, signal) {
      // The platform's rules (a large schema) load with the first create, not with the core: the app opens sooner.
      const body = (await import('./validate.js')).checkedBody(text);
      const parsed = z.looseObject({ id: z.string().min(1) }).safeParse(await call('POST', '/apps', { text, signal }, body));
      if (!parsed.success) throw unexpected('POST /apps', 'The new app has no id.');
      return parsed.data;
    },
    async run(id, action, signal) {
      await call('POST', `${appPath(id)}/${action}`, { signal });
    },
    async overview(id, signal) {
      const path = `${appPath(id)}/overview`;
      const read = readOverview(await call('GET', path, { signal }));
      if (!read) throw unexpected(`GET ${path}`, 'The overview is not an object.');
      return read;
    },
    async update(id, text, signal) {
      const body = (await import('./validate.js')).checkedBody(text);
      // The platform answers the app's id; an empty answer still means the change was taken.
      const parsed = z.looseObject({ id: z.string().min(1) }).safeParse(await call('PATCH', appPath(id), { text, signal }, body));
      return { id: parsed.success ? parsed.data.id : id };
    },
    async setScaling(id, { min, max }, signal) {
      await call('PUT', `${appPath(id)}/autoscaling`, { json: { min, max }, signal });
    },
    async setRegions(id, regions, signal) {
      const json = {
        allowedRegionIds: regions.allowedRegionIds,
        requiredRegionIds: regions.requiredRegionIds,
        ...(regions.maxAllowedRegions !== undefined ? { maxAllowedRegions: regions.maxAllowedRegions } : {}),
      };
      await call('PUT', `${appPath(id)}/region-settings`, { json, signal });
    },
    async setEnv(id, containerId, variables, signal) {
      const names = new Set<string>();
      for (const v of variables) {
        if (names.has(v.name)) throw new AppFailure(appError('validation', `The variable ${v.name} is named twice`, { detail: 'Each name may appear once; nothing was sent.' }));
        names.add(v.name);
      }
      const json = Object.fromEntries(variables.map((v) => [v.name, v.value]));
      await call('PUT', `${appPath(id)}/containers/${encodeURIComponent(containerId)}/env`, { json, signal });
    },
  };
}
