/** In-memory state of the containers area: applications in creation order, ids, and list pages. */
import type { ValidationError } from '../../shared/apps/schema.js';
import { createRandom } from '../seed.js';
import type { IdSource } from './model.js';
import type { StoredApp } from './running.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Deterministic ids for a seed, so two runs with the same seed hand out the same ids. */
export function createIdSource(seed: number): IdSource {
  // Offset from the seed data's own stream so app ids do not echo key material.
  const rand = createRandom((seed ^ 0x6d630000) >>> 0);
  return {
    id: (length) => Array.from({ length }, () => BASE62[Math.floor(rand() * 62)]).join(''),
    int: (n) => Math.floor(rand() * n),
  };
}

/** A list answer as the platform shapes it: the page's items, meta.totalItems, and an opaque cursor for the next page (null on the last). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly meta: { readonly totalItems: number };
  readonly cursor: string | null;
}

export type PageResult<T> = { readonly ok: true; readonly page: ListPage<T> } | { readonly ok: false; readonly errors: ValidationError[] };

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

/** Cuts one page from `all` by the `limit` (1..1000, default 20) and opaque `nextCursor` query parameters. */
export function paginate<T>(all: readonly T[], query: URLSearchParams): PageResult<T> {
  const errors: ValidationError[] = [];
  let limit = DEFAULT_LIMIT;
  const rawLimit = query.get('limit');
  if (rawLimit !== null) {
    if (!/^[+-]?\d+$/.test(rawLimit.trim())) errors.push({ field: 'limit', message: `The value '${rawLimit}' is not valid for limit.` });
    else {
      limit = Number(rawLimit);
      if (limit < 1 || limit > MAX_LIMIT) errors.push({ field: 'limit', message: `The field limit must be between 1 and ${MAX_LIMIT}.` });
    }
  }
  let offset = 0;
  const rawCursor = query.get('nextCursor');
  if (rawCursor !== null && rawCursor !== '') {
    const decoded = Buffer.from(rawCursor, 'base64url').toString('utf8');
    const match = /^o:(\d{1,9})$/.exec(decoded);
    if (!match?.[1]) errors.push({ field: 'nextCursor', message: 'The cursor is not valid.' });
    else offset = Number(match[1]);
  }
  if (errors.length > 0) return { ok: false, errors };
  const items = all.slice(offset, offset + limit);
  const next = offset + limit < all.length ? Buffer.from(`o:${offset + limit}`).toString('base64url') : null;
  return { ok: true, page: { items, meta: { totalItems: all.length }, cursor: next } };
}

/** The account's applications. */
export class AppStore {
  private readonly apps = new Map<string, StoredApp>();
  readonly ids: IdSource;

  constructor(seed: number) {
    this.ids = createIdSource(seed);
  }

  get size(): number {
    return this.apps.size;
  }

  /** A fresh 15-character base62 application id. */
  newId(): string {
    let id = this.ids.id(15);
    while (this.apps.has(id)) id = this.ids.id(15);
    return id;
  }

  /** Adds an app, or replaces the one with its id. */
  add(app: StoredApp): void {
    this.apps.set(app.id, app);
  }

  get(id: string): StoredApp | undefined {
    return this.apps.get(id);
  }

  delete(id: string): boolean {
    return this.apps.delete(id);
  }

  list(): StoredApp[] {
    return [...this.apps.values()];
  }
}
