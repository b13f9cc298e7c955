/** The queue's resumable-upload setting: the size from which files are sent by the resumable protocol. */
import { appError } from '../../../../shared/result.js';
import { AppFailure } from '../../errors.js';

/** The smallest threshold: below a chunk, resuming saves nothing. */
export const RESUMABLE_OVER_MIN = 1024 * 1024;
/** Above the largest video the platform takes, the setting would mean "never". */
export const RESUMABLE_OVER_MAX = 2 ** 50;

/** The threshold as given, or a validation error naming the field. */
export function checkResumableOver(bytes: number): number {
  if (!Number.isSafeInteger(bytes) || bytes < RESUMABLE_OVER_MIN || bytes > RESUMABLE_OVER_MAX) {
    throw new AppFailure(appError('validation', 'Invalid resumable threshold', { fieldErrors: { bytes: `must be a whole number of bytes from ${RESUMABLE_OVER_MIN} (1 MiB) to ${RESUMABLE_OVER_MAX}` } }));
  }
  return bytes;
}
