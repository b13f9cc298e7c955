import { appendFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { signal } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import { putFile, READ_SIZE, type PutFileOptions } from './put-file.js';
import { LIBRARY, putHarness, putOptions, received } from '../testing/put-harness.js';
import { randomFile } from '../testing/runner-harness.js';

const MiB = 1024 * 1024;
const { server, dir, clientFor } = putHarness();

function options(client: PlatformClient, file: { path: string; size: number; mtimeMs: number }, progress: number[], extra: Partial<PutFileOptions> = {}): PutFileOptions {
  return putOptions(client, file, { onProgress: (b) => progress.push(b), ...extra });
}

describe('putFile', () => {
  it('sends the file with its Content-Length, never chunked, as octet-stream, to the video', async () => {
    const file = await randomFile(dir(), 2 * MiB + 5);
    let got: Promise<{ bytes: number; sha256: string }> | undefined;
    const s = await server((req, res) => {
      got = received(req);
      void got.then(() => res.end('{"success":true}'));
    });
    const progress: number[] = [];
    expect(await putFile(options(clientFor(s.url), file, progress))).toEqual({ kind: 'done' });
    const seen = s.seen[0]!;
    expect(seen.method).toBe('PUT');
    expect(seen.url).toBe(`/video/library/${LIBRARY}/videos/video-1`);
    expect(seen.headers['content-length']).toBe(String(file.size));
    expect(seen.headers['transfer-encoding']).toBeUndefined();
    expect(seen.headers['content-type']).toBe('application/octet-stream');
    expect(seen.headers.accesskey).toBe('library-key');
    expect(await got).toEqual({ bytes: file.size, sha256: file.sha256 });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(file.size);
  });

  it('delivers the whole file byte for byte whether its reads are quick or slow, with progress that only grows', async () => {
    const file = await randomFile(dir(), 3 * READ_SIZE + 7);
    const hashes: Promise<{ bytes: number; sha256: string }>[] = [];
    const s = await server((req, res) => {
      const got = received(req);
      hashes.push(got);
      void got.then(() => res.end('{}'));
    });
    // A clock that never moves (every read looks quick), then one that jumps a second per look (every read looks slow).
    let t = 0;
    for (const now of [() => 0, () => (t += 1000)]) {
      const progress: number[] = [];
      expect(await putFile(options(clientFor(s.url), file, progress, { now }))).toEqual({ kind: 'done' });
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(file.size);
    }
    expect(hashes).toHaveLength(2);
    for (const h of hashes) expect(await h).toEqual({ bytes: file.size, sha256: file.sha256 });
  });

  it('counts the last chunk only when the platform answers 2xx', async () => {
    const file = await randomFile(dir(), 3 * READ_SIZE + 100);
    const bodyIn = signal();
    const answer = signal();
    const s = await server((req, res) => {
      void received(req).then(async () => {
        bodyIn.fire();
        await answer.fired;
        res.end('{}');
      });
    });
    const progress: number[] = [];
    const done = putFile(options(clientFor(s.url), file, progress));
    await bodyIn.fired;
    // The whole body has arrived, yet the platform has not said so: not 100 %.
    expect(Math.max(...progress)).toBe(3 * READ_SIZE);
    answer.fire();
    expect(await done).toEqual({ kind: 'done' });
    expect(progress).toEqual([0, READ_SIZE, 2 * READ_SIZE, 3 * READ_SIZE, file.size]);
  });

  it('only a 2xx counts as done; an error answer is a failure with status and Retry-After', async () => {
    const file = await randomFile(dir(), 1000);
    const s = await server((req, res) => {
      void received(req).then(() => {
        res.writeHead(503, { 'retry-after': '3', 'content-type': 'application/json' });
        res.end('{"success":false,"message":"Busy","statusCode":503}');
      });
    });
    const result = await putFile(options(clientFor(s.url), file, []));
    expect(result).toMatchObject({ kind: 'failed', failure: { status: 503, retryAfter: '3' } });
    expect(result.kind === 'failed' && result.failure.error.detail).toContain('Busy');
  });

  it('a file changed after its last byte was sent is source-changed even when the platform said 2xx', async () => {
    const file = await randomFile(dir(), 1000);
    const s = await server((req, res) => {
      void received(req).then(() => {
        appendFileSync(file.path, 'x');
        res.end('{}');
      });
    });
    const progress: number[] = [];
    expect(await putFile(options(clientFor(s.url), file, progress))).toMatchObject({ kind: 'source-changed' });
    expect(progress).not.toContain(file.size);
  });

  it('a file whose size or time differs from the job is refused before anything is sent', async () => {
    const file = await randomFile(dir(), 1000);
    const s = await server((_req, res) => res.end('{}'));
    const client = clientFor(s.url);
    expect(await putFile(options(client, { ...file, size: 999 }, []))).toMatchObject({ kind: 'source-changed' });
    expect(await putFile(options(client, { ...file, mtimeMs: file.mtimeMs - 5000 }, []))).toMatchObject({ kind: 'source-changed' });
    expect(await putFile(options(client, { ...file, path: `${file.path}.gone` }, []))).toEqual({ kind: 'source-missing' });
    expect(s.seen).toHaveLength(0);
  });

  it('an upload that stops moving fails with a timeout after the idle limit', async () => {
    const file = await randomFile(dir(), 48 * MiB);
    // Reads nothing and never answers: the socket fills, then nothing moves.
    const s = await server(() => undefined);
    const result = await putFile(options(clientFor(s.url), file, [], { idleTimeoutMs: 200 }));
    expect(result).toMatchObject({ kind: 'failed', failure: { code: 'TIMEOUT', error: { kind: 'timeout' } } });
  });

  it('an aborted signal cancels the upload', async () => {
    const file = await randomFile(dir(), 8 * MiB);
    const stop = new AbortController();
    const s = await server((req: IncomingMessage, _res: ServerResponse) => {
      req.once('data', () => stop.abort());
      req.resume();
    });
    const result = await putFile(options(clientFor(s.url), file, [], { signal: stop.signal }));
    expect(result).toMatchObject({ kind: 'failed', failure: { code: 'ABORTED' } });
  });
});
