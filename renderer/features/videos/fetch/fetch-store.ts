/**
 * The fetch rows the core reports, newest first: one `videos.fetches` when the panel mounts, then every
 * `videos.fetchRows` event merged in. Rows carry header names only; values never reach the renderer's state.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { FetchView } from '../../../../shared/contract/videos-fetch';
import type { AppError } from '../../../../shared/result';
import { call, errorOf, subscribe } from '../../../bridge/client';

interface FetchRowsState {
  readonly rows: readonly FetchView[];
  readonly loadError: AppError | null;
  replace(rows: readonly FetchView[]): void;
  merge(change: { readonly fetches: readonly FetchView[]; readonly removed: readonly string[] }): void;
  failed(error: AppError): void;
}

export const useFetchRows = create<FetchRowsState>()((set) => ({
  rows: [],
  loadError: null,
  replace: (rows) => set({ rows: [...rows], loadError: null }),
  merge: (change) =>
    set((s) => {
      const byId = new Map(s.rows.map((r) => [r.id, r]));
      for (const id of change.removed) byId.delete(id);
      for (const row of change.fetches) byId.set(row.id, row);
      return { rows: [...byId.values()].sort((a, b) => b.addedAt - a.addedAt) };
    }),
  failed: (loadError) => set({ loadError }),
}));

/** Loads the rows and keeps them current while mounted; events that arrive during the load are applied after it. */
export function useFetchSync(): void {
  useEffect(() => {
    let live = true;
    let early: { fetches: FetchView[]; removed: string[] }[] | null = [];
    const off = subscribe('videos.fetchRows', (change) => {
      if (early) early.push(change);
      else useFetchRows.getState().merge(change);
    });
    call('videos.fetches', {})
      .then((list) => live && useFetchRows.getState().replace(list.fetches))
      .catch((e: unknown) => live && useFetchRows.getState().failed(errorOf(e)))
      .finally(() => {
        if (!live) return;
        for (const change of early ?? []) useFetchRows.getState().merge(change);
        early = null;
      });
    return () => {
      live = false;
      off();
    };
  }, []);
}
