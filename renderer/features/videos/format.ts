/**
 * How a queue row says things in words and numbers: sizes, speed, time left, percent and the state. Every number
 * shown is finite; anything unknown is left out rather than printed as NaN, ∞ or a guess.
 */
import { FINAL_STATES } from '../../../shared/videos/job-states';
import type { JobView, QueueCounts } from '../../../shared/videos/model';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count in decimal units, one decimal from KB up ("1.5 GB"); "0 B" for anything not a finite positive number. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Bytes per second as "12.3 MB/s"; null when there is no speed to tell. */
export function formatSpeed(bytesPerSecond: number | null): string | null {
  if (bytesPerSecond === null || !Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return null;
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Seconds left as "45 s left", "3 min 20 s left" or "2 h 5 min left"; null when unknown. */
export function formatEta(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s left`;
  if (s < 3600) {
    const rest = s % 60;
    return rest === 0 ? `${Math.floor(s / 60)} min left` : `${Math.floor(s / 60)} min ${rest} s left`;
  }
  const minutes = Math.floor((s % 3600) / 60);
  return minutes === 0 ? `${Math.floor(s / 3600)} h left` : `${Math.floor(s / 3600)} h ${minutes} min left`;
}

/** Whole percent of `part` in `whole`, 0..100; 0 when the whole is empty or either is not a number. */
export function percentOf(part: number, whole: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((part / whole) * 100)));
}

/** How far a row's bar is: bytes while uploading, whole once the platform took the file. */
export function jobPercent(job: JobView): number {
  switch (job.state) {
    case 'verifying':
    case 'processing':
    case 'ready':
      return 100;
    default:
      // A zero-byte file has nothing to send: it is whole as soon as it is sent.
      return job.size === 0 ? (job.bytesSent > 0 ? 100 : 0) : percentOf(job.bytesSent, job.size);
  }
}

/** Whether a job has ended (nothing more happens unless it is retried). */
export function isFinal(job: JobView): boolean {
  return FINAL_STATES.has(job.state);
}

/** The failure of a failed row in one line: "The library key was refused (401): Invalid key". */
export function errorLine(job: JobView): string | null {
  if (!job.error) return null;
  // Some titles already end in their status; it is never said twice.
  const status = job.error.status !== undefined && !job.error.title.includes(`(${job.error.status})`) ? ` (${job.error.status})` : '';
  return job.error.detail ? `${job.error.title}${status}: ${job.error.detail}` : `${job.error.title}${status}`;
}

/** The numbers beside a row's bar: "120.0 MB of 300.0 MB · 12.0 MB/s · 15 s left", leaving out what is unknown. */
export function progressLine(job: JobView): string {
  const parts: string[] = [];
  if (job.state === 'uploading' || job.state === 'created' || (job.bytesSent > 0 && !isFinal(job) && job.state !== 'verifying' && job.state !== 'processing')) {
    parts.push(`${formatBytes(job.bytesSent)} of ${formatBytes(job.size)}`);
  } else {
    parts.push(formatBytes(job.size));
  }
  // Speed and time left mean something only while bytes move.
  if (job.state === 'uploading' && !job.paused) {
    const speed = formatSpeed(job.speed);
    const eta = formatEta(job.eta);
    if (speed) parts.push(speed);
    if (eta) parts.push(eta);
  }
  return parts.join(' · ');
}

/** The calm summary the live region reads: it changes with the counts, never with bytes. */
export function queueSummary(counts: QueueCounts): string {
  if (counts.queued === 0) return 'No uploads.';
  const parts = [`${counts.done} of ${counts.queued} uploaded`];
  if (counts.inFlight > 0) parts.push(`${counts.inFlight} in progress`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`);
  if (counts.sourceChanged > 0) parts.push(`${counts.sourceChanged} changed or missing`);
  return `${parts.join(', ')}.`;
}
