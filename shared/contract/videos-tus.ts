/** Videos: resumable (tus) uploads — which rows use them, and the size from which new files do by themselves. */
import { z } from 'zod';
import { empty } from './define.js';

const JobId = z.string().min(1).max(100);
/** 1 MiB: below a chunk, resuming saves nothing. */
const MIN_BYTES = 1024 * 1024;

const Threshold = z.object({ bytes: z.number().int() });

/** The resumable methods, spread into the videos area's contract. */
export const videosTusMethods = {
  /** Switches rows to (or from) the resumable protocol; a row sending now starts again the new way. */
  'videos.setResumable': {
    input: z.object({ ids: z.array(JobId).min(1, 'choose at least one row').max(100_000), resumable: z.boolean() }).strict(),
    output: z.object({ changed: z.number().int() }),
  },
  /** Files of at least this many bytes are added as resumable. */
  'videos.resumableOver': { input: empty, output: Threshold },
  'videos.setResumableOver': {
    input: z.object({ bytes: z.number().int('must be a whole number of bytes').min(MIN_BYTES, 'must be at least 1 MiB').max(2 ** 50, 'must be at most 1 PiB') }).strict(),
    output: Threshold,
  },
} as const;
