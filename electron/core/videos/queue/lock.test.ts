import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../errors.js';
import { acquireLock, LOCK_FILE, processIdentity, psIdentity, type QueueLock } from './lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A pid no process has any more. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;
const lockBody = async () => JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
const codeOf = (e: unknown) => (e instanceof AppFailure ? e.error.code : String(e));
const onLinux = process.platform === 'linux';

describe('queue lock', () => {
  it('refuses a second owner whose process is alive, with its pid; free again once released', async () => {
    const lock = await acquireLock(dir);
    await expect(acquireLock(dir)).rejects.toThrow(`Another Burrow process (pid ${process.pid}) owns this upload queue`);
    await lock.release();
    const again = await acquireLock(dir);
    await again.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes over a lock left by a process that is gone, and leaves nothing behind on release', async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), startedAt: 1 }));
    const lock = await acquireLock(dir, { now: () => 77 });
    expect(await lockBody()).toMatchObject({ pid: process.pid, startedAt: 77, nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it.runIf(onLinux)('keeps the identity of the owning process, and takes over a lock whose pid now belongs to another process', async () => {
    const lock = await acquireLock(dir);
    expect((await lockBody()).process).toBe((await processIdentity(process.pid))?.id);
    await lock.release();
    // Our own pid, alive, but a lock written by a process that started at another time (a pid reused in a container).
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, startedAt: Date.now(), process: 'another-boot:12345', nonce: 'ab'.repeat(16) }));
    const taken = await acquireLock(dir);
    expect((await lockBody()).nonce).not.toBe('ab'.repeat(16));
    await taken.release();
    // A lock of an older Burrow (no identity) by pid 1, taken before pid 1 started: pid 1 is another process now.
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, startedAt: 1 }));
    const fromPid1 = await acquireLock(dir);
    expect((await lockBody()).pid).toBe(process.pid);
    await fromPid1.release();
  });

  it.runIf(process.platform !== 'win32')('where there is no /proc, ps tells when a process started: the same answer each time, none for a pid that is gone', async () => {
    const mine = await psIdentity(process.pid);
    expect(mine?.id).toMatch(/^ps:\d+$/);
    expect(Math.abs(mine!.startedAtMs! - (Date.now() - process.uptime() * 1000))).toBeLessThan(5_000);
    expect(await psIdentity(process.pid)).toEqual(mine);
    expect(await psIdentity(deadPid())).toBeNull();
  });

  it('never takes a lock still being written for a stale one; one left unreadable for long is taken over', async () => {
    await writeFile(join(dir, LOCK_FILE), '{"pi');
    const refused = await acquireLock(dir).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe('queue_locked');
    expect((refused as Error).message).toBe('Another Burrow process is taking this upload queue');
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe('{"pi');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(join(dir, LOCK_FILE), longAgo, longAgo);
    const lock = await acquireLock(dir);
    expect((await lockBody()).pid).toBe(process.pid);
    await lock.release();
  });

  it('a takeover that died half-way (its claim left behind) is itself taken over', async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), startedAt: 1, nonce: 'cd'.repeat(16) }));
    await writeFile(join(dir, `${LOCK_FILE}.takeover-${'cd'.repeat(16)}`), JSON.stringify({ pid: deadPid(), startedAt: 2, nonce: 'ef'.repeat(16) }));
    const lock = await acquireLock(dir);
    expect((await lockBody()).pid).toBe(process.pid);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('100 racing starts over a stale lock: exactly one owner each time', async () => {
    const dead = deadPid();
    for (let trial = 0; trial < 100; trial++) {
      // Alternately a lock of this Burrow and one of an older Burrow (no nonce), both of a process that is gone.
      const stale = trial % 2 === 0 ? { pid: dead, startedAt: trial, nonce: trial.toString(16).padStart(32, '0') } : { pid: dead, startedAt: trial };
      await writeFile(join(dir, LOCK_FILE), JSON.stringify(stale));
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => acquireLock(dir)));
      const owners = results.filter((r): r is PromiseFulfilledResult<QueueLock> => r.status === 'fulfilled');
      expect(owners, `trial ${trial}`).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(codeOf(r.reason), `trial ${trial}`).toBe('queue_locked');
      expect((await lockBody()).pid).toBe(process.pid);
      await owners[0]!.value.release();
      expect(await readdir(dir), `trial ${trial}`).toEqual([]);
    }
  });

  it('racing processes over a stale lock: exactly one owner each time', async () => {
    const child = fileURLToPath(new URL('../testing/lock-child.ts', import.meta.url));
    for (let trial = 0; trial < 2; trial++) {
      await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), startedAt: 1 }));
      const racers = Array.from({ length: 4 }, () => {
        const p = spawn(process.execPath, ['--import', 'tsx', child, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
        const lines = createInterface({ input: p.stdout! })[Symbol.asyncIterator]();
        const exited = new Promise((r) => p.on('exit', r));
        return { p, next: async () => String((await lines.next()).value), exited };
      });
      for (const r of racers) expect(await r.next()).toBe('ready');
      // Every racer is loaded and waiting: they all go at once.
      for (const r of racers) r.p.stdin!.write('go\n');
      const said = await Promise.all(racers.map((r) => r.next()));
      for (const r of racers) r.p.stdin!.end();
      await Promise.all(racers.map((r) => r.exited));
      expect(said.filter((s) => s === 'owner'), `trial ${trial}: ${said.join(', ')}`).toHaveLength(1);
      expect(said.filter((s) => s === 'refused queue_locked')).toHaveLength(3);
      expect(await readdir(dir)).toEqual([]);
    }
  }, 60_000);
});
