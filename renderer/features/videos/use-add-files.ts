/**
 * Adding files to the queue, by drop or by the native dialog, and what follows: one toast naming the files left
 * out, one for files already queued (their rows light up), and the "Upload again / Skip" question for files this
 * machine already uploaded to the library.
 */
import { useCallback, useState } from 'react';
import type { AddResult } from '../../../shared/contract/videos';
import { drop, errorOf } from '../../bridge/client';
import { useCallMutation } from '../../bridge/queries';
import { notify } from '../../ui/toast';
import { skippedMessage } from './drop-files';

/** Where added files go. */
export interface Target {
  readonly libraryId: number | null;
  readonly collectionId: string | null;
}

/** A file the user is asked about: uploaded before from this machine. */
export interface PreviousUpload {
  readonly token: string;
  readonly name: string;
  readonly uploadedAt: number;
}

const NO_LIBRARY = 'Choose a video library first: each file becomes a video in it.';

export function useAddFiles(target: Target) {
  const add = useCallMutation('videos.add');
  const choose = useCallMutation('videos.choose');
  // Drops under way: each is one call, the files going to the core by path (the queue's events show the rows).
  const [dropping, setDropping] = useState(0);
  const [previous, setPrevious] = useState<readonly PreviousUpload[]>([]);

  const report = useCallback((result: AddResult) => {
    const named = (outcome: AddResult['files'][number]['outcome']) => result.files.filter((f) => f.outcome === outcome);
    const left = [...result.skipped, ...named('unreadable').map((f) => f.name), ...named('empty').map((f) => `${f.name} (an empty file)`)];
    if (left.length > 0) notify.warning(skippedMessage(left));
    const queued = new Set(named('queued').map((f) => f.jobId)).size;
    if (queued > 0) notify.info(queued === 1 ? '1 file is already in the queue.' : `${queued} files are already in the queue.`);
    const before = named('uploaded').map((f) => ({ token: f.token, name: f.name, uploadedAt: f.uploadedAt ?? 0 }));
    if (before.length > 0) setPrevious((p) => [...p, ...before]);
  }, []);

  const failed = useCallback((e: unknown) => {
    const err = errorOf(e);
    notify.error(err.detail ? `${err.title}: ${err.detail}` : err.title);
  }, []);

  const addTokens = useCallback(
    (tokens: readonly string[], again = false) => {
      if (target.libraryId === null) return notify.warning(NO_LIBRARY);
      if (tokens.length === 0) return;
      add.mutate({ libraryId: target.libraryId, collectionId: target.collectionId, tokens: [...tokens], ...(again ? { again: true } : {}) }, { onSuccess: report, onError: failed });
    },
    [add, target.libraryId, target.collectionId, report, failed],
  );

  /** Adds dropped files and folders; files with no path on disk are named. */
  const addDropped = useCallback(
    (files: readonly File[]) => {
      if (target.libraryId === null) return notify.warning(NO_LIBRARY);
      setDropping((n) => n + 1);
      drop(files, 'videos.add', { libraryId: target.libraryId, collectionId: target.collectionId })
        .then(({ value, refused }) => {
          if (refused.length > 0) notify.error(skippedMessage(refused, 'could not be read'));
          if (value) report(value);
        }, failed)
        .finally(() => setDropping((n) => n - 1));
    },
    [target.libraryId, target.collectionId, report, failed],
  );

  /** Opens the native dialog; what the user picks is added by the core. */
  const chooseFiles = useCallback(() => {
    if (target.libraryId === null) return notify.warning(NO_LIBRARY);
    choose.mutate({ libraryId: target.libraryId, collectionId: target.collectionId }, { onSuccess: report, onError: failed });
  }, [choose, target.libraryId, target.collectionId, report, failed]);

  /** The user's answer to "uploaded before": the tokens to upload again (the rest are skipped). */
  const answerPrevious = useCallback(
    (again: readonly string[]) => {
      setPrevious([]);
      addTokens(again, true);
    },
    [addTokens],
  );

  return { addDropped, chooseFiles, previous, answerPrevious, adding: add.isPending || choose.isPending || dropping > 0 };
}
