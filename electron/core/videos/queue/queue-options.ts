/** How the upload queue is opened, and what opening it gives back. */
import type { PlatformClient } from '../../platform/types.js';
import type { HistoryFile } from './history.js';
import type { JobRunner, TusAccess, UploadQueue } from '../types.js';

/** How the queue is opened. */
export interface UploadQueueOptions {
  /** The folder holding the journal, the lock and the upload history. */
  readonly dir: string;
  readonly runner: JobRunner;
  clientFor(profileId: string): Promise<PlatformClient>;
  /** Overrides the persisted setting (the command line's `--concurrency`). */
  readonly concurrency?: number;
  /** Overrides the persisted upload cap (the command line's `--limit-rate`); null turns it off. */
  readonly bandwidthCap?: number | null;
  /** Overrides the persisted resumable threshold in bytes (the command line's `--resumable-over`). */
  readonly resumableOver?: number;
  /** What resumable uploads of a profile are signed with; without it, no job can be sent resumable. */
  tusAccessFor?(profileId: string): Promise<TusAccess | undefined>;
  readonly now?: () => number;
  /** Waits between polls and network probes; must return early when the signal is aborted. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  /** The change events' window: each job at most once per window (default 100 ms). */
  readonly throttleMs?: number;
  /** How long a row stays highlighted after its file was added again (default 3 s). */
  readonly highlightMs?: number;
  /** Told what the user should know that is not about one row (the upload history could not be written). */
  notice?(message: string): void;
  /** How the upload history opens its file (tests: one whose writes fail). */
  readonly openHistoryFile?: (path: string) => Promise<HistoryFile>;
}

/** An open queue; `recovered` explains a journal that could not be read and was set aside. */
export type OpenedUploadQueue = UploadQueue & { readonly recovered?: string };
