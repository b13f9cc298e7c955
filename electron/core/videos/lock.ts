/** One owner per upload queue: a lock file holding the owner's pid and start time. */
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { appError } from '../../../shared/result.js';
import { AppFailure } from '../errors.js';

/** The lock file's name inside the queue folder. */
export const LOCK_FILE = 'queue.lock';

/** A held lock; release it once, when the queue closes. */
export interface QueueLock {
  release(): Promise<void>;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(text: string): number | null {
  try {
    const v = JSON.parse(text) as { pid?: unknown };
    return typeof v.pid === 'number' ? v.pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the queue's lock. A lock whose pid is alive refuses (even our own pid: a second queue in this process would
 * be a second writer); a lock left by a process that is gone is taken over.
 */
export async function acquireLock(dir: string, options: { readonly pid?: number; readonly now?: () => number } = {}): Promise<QueueLock> {
  const path = join(dir, LOCK_FILE);
  const pid = options.pid ?? process.pid;
  const body = `${JSON.stringify({ pid, startedAt: (options.now ?? Date.now)() })}\n`;
  for (let tries = 0; tries < 3; tries++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          // Only remove the lock if it is still ours (a takeover after a long pause may have replaced it).
          const now = await readFile(path, 'utf8').catch(() => null);
          if (now === body) await rm(path, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null) continue;
    const owner = ownerOf(text);
    if (owner !== null && pidAlive(owner)) {
      throw new AppFailure(appError('conflict', `Another Burrow process (pid ${owner}) owns this upload queue`, {
        detail: 'Only one Burrow process at a time can run an upload queue. Close the other one (the app or a `burrow videos upload`) and try again.',
        code: 'queue_locked',
      }));
    }
    // Its owner is gone (or it was never fully written): the queue is ours now.
    await rm(path, { force: true });
  }
  throw new AppFailure(appError('conflict', 'Could not take the upload queue lock', { detail: `${path} keeps reappearing.`, code: 'queue_locked' }));
}
