import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINGERPRINT_EDGE, fingerprintFile } from './fingerprint.js';
import { HISTORY_FILE, openHistory } from './history.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-fp-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file fingerprint', () => {
  it('changes with the first or last bytes, not with the middle of a large file', async () => {
    const path = join(dir, 'a.mp4');
    const data = randomBytes(FINGERPRINT_EDGE * 4);
    await writeFile(path, data);
    await utimes(path, 1000, 1000);
    const a = await fingerprintFile(path);
    expect(a).toMatchObject({ size: data.length, mtimeMs: 1_000_000 });
    data.writeUInt8(data.readUInt8(FINGERPRINT_EDGE * 2) ^ 0xff, FINGERPRINT_EDGE * 2);
    await writeFile(path, data);
    await utimes(path, 1000, 1000);
    expect((await fingerprintFile(path)).fingerprint).toBe(a.fingerprint);
    data.writeUInt8(data.readUInt8(data.length - 1) ^ 0xff, data.length - 1);
    await writeFile(path, data);
    await utimes(path, 1000, 1000);
    expect((await fingerprintFile(path)).fingerprint).not.toBe(a.fingerprint);
  });

  it('handles small and empty files, and refuses folders and missing paths', async () => {
    await writeFile(join(dir, 'empty.mp4'), '');
    await writeFile(join(dir, 'small.mp4'), 'abc');
    expect((await fingerprintFile(join(dir, 'empty.mp4'))).size).toBe(0);
    expect((await fingerprintFile(join(dir, 'small.mp4'))).fingerprint).toMatch(/^3-\d+-[0-9a-f]{64}$/);
    await expect(fingerprintFile(dir)).rejects.toThrow();
    await expect(fingerprintFile(join(dir, 'nope.mp4'))).rejects.toThrow();
  });

  // A dropped path is only read here (the walk never looks at it): a pipe named like a video must not hang the add.
  it.skipIf(process.platform === 'win32')('refuses a named pipe at once, without waiting for a writer', async () => {
    const pipe = join(dir, 'live.mp4');
    execFileSync('mkfifo', [pipe]);
    await expect(fingerprintFile(pipe)).rejects.toThrow(/not a file/);
  });
});

describe('upload history', () => {
  it('remembers uploads per library across opens and skips a damaged line', async () => {
    const h = await openHistory(dir);
    await h.record({ libraryId: 1, fingerprint: 'f1', videoId: 'v1', at: 5 });
    await h.close();
    await appendFile(join(dir, HISTORY_FILE), '{"libraryId":1,"finger');
    const again = await openHistory(dir);
    expect(again.find(1, 'f1')).toEqual({ libraryId: 1, fingerprint: 'f1', videoId: 'v1', at: 5 });
    expect(again.find(2, 'f1')).toBeUndefined();
    await again.record({ libraryId: 2, fingerprint: 'f1', videoId: 'v2', at: 6 });
    await again.close();
    const text = await readFile(join(dir, HISTORY_FILE), 'utf8');
    expect(text.split('\n').at(-2)).toBe('{"libraryId":2,"fingerprint":"f1","videoId":"v2","at":6}');
    const third = await openHistory(dir);
    expect(third.find(2, 'f1')?.videoId).toBe('v2');
    await third.close();
  });
});
