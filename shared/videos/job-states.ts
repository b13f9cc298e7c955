/**
 * Where an upload job can stand, without zod, so what only needs the names (the sidebar's tray) loads no schema.
 * `created` means the video exists on the platform and its id is stored, but no byte has gone yet. `processing`
 * follows a verified upload while the platform encodes; `ready` ends it. `source-changed` and `source-missing` end a
 * job whose file changed or vanished: such a job is never reported done.
 */
export const JOB_STATES = [
  'queued',
  'creating',
  'created',
  'uploading',
  'verifying',
  'processing',
  'ready',
  'failed',
  'cancelled',
  'source-changed',
  'source-missing',
] as const;
type JobState = (typeof JOB_STATES)[number];

/** States that end a job: nothing more happens unless the user retries it. */
export const FINAL_STATES: ReadonlySet<JobState> = new Set(['ready', 'failed', 'cancelled', 'source-changed', 'source-missing']);

/** States in which a job holds one of the upload slots the concurrency setting counts. */
export const SLOT_STATES: ReadonlySet<JobState> = new Set(['creating', 'created', 'uploading', 'verifying']);
