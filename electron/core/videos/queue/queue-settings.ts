/**
 * The queue's settings: how many uploads run at once, the global upload cap, and the size from which files go
 * resumable. Each comes from the command line's override, else from the journal, else from the default; a value
 * set later is checked here before the queue takes it.
 */
import { appError } from '../../../../shared/result.js';
import { BANDWIDTH_CAP, CONCURRENCY, RESUMABLE_OVER_DEFAULT } from '../../../../shared/videos/model.js';
import { AppFailure } from '../../errors.js';
import { BandwidthCap, validCap } from '../upload/bandwidth.js';
import type { JournalState } from './journal.js';
import { clampConcurrency } from './queue-support.js';

/** The settings a queue opens with. */
export interface OpeningSettings {
  readonly concurrency: number;
  readonly bandwidth: BandwidthCap;
  readonly resumableOver: number;
}

/** The settings at open: the overrides (the command line's flags) over the persisted ones, then the defaults. */
export function openingSettings(
  overrides: { readonly concurrency?: number; readonly bandwidthCap?: number | null; readonly resumableOver?: number },
  persisted: JournalState,
): OpeningSettings {
  const cap = overrides.bandwidthCap !== undefined ? overrides.bandwidthCap : (persisted.bandwidthCap ?? null);
  return {
    concurrency: clampConcurrency(overrides.concurrency ?? persisted.concurrency ?? CONCURRENCY.default),
    // A persisted cap outside today's bounds (an older build's) is dropped rather than refused at open.
    bandwidth: new BandwidthCap(validCap(cap) ? cap : null),
    resumableOver: overrides.resumableOver ?? persisted.resumableOver ?? RESUMABLE_OVER_DEFAULT,
  };
}

/** The concurrency as given, or a validation error naming the field. */
export function checkConcurrency(value: number): number {
  if (!Number.isInteger(value) || value < CONCURRENCY.min || value > CONCURRENCY.max) {
    throw new AppFailure(appError('validation', 'Invalid concurrency', { fieldErrors: { value: `must be between ${CONCURRENCY.min} and ${CONCURRENCY.max}` } }));
  }
  return value;
}

/** The upload cap as given (null: off), or a validation error naming the field. */
export function checkBandwidthCap(bytesPerSecond: number | null): number | null {
  if (!validCap(bytesPerSecond)) {
    throw new AppFailure(appError('validation', 'Invalid upload limit', { fieldErrors: { bytesPerSecond: `must be off or a whole number of bytes per second from ${BANDWIDTH_CAP.min} to ${BANDWIDTH_CAP.max}` } }));
  }
  return bytesPerSecond;
}
