import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BodySpool } from './spool.js';

const dirs: string[] = [];
const spools: BodySpool[] = [];

afterEach(async () => {
  for (const s of spools.splice(0)) s.close();
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'burrow-spool-'));
  const outDir = await mkdtemp(join(tmpdir(), 'burrow-spool-out-'));
  dirs.push(dataDir, outDir);
  const spool = new BodySpool(dataDir);
  spools.push(spool);
  await spool.clear();
  const bodiesDir = join(dataDir, 'console', 'bodies');
  const onDisk = async () => Buffer.concat(await Promise.all((await readdir(bodiesDir)).map((f) => readFile(join(bodiesDir, f)))));
  return { spool, bodiesDir, outDir, onDisk };
}

/** Feeds `data` to a sink in chunks of the given sizes, cycling through them. */
function feed(sink: { write(chunk: Buffer, attempt: number): void }, data: Buffer, sizes: readonly number[], attempt = 1): number {
  let at = 0;
  let n = 0;
  while (at < data.length) {
    const size = sizes[n++ % sizes.length]!;
    sink.write(data.subarray(at, at + size), attempt);
    at += size;
  }
  return n;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('BodySpool', () => {
  it('never puts a body on disk in clear, and saves it back byte for byte', async () => {
    const { spool, outDir, onDisk } = await setup();
    const secret = 'vlib-7f3c2a9e-41d8-4a11-b6c2-secretsecret';
    const body = Buffer.from(JSON.stringify([{ Id: 1, Name: 'lib', ApiKey: secret, ReadOnlyApiKey: `${secret}-ro` }]));
    const sink = spool.open('req-1');
    feed(sink, body, [7, 19, 3]);
    expect(sink.done(true)).toBe(body.length);

    const disk = await onDisk();
    expect(disk.length).toBeGreaterThan(body.length);
    expect(disk.includes(secret)).toBe(false);
    expect(disk.includes('ApiKey')).toBe(false);
    expect(disk.includes(Buffer.from(secret).toString('base64'))).toBe(false);

    const target = join(outDir, 'libs.json');
    expect(await spool.saveTo('req-1', target)).toBe(body.length);
    expect((await readFile(target)).equals(body)).toBe(true);
  });

  it('saves a multi-megabyte body that arrived in thousands of uneven chunks exactly', async () => {
    const { spool, outDir, onDisk } = await setup();
    const body = randomBytes(6 * 1024 * 1024 + 13);
    const sink = spool.open('big');
    expect(feed(sink, body, [1, 65536, 4093, 17, 16384, 0, 777])).toBeGreaterThan(200);
    expect(sink.done(true)).toBe(body.length);
    // The plaintext's own bytes do not appear: a 64-byte slice from the middle is nowhere in the file.
    expect((await onDisk()).includes(body.subarray(3_000_000, 3_000_064))).toBe(false);
    const target = join(outDir, 'big.bin');
    expect(await spool.saveTo('big', target)).toBe(body.length);
    expect(sha(await readFile(target))).toBe(sha(body));
  });

  it('keeps only the last attempt when a retry starts the body over', async () => {
    const { spool, outDir } = await setup();
    const first = Buffer.from('{"partial":"answer from the first attempt, cut off'.repeat(50));
    const second = Buffer.from('{"ok":true}');
    const sink = spool.open('retried');
    feed(sink, first, [100], 1);
    feed(sink, second, [4], 2);
    expect(sink.done(true)).toBe(second.length);
    const target = join(outDir, 'r.json');
    expect(await spool.saveTo('retried', target)).toBe(second.length);
    expect(await readFile(target, 'utf8')).toBe('{"ok":true}');
  });

  it('refuses a body changed on disk and leaves the existing target alone', async () => {
    const { spool, outDir, bodiesDir } = await setup();
    const sink = spool.open('tampered');
    feed(sink, Buffer.from('a'.repeat(1000)), [100]);
    sink.done(true);
    const file = join(bodiesDir, (await readdir(bodiesDir))[0]!);
    const bytes = await readFile(file);
    bytes[bytes.length - 5]! ^= 1;
    await writeFile(file, bytes);
    const target = join(outDir, 'keep.txt');
    await writeFile(target, 'the user had this');
    await expect(spool.saveTo('tampered', target)).rejects.toThrow(/changed on disk/);
    expect(await readFile(target, 'utf8')).toBe('the user had this');
    expect(await readdir(outDir)).toEqual(['keep.txt']);
  });

  it('refuses a file cut short on disk', async () => {
    const { spool, outDir, bodiesDir } = await setup();
    const sink = spool.open('short');
    feed(sink, Buffer.from('b'.repeat(1000)), [100]);
    sink.done(true);
    const file = join(bodiesDir, (await readdir(bodiesDir))[0]!);
    await writeFile(file, (await readFile(file)).subarray(0, 4 * (32 + 100)));
    await expect(spool.saveTo('short', join(outDir, 'x'))).rejects.toThrow(/changed on disk/);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('deletes a failed body at once and the oldest kept body past five', async () => {
    const { spool, bodiesDir } = await setup();
    const failed = spool.open('failed');
    failed.write(Buffer.from('x'), 1);
    failed.done(false);
    expect(spool.has('failed')).toBe(false);
    for (let i = 1; i <= 6; i++) {
      const sink = spool.open(`r${i}`);
      sink.write(Buffer.from(`body ${i}`), 1);
      sink.done(true);
    }
    expect(spool.has('r1')).toBe(false);
    expect(await spool.saveTo('r1', join(bodiesDir, 'never'))).toBeNull();
    expect(spool.has('r6')).toBe(true);
    await expect.poll(async () => (await readdir(bodiesDir)).sort()).toEqual(['r2.body', 'r3.body', 'r4.body', 'r5.body', 'r6.body']);
  });

  it('close() removes every file, also of a body still arriving, and takes no new bodies', async () => {
    const { spool, bodiesDir, outDir } = await setup();
    const kept = spool.open('kept');
    kept.write(Buffer.from('kept body'), 1);
    kept.done(true);
    const arriving = spool.open('arriving');
    arriving.write(Buffer.from('half a bo'), 1);
    expect((await readdir(bodiesDir)).sort()).toEqual(['arriving.body', 'kept.body']);

    spool.close();
    expect(existsSync(bodiesDir)).toBe(false);
    expect(spool.has('kept')).toBe(false);
    expect(await spool.saveTo('kept', join(outDir, 'k'))).toBeNull();
    // The request still running when the spool closed finishes without recreating anything.
    arriving.write(Buffer.from('dy'), 1);
    expect(arriving.done(true)).toBe(9);
    expect(existsSync(bodiesDir)).toBe(false);
    expect(() => spool.open('late')).toThrow(/closed/);
    spool.close();
  });

  it('clear() forgets what a previous run left behind', async () => {
    const { spool, bodiesDir } = await setup();
    const sink = spool.open('old');
    sink.write(Buffer.from('old'), 1);
    sink.done(true);
    await spool.clear();
    expect(spool.has('old')).toBe(false);
    expect(existsSync(bodiesDir)).toBe(false);
  });

  it('encrypts under a key of its own: the same body gives different bytes in another spool', async () => {
    const a = await setup();
    const b = await setup();
    const body = Buffer.from('same body in both spools');
    for (const s of [a, b]) {
      const sink = s.spool.open('same');
      sink.write(body, 1);
      sink.done(true);
    }
    expect((await a.onDisk()).equals(await b.onDisk())).toBe(false);
  });
});
