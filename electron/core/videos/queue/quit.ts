/** What to ask before quitting while uploads run, and what the user is told will happen next launch. */
import type { JobView } from '../../../../shared/videos/model.js';

/** A question for the quit dialog, or null when nothing would be interrupted. */
export interface QuitQuestion {
  readonly message: string;
  readonly detail: string;
}

const RUNNING = new Set(['creating', 'created', 'uploading', 'verifying']);

/** Builds the question from the queue's rows: uploads under way restart, waiting ones start, next launch. */
export function quitQuestion(jobs: readonly JobView[]): QuitQuestion | null {
  const running = jobs.filter((j) => RUNNING.has(j.state) && !j.paused);
  const waiting = jobs.filter((j) => j.state === 'queued' && !j.paused);
  if (running.length === 0 && waiting.length === 0) return null;
  const n = running.length;
  const message = n > 0 ? `${n} upload${n === 1 ? ' is' : 's are'} running. Quit anyway?` : `${waiting.length} upload${waiting.length === 1 ? '' : 's'} waiting. Quit anyway?`;
  const parts: string[] = [];
  if (n > 0) {
    const names = running.slice(0, 3).map((j) => j.title);
    const more = n > 3 ? ` and ${n - 3} more` : '';
    parts.push(`${names.join(', ')}${more} will restart from the beginning of the file when Burrow opens again, on the same video${n === 1 ? '' : 's'}.`);
  }
  if (waiting.length > 0) parts.push(`${waiting.length} waiting file${waiting.length === 1 ? '' : 's'} will start then too. Nothing in the queue is lost.`);
  else parts.push('Nothing in the queue is lost.');
  return { message, detail: parts.join(' ') };
}
