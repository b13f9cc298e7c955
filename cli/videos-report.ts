/** How `burrow videos upload` shows its jobs: JSON lines for scripts, a redrawn progress bar per file on a terminal. */
import { basename } from 'node:path';
import { jobStateWords, type JobView } from '../shared/videos/model.js';
import { redactText } from '../shared/common/redact.js';
import { isClockNote } from '../shared/videos/clock.js';
import type { OutStream } from './io.js';
import { escapeForTerminal } from './output.js';

/** The last line of a run: how the jobs this run followed ended. */
export interface UploadSummary {
  readonly queued: number;
  readonly done: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly sourceChanged: number;
}

/** What the command tells its reporter. */
export interface UploadReporter {
  /** A file not uploaded, and why (not a video, uploaded before, queued for another library). */
  skipped(file: string, reason: string): void;
  /** A snapshot of a followed job (every change the queue reports). */
  job(view: JobView, file: string): void;
  /** The platform cannot be reached (true) or can again (false). */
  network(waiting: boolean): void;
  /** The end: the last redraw and the summary. */
  finish(summary: UploadSummary): void;
}

/** At most one progress line per file per this many milliseconds. */
export const PROGRESS_INTERVAL_MS = 1000;

function errorOf(view: JobView): Record<string, unknown> | undefined {
  const e = view.error;
  if (e === null) return undefined;
  return { title: e.title, ...(e.detail !== undefined ? { detail: e.detail } : {}), ...(e.status !== undefined ? { status: e.status } : {}), ...(e.hint !== undefined ? { hint: e.hint } : {}) };
}

/**
 * One JSON object per line: a `state` event whenever a job's state, pause or video changes, a `progress` event at
 * most once a second per file while it uploads, and the summary last. Every line is scrubbed of the keys.
 */
export function jsonReporter(out: OutStream, secrets: () => readonly string[], now: () => number = Date.now): UploadReporter {
  const lastState = new Map<string, string>();
  const lastProgress = new Map<string, { at: number; bytes: number }>();
  const line = (value: unknown) => out.write(`${redactText(JSON.stringify(value), secrets())}\n`);
  return {
    skipped: (file, reason) => line({ event: 'skipped', file, reason }),
    network: (waiting) => line({ event: 'network', waitingForNetwork: waiting }),
    job(view, file) {
      // A new note (a status in words, a clock far off) is a change worth a line too.
      const key = `${view.state}|${view.paused}|${view.videoId ?? ''}|${view.error?.title ?? ''}|${view.note ?? ''}`;
      if (lastState.get(view.id) !== key) {
        lastState.set(view.id, key);
        const error = errorOf(view);
        line({
          event: 'state',
          id: view.id,
          file,
          state: view.state,
          videoId: view.videoId,
          title: view.title,
          paused: view.paused,
          ...(view.resumable ? { resumable: true } : {}),
          ...(view.encodeProgress !== null ? { encodeProgress: view.encodeProgress } : {}),
          ...(view.note !== null ? { note: view.note } : {}),
          ...(error !== undefined ? { error } : {}),
        });
      }
      if (view.state !== 'uploading') return;
      const last = lastProgress.get(view.id);
      const t = now();
      if (last !== undefined && (t - last.at < PROGRESS_INTERVAL_MS || last.bytes === view.bytesSent)) return;
      lastProgress.set(view.id, { at: t, bytes: view.bytesSent });
      line({ event: 'progress', id: view.id, file, bytesSent: view.bytesSent, size: view.size });
    },
    finish: (summary) => line({ summary }),
  };
}

/** A job's state in words, as the app's row says it; a waiting row's note and a failure's title and hint added. */
export function stateWords(view: JobView): string {
  const { label } = jobStateWords(view);
  if (view.state === 'queued' && !view.paused) return view.note ?? label;
  if (view.state !== 'failed') return label;
  return `${label}: ${view.error?.title ?? 'unknown error'}${view.error?.hint !== undefined ? ` (${view.error.hint})` : ''}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const BAR = 20;
const NAME = 28;

/** One row of the terminal view: name, bar, percent, bytes, state. */
export function barLine(view: JobView, file: string): string {
  const sent = ['verifying', 'processing', 'ready'].includes(view.state) ? view.size : view.state === 'uploading' ? view.bytesSent : 0;
  const fraction = view.size === 0 ? (sent === 0 && view.state !== 'ready' ? 0 : 1) : Math.min(1, sent / view.size);
  const filled = Math.round(fraction * BAR);
  // A file name may hold anything but `/` and NUL: newlines or escapes in it must not break or restyle the bars.
  const name = escapeForTerminal(basename(file), { oneLine: true });
  const shown = name.length > NAME ? `${name.slice(0, NAME - 1)}…` : name.padEnd(NAME);
  return `${shown} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${`${Math.floor(fraction * 100)}%`.padStart(4)} ${megabytes(sent)} / ${megabytes(view.size)}  ${stateWords(view)}`;
}

/** The terminal view: a line per file, redrawn in place at most ten times a second; notes go above it. */
export function terminalReporter(out: OutStream, secrets: () => readonly string[]): UploadReporter {
  const rows = new Map<string, string>();
  const clockSaid = new Set<string>();
  let drawn = 0;
  let timer: NodeJS.Timeout | undefined;
  const clean = (text: string) => escapeForTerminal(redactText(text, secrets()), { oneLine: true });
  const draw = () => {
    timer = undefined;
    let text = drawn > 0 ? `\x1b[${drawn}A\r` : '';
    for (const row of rows.values()) text += `\x1b[2K${row}\n`;
    drawn = rows.size;
    out.write(text);
  };
  const later = () => {
    timer ??= setTimeout(draw, 100);
  };
  /** A line of its own above the bars: the bars are drawn again below it. */
  const note = (text: string) => {
    const up = drawn > 0 ? `\x1b[${drawn}A\r\x1b[J` : '';
    drawn = 0;
    out.write(`${up}${clean(text)}\n`);
    if (rows.size > 0) draw();
  };
  return {
    skipped: (file, reason) => note(`skipped ${file}: ${reason}`),
    network: (waiting) => note(waiting ? 'Waiting for network…' : 'The network is back; continuing'),
    job(view, file) {
      // A clock far off the platform's is said once per file, above the bars.
      if (isClockNote(view.note) && !clockSaid.has(view.id)) {
        clockSaid.add(view.id);
        note(`${basename(file)}: ${view.note ?? ''}`);
      }
      rows.set(view.id, clean(barLine(view, file)));
      later();
    },
    finish(summary) {
      if (timer !== undefined) clearTimeout(timer);
      if (rows.size > 0) draw();
      const { queued, done, failed, cancelled, sourceChanged } = summary;
      out.write(`${queued} ${queued === 1 ? 'file' : 'files'}: ${done} done, ${failed} failed, ${cancelled} cancelled, ${sourceChanged} changed or missing on disk\n`);
    },
  };
}
