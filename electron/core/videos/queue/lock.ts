/**
 * One owner per upload queue: a lock file naming the owner's pid, start time, process identity (a reused pid is not
 * the owner) and a nonce. The file appears whole (written aside, then hard-linked into place, which fails when one
 * is there). A dead owner's lock is taken over by whoever links `queue.lock.takeover-<its nonce>` first, which then
 * renames its own lock over it; a claim left by a successor that died is taken over the same way.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';

/** The lock file's name inside the queue folder. */
export const LOCK_FILE = 'queue.lock';

/** A lock file that cannot be read is taken for one still being written (by an older Burrow) for this long. */
export const UNREADABLE_LOCK_GRACE_MS = 10_000;

/** A legacy lock (no process identity) belongs to the process at its pid only if that process started by then (plus this slack). */
const START_SLACK_MS = 2_000;

/** Succession claims on claims: more than this many dead successors in a row is not a crash, it is a bug. */
const MAX_CHAIN = 8;

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

/** Who a process is beyond its pid: its start (in clock ticks since boot) on this boot, and that start as a time. */
export interface ProcessIdentity {
  readonly id: string;
  readonly startedAtMs: number | null;
}

let bootFacts: Promise<{ readonly bootId: string; readonly bootTimeMs: number | null }> | undefined;

function readBootFacts(): Promise<{ readonly bootId: string; readonly bootTimeMs: number | null }> {
  bootFacts ??= (async () => {
    const bootId = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
    const stat = await readFile('/proc/stat', 'utf8').catch(() => '');
    const btime = /^btime (\d+)$/m.exec(stat)?.[1];
    return { bootId, bootTimeMs: btime === undefined ? null : Number(btime) * 1000 };
  })();
  return bootFacts;
}

/**
 * The identity of the process at `pid`, where the system tells it: on Linux field 22 of /proc/<pid>/stat, on macOS
 * and the BSDs the start time `ps` gives; null where neither answers (Windows), and then a live pid is taken for the owner.
 */
export async function processIdentity(pid: number): Promise<ProcessIdentity | null> {
  if (process.platform === 'win32') return null;
  if (process.platform !== 'linux') return psIdentity(pid);
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The command name in parentheses may hold spaces and parentheses itself: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields[19];
  if (ticks === undefined || !/^\d+$/.test(ticks)) return null;
  const { bootId, bootTimeMs } = await readBootFacts();
  // Linux reports process times in USER_HZ, which is 100 on every architecture it exports to user space.
  return { id: `${bootId}:${ticks}`, startedAtMs: bootTimeMs === null ? null : bootTimeMs + Number(ticks) * 10 };
}

/** The start of the process at `pid` as `ps` tells it (to the second, read in UTC); null when it cannot say. */
export function psIdentity(pid: number): Promise<ProcessIdentity | null> {
  if (!Number.isInteger(pid) || pid <= 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'lstart=', '-p', String(pid)], { env: { PATH: process.env.PATH ?? '/bin:/usr/bin', LC_ALL: 'C', TZ: 'UTC' }, timeout: 5_000 }, (error, stdout) => {
      // "Fri Nov 27 09:58:43 2026"
      const ms = error ? Number.NaN : Date.parse(`${String(stdout).trim().replace(/\s+/g, ' ')} UTC`);
      resolve(Number.isFinite(ms) ? { id: `ps:${ms}`, startedAtMs: ms } : null);
    });
  });
}

interface LockBody {
  readonly pid: number;
  readonly startedAt: number;
  readonly process?: string | null;
  readonly nonce?: string;
}

interface LockFileState {
  readonly text: string;
  readonly body: LockBody | null;
  readonly mtimeMs: number;
}

function parseBody(text: string): LockBody | null {
  try {
    const v = JSON.parse(text) as Partial<LockBody>;
    if (typeof v.pid !== 'number' || typeof v.startedAt !== 'number') return null;
    return {
      pid: v.pid,
      startedAt: v.startedAt,
      ...(typeof v.process === 'string' ? { process: v.process } : {}),
      ...(typeof v.nonce === 'string' ? { nonce: v.nonce } : {}),
    };
  } catch {
    return null;
  }
}

/** Reads a lock or claim file through one handle (so its time and text belong together); null when it is not there. */
async function readLockFile(path: string): Promise<LockFileState | null> {
  const handle = await open(path, 'r').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (handle === null) return null;
  try {
    const [info, text] = await Promise.all([handle.stat(), handle.readFile('utf8')]);
    return { text, body: parseBody(text), mtimeMs: info.mtimeMs };
  } finally {
    await handle.close();
  }
}

/** What names one lock file for succession: its nonce, or for a lock without one (older Burrow) a hash of its text. */
function instanceOf(state: LockFileState): string {
  const nonce = state.body?.nonce;
  if (nonce !== undefined && /^[0-9a-f]{8,64}$/.test(nonce)) return nonce;
  return createHash('sha256').update(state.text).digest('hex').slice(0, 32);
}

type Verdict = { readonly kind: 'alive'; readonly pid: number } | { readonly kind: 'writing' } | { readonly kind: 'stale' };

/** Whether the process that wrote a lock or claim still runs. */
async function judge(state: LockFileState): Promise<Verdict> {
  const body = state.body;
  if (body === null) {
    // Burrow writes its locks whole; text that does not read may be an older Burrow still writing it.
    return Date.now() - state.mtimeMs > UNREADABLE_LOCK_GRACE_MS ? { kind: 'stale' } : { kind: 'writing' };
  }
  if (!pidAlive(body.pid)) return { kind: 'stale' };
  const now = await processIdentity(body.pid);
  // Where the system does not say who runs at a pid, a live pid is the owner.
  if (now === null) return { kind: 'alive', pid: body.pid };
  if (typeof body.process === 'string') return body.process === now.id ? { kind: 'alive', pid: body.pid } : { kind: 'stale' };
  // A lock written without a process identity: the process at its pid must have started before the lock was taken.
  if (now.startedAtMs !== null && now.startedAtMs > body.startedAt + START_SLACK_MS) return { kind: 'stale' };
  return { kind: 'alive', pid: body.pid };
}

function locked(verdict: Verdict, path: string): AppFailure {
  if (verdict.kind === 'alive') {
    return new AppFailure(appError('conflict', `Another Burrow process (pid ${verdict.pid}) owns this upload queue`, {
      detail: 'Only one Burrow process at a time can run an upload queue. Close the other one (the app or a `burrow videos upload`) and try again.',
      code: 'queue_locked',
    }));
  }
  return new AppFailure(appError('conflict', 'Another Burrow process is taking this upload queue', {
    detail: `${path} is being written. Only one Burrow process at a time can run an upload queue; try again in a moment.`,
    code: 'queue_locked',
  }));
}

/** Filesystems without hard links (FAT, some network shares) answer with one of these. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Hard-links `from` to `to`; false when `to` is already there. Where the filesystem has no hard links, an exclusive
 * copy does: it may be seen half-copied for an instant, which reads as "being written", never as stale.
 */
async function linkExclusive(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code)) throw e;
  }
  try {
    await copyFile(from, to, constants.COPYFILE_EXCL);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/**
 * Wins the right to replace the dead lock (or claim) at `path`, read as `state`: resolves to the claim files made
 * on the way (to remove once the lock is ours), or null when someone else moved first and the caller starts over.
 */
async function succeed(dir: string, path: string, state: LockFileState, mine: string, depth: number): Promise<string[] | null> {
  if (depth > MAX_CHAIN) throw new Error(`${path}: too many abandoned takeovers of the upload queue's lock`);
  const claim = join(dir, `${LOCK_FILE}.takeover-${instanceOf(state)}`);
  let made: string[];
  if (await linkExclusive(mine, claim)) {
    made = [claim];
  } else {
    const holder = await readLockFile(claim);
    if (holder === null) return null;
    const verdict = await judge(holder);
    if (verdict.kind !== 'stale') throw locked(verdict.kind === 'alive' ? verdict : { kind: 'writing' }, claim);
    // The one that claimed this lock died before finishing: succeed it in turn; its claim goes once we are done.
    const deeper = await succeed(dir, claim, holder, mine, depth + 1);
    if (deeper === null) return null;
    made = [...deeper, claim];
  }
  // Only the holder of the claim may replace the dead lock, so if it is still in place now, it stays until we do.
  const still = await readLockFile(path);
  if (still === null || instanceOf(still) !== instanceOf(state)) {
    await Promise.all(made.slice(0, 1).map((p) => rm(p, { force: true })));
    return null;
  }
  return made;
}

/** Removes claims and unfinished lock files of processes that are gone (crashed mid-way), never the lock itself. */
async function sweep(dir: string, ownNonce: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(`${LOCK_FILE}.`) || name.endsWith(`takeover-${ownNonce}`)) continue;
    const path = join(dir, name);
    const state = await readLockFile(path).catch(() => null);
    if (state !== null && (await judge(state)).kind === 'stale') await rm(path, { force: true }).catch(() => undefined);
  }
}

/**
 * Takes the queue's lock. A lock whose owner is alive refuses (even our own process: a second queue in this
 * process would be a second writer); a lock left by a process that is gone, or whose pid now belongs to another
 * process, is taken over.
 */
export async function acquireLock(dir: string, options: { readonly pid?: number; readonly now?: () => number } = {}): Promise<QueueLock> {
  const path = join(dir, LOCK_FILE);
  const pid = options.pid ?? process.pid;
  const nonce = randomBytes(16).toString('hex');
  const identity = await processIdentity(pid);
  const body = `${JSON.stringify({ pid, startedAt: (options.now ?? Date.now)(), process: identity?.id ?? null, nonce })}\n`;
  // Written whole under a private name first, so the lock never appears half-written.
  const mine = join(dir, `${LOCK_FILE}.${nonce}.tmp`);
  const handle = await open(mine, 'wx', 0o600);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  const held = async (claims: readonly string[]): Promise<QueueLock> => {
    await Promise.all(claims.map((c) => rm(c, { force: true })));
    await sweep(dir, nonce);
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        // Only remove the lock if it is still ours.
        const now = await readLockFile(path).catch(() => null);
        if (now?.body?.nonce === nonce) await rm(path, { force: true });
      },
    };
  };
  try {
    for (let tries = 0; tries < 20; tries++) {
      if (await linkExclusive(mine, path)) return await held([]);
      const current = await readLockFile(path);
      if (current === null) continue;
      const verdict = await judge(current);
      if (verdict.kind !== 'stale') throw locked(verdict, path);
      const claims = await succeed(dir, path, current, mine, 0);
      if (claims === null) continue;
      // Atomic: the dead lock is replaced by ours, never removed first.
      await rename(mine, path);
      return await held(claims);
    }
    throw new AppFailure(appError('conflict', 'Could not take the upload queue lock', { detail: `${path} keeps changing.`, code: 'queue_locked' }));
  } finally {
    await rm(mine, { force: true });
  }
}
