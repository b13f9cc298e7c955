/** Which rows are selected, as a click or a key changes it: plain, Ctrl/Cmd (toggle) and Shift (range from the anchor). */

/** The selected ids and the row a Shift range starts from. */
export interface Selection {
  readonly ids: ReadonlySet<string>;
  readonly anchor: string | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/** How the user picked a row. */
export interface Pick {
  readonly toggle?: boolean;
  readonly range?: boolean;
}

/** The selection after picking `id` among the rows in `order`. */
export function pickRow(prev: Selection, id: string, order: readonly string[], how: Pick = {}): Selection {
  if (how.range && prev.anchor !== null) {
    const from = order.indexOf(prev.anchor);
    const to = order.indexOf(id);
    if (from >= 0 && to >= 0) {
      const [lo, hi] = from <= to ? [from, to] : [to, from];
      const ids = new Set(how.toggle ? prev.ids : []);
      for (const rowId of order.slice(lo, hi + 1)) ids.add(rowId);
      return { ids, anchor: prev.anchor };
    }
  }
  if (how.toggle) {
    const ids = new Set(prev.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

/** The selection without rows that are gone. */
export function keepExisting(prev: Selection, exists: (id: string) => boolean): Selection {
  const ids = [...prev.ids].filter(exists);
  if (ids.length === prev.ids.size && (prev.anchor === null || exists(prev.anchor))) return prev;
  return { ids: new Set(ids), anchor: prev.anchor !== null && exists(prev.anchor) ? prev.anchor : null };
}
