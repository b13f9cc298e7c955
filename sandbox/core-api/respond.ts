/** Error bodies and list paging shared by the core API routes. */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.js';
import type { Wire } from './models.js';

/** The result of adding or changing a zone: its new model, or the refusal in the core API's error words. */
export type ZoneResult =
  | { readonly ok: true; readonly zone: Wire }
  | { readonly ok: false; readonly errorKey: string; readonly field: string | null; readonly message: string };

/** Sends the core API's error body `{ErrorKey, Field, Message}`. */
export function sendError(res: ServerResponse, status: number, errorKey: string, field: string | null, message: string): true {
  sendJson(res, status, { ErrorKey: errorKey, Field: field, Message: message });
  return true;
}

/** Paging parameters read from a query string, or the first invalid one. */
export type Paging =
  | { readonly ok: true; readonly page: number; readonly perPage: number; readonly search: string }
  | { readonly ok: false; readonly field: string; readonly message: string };

function intParam(query: URLSearchParams, name: string, fallback: number): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** Reads `page`, `perPage` (clamped to 5..1000 like the platform) and `search`. */
export function readPaging(query: URLSearchParams, defaultPage: number): Paging {
  const page = intParam(query, 'page', defaultPage);
  if (page === undefined) return { ok: false, field: 'page', message: 'The page parameter must be a non-negative integer.' };
  const perPage = intParam(query, 'perPage', 1000);
  if (perPage === undefined) return { ok: false, field: 'perPage', message: 'The perPage parameter must be a non-negative integer.' };
  return { ok: true, page, perPage: Math.min(1000, Math.max(5, perPage)), search: (query.get('search') ?? '').trim().toLowerCase() };
}

/** One page of a list in the platform's `{Items, CurrentPage, TotalItems, HasMoreItems}` shape. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number) {
  const current = Math.max(1, page);
  const start = (current - 1) * perPage;
  return {
    Items: items.slice(start, start + perPage),
    CurrentPage: current,
    TotalItems: items.length,
    HasMoreItems: start + perPage < items.length,
  };
}

/**
 * The list answer of /pullzone, /storagezone and /videolibrary: a plain array when page is 0 (the default),
 * a page object when page > 0.
 */
export function listOrPage<T>(items: readonly T[], paging: { readonly page: number; readonly perPage: number }) {
  return paging.page === 0 ? items : pageOf(items, paging.page, paging.perPage);
}
