/**
 * The create form's draft, kept by the core: read once when the form opens, written shortly after every change
 * (and at once when the form closes), and forgotten after a successful create or when the user discards it. Every
 * call names the profile that was active when the form opened: a profile switch closes the form after the core has
 * switched, and what the form writes then (secret values included) belongs to the profile it was typed for.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActiveProfile } from '../../../bridge/active-profile';
import { call } from '../../../bridge/client';
import { isRecord } from '../../../../shared/apps/json';
import type { AppFormValues } from './form-schema';

/** Form state that is not part of the body (rows typed but not yet a valid body member, say). */
export interface DraftUi {
  readonly nodeSelectorRows?: readonly { readonly key: string; readonly value: string }[];
  /** The side of the Form | JSON switch that was shown. */
  readonly view?: 'form' | 'json';
  /** The JSON view's text as typed (it may not read yet, so it cannot live in the values). */
  readonly jsonText?: string;
}

/** What apps.saveDraft stores: the values (the body as typed) and the UI state around them. */
export interface AppFormDraft {
  readonly values: AppFormValues;
  readonly ui?: DraftUi;
}

/** Saves this long after the last change: typing a word writes once, not once per key. */
export const DRAFT_SAVE_DELAY_MS = 300;
/** Changes that never pause (fast typing, a script) are still written at least this often. */
export const DRAFT_SAVE_MAX_WAIT_MS = 1000;

/** A stored draft if it has the form's shape at the top; its members are checked by the form's own validation. */
export function readDraft(stored: unknown): AppFormDraft | null {
  if (!isRecord(stored) || !isRecord(stored.values)) return null;
  const values = stored.values;
  if (!isRecord(values.autoScaling) || !isRecord(values.regionSettings)) return null;
  return { values: values as unknown as AppFormValues, ...(isRecord(stored.ui) ? { ui: stored.ui as DraftUi } : {}) };
}

/** The draft as the form opens: loading, then the stored draft (or null), or why it could not be read. */
export type DraftLoad =
  | { readonly state: 'loading' }
  | {
      readonly state: 'ready';
      readonly draft: AppFormDraft | null;
      readonly error?: unknown;
      /** Where the core keeps secret-looking variable values: sealed by the keychain, or in memory only. */
      readonly secretValues?: 'sealed' | 'memory';
      /** What the core says about the saved draft (its secret values were removed). */
      readonly notice?: string;
    };

/** The profile a draft call is about, as the contract takes it (the active one while this window has not heard yet). */
export type DraftOwner = { readonly profileId?: string };

/** The profile active as the form opens, kept for the form's life (whatever becomes active later). */
export function useDraftOwner(): DraftOwner {
  const [owner] = useState<DraftOwner>(() => {
    const id = useActiveProfile.getState().activeId;
    return id ? { profileId: id } : {};
  });
  return owner;
}

/** Reads the owner's draft once per mount (never from a cache: another window or an earlier create may have changed it). */
export function useDraftLoad(owner: DraftOwner): DraftLoad {
  const [load, setLoad] = useState<DraftLoad>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    call('apps.getDraft', { ...owner }).then(
      (r) =>
        live &&
        setLoad({ state: 'ready', draft: readDraft(r.draft), ...(r.secretValues ? { secretValues: r.secretValues } : {}), ...(r.notice !== undefined ? { notice: r.notice } : {}) }),
      (error: unknown) => live && setLoad({ state: 'ready', draft: null, error }),
    );
    return () => {
      live = false;
    };
  }, [owner]);
  return load;
}

/**
 * Schedules, flushes and clears draft writes. A write waits for a short pause in the changes, but never longer than
 * DRAFT_SAVE_MAX_WAIT_MS after the first unsaved change; a pending write is flushed when the form unmounts and when
 * the page is hidden or unloaded (a reload or a closed window does not unmount anything).
 */
export function useDraftSaver(owner: DraftOwner = {}) {
  const pending = useRef<AppFormDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstUnsaved = useRef<number | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    firstUnsaved.current = null;
    const draft = pending.current;
    pending.current = null;
    if (!draft) return;
    call('apps.saveDraft', { ...owner, draft }).then(
      () => setSaveError(null),
      (e: unknown) => setSaveError(e),
    );
  }, [owner]);

  const schedule = useCallback(
    (draft: AppFormDraft) => {
      pending.current = draft;
      const now = Date.now();
      firstUnsaved.current ??= now;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, Math.max(0, Math.min(DRAFT_SAVE_DELAY_MS, firstUnsaved.current + DRAFT_SAVE_MAX_WAIT_MS - now)));
    },
    [flush],
  );

  /** Drops any pending write and forgets the stored draft. */
  const clear = useCallback(async () => {
    clearTimeout(timer.current);
    firstUnsaved.current = null;
    pending.current = null;
    await call('apps.clearDraft', { ...owner });
  }, [owner]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
  return { schedule, flush, clear, saveError };
}
