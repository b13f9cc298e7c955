/**
 * The fetch rows the core reports, newest first: one `videos.fetches` when the panel mounts, then every
 * `videos.fetchRows` event merged in. Rows carry header names only; values never reach the renderer's state.
 */
import { create } from 'zustand';
import type { FetchView } from '../../../../shared/contract/videos-fetch';
import type { AppError } from '../../../../shared/contract/result';
import { call } from '../../../bridge/client';
import { useLoadThenFollow } from '../../../bridge/events';

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

/** Loads the rows and keeps them current while mounted. */
export function useFetchSync(): void {
  const rows = useFetchRows.getState();
  useLoadThenFollow('videos.fetchRows', () => call('videos.fetches', {}), { ...rows, replace: (list) => rows.replace(list.fetches) });
}
