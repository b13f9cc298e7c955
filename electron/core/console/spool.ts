/**
 * Whole response bodies on disk for "save to file" (the console shows the first 10 MB), only as ciphertext under a key
 * held in this process's memory alone; the files go on close, on exit and at the next start. Each chunk streams into
 * one AES-256-GCM record `[u32 length][12-byte nonce][16-byte tag][ciphertext]`. Nonces count over the whole spool (a
 * retry never reuses one); each record's additional data names its body and index; the length in memory catches a cut.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** How many recent responses stay saveable. */
const KEPT = 5;

const CIPHER = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 4 + NONCE_BYTES + TAG_BYTES;

interface Body {
  readonly path: string;
  /** Names the body in every record's additional data. */
  readonly serial: number;
  /** Plaintext bytes of the current attempt. */
  bytes: number;
  /** Records of the current attempt. */
  records: number;
}

/** One request's sink, as the platform client feeds it. */
export interface BodySink {
  /** Appends a chunk; a new attempt number starts the body over. */
  write(chunk: Buffer, attempt: number): void;
  /** Closes the file (deleting it unless `ok`) and returns the body's size. */
  done(ok: boolean): number;
}

// Every spool still open when the process exits gets its files deleted, even if nobody called close().
const live = new Set<BodySpool>();
let exitHooked = false;
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const spool of [...live]) spool.close();
  });
}

function additionalData(serial: number, index: number): Buffer {
  return Buffer.from(`burrow-body/${serial}/${index}`);
}

/** Response bodies by request id, newest last; older ones are deleted as new ones arrive. */
export class BodySpool {
  readonly #dir: string;
  readonly #bodies = new Map<string, Body>();
  /** Open file descriptors of bodies still arriving, closed by close(). */
  readonly #open = new Set<number>();
  readonly #key = randomBytes(32);
  #nonce = 0n;
  #serial = 0;
  #closed = false;

  constructor(dataDir: string) {
    this.#dir = join(dataDir, 'console', 'bodies');
  }

  /** Forgets bodies a previous run left behind. */
  async clear(): Promise<void> {
    this.#bodies.clear();
    await rm(this.#dir, { recursive: true, force: true });
  }

  /**
   * Deletes every spooled body and forgets the key; the spool takes no new bodies after this.
   * Synchronous, so it also works from a process 'exit' handler.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    live.delete(this);
    for (const fd of this.#open) closeSync(fd);
    this.#open.clear();
    this.#bodies.clear();
    rmSync(this.#dir, { recursive: true, force: true });
    this.#key.fill(0);
  }

  /**
   * A sink for one request's body chunks (called synchronously, in order, by the platform client);
   * a retry starts the file over. `done()` closes it and returns the total size.
   */
  open(requestId: string): BodySink {
    if (this.#closed) throw new Error('The response spool is closed');
    live.add(this);
    hookExit();
    mkdirSync(this.#dir, { recursive: true });
    const body: Body = { path: join(this.#dir, `${requestId.replace(/[^A-Za-z0-9-]/g, '_')}.body`), serial: ++this.#serial, bytes: 0, records: 0 };
    const fd = openSync(body.path, 'w', 0o600);
    this.#open.add(fd);
    let position = 0;
    let attemptSeen = 0;
    let finished = false;
    const closeFile = () => {
      if (finished) return;
      finished = true;
      // close() may already have closed it while the body was still arriving.
      if (this.#open.delete(fd)) closeSync(fd);
    };
    return {
      write: (chunk, attempt) => {
        if (finished || this.#closed) return;
        if (attempt !== attemptSeen) {
          attemptSeen = attempt;
          ftruncateSync(fd, 0);
          position = 0;
          body.bytes = 0;
          body.records = 0;
        }
        for (const part of this.#seal(chunk, body.serial, body.records)) {
          writeAllSync(fd, part, position);
          position += part.length;
        }
        body.bytes += chunk.length;
        body.records++;
      },
      done: (ok) => {
        closeFile();
        if (!ok || this.#closed) {
          void rm(body.path, { force: true });
          return body.bytes;
        }
        this.#bodies.set(requestId, body);
        while (this.#bodies.size > KEPT) {
          const oldest = this.#bodies.keys().next().value as string;
          void rm(this.#bodies.get(oldest)!.path, { force: true });
          this.#bodies.delete(oldest);
        }
        return body.bytes;
      },
    };
  }

  /**
   * Writes a kept body, decrypted, to `target`: exactly the bytes that arrived. The size, or null when it is no
   * longer kept. The target appears only once the whole body checked out, so a damaged spool never replaces a file.
   */
  async saveTo(requestId: string, target: string): Promise<number | null> {
    const body = this.#bodies.get(requestId);
    if (!body) return null;
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    const source = await open(body.path, 'r');
    let out: FileHandle | null = null;
    try {
      out = await open(partial, 'wx');
      const written = await this.#decryptInto(source, out, body);
      await out.close();
      out = null;
      await rename(partial, target);
      return written;
    } catch (e) {
      await out?.close();
      await rm(partial, { force: true });
      throw e;
    } finally {
      await source.close();
    }
  }

  has(requestId: string): boolean {
    return this.#bodies.has(requestId);
  }

  #seal(chunk: Buffer, serial: number, index: number): Buffer[] {
    const nonce = Buffer.alloc(NONCE_BYTES);
    nonce.writeBigUInt64BE(this.#nonce++, NONCE_BYTES - 8);
    const cipher = createCipheriv(CIPHER, this.#key, nonce);
    cipher.setAAD(additionalData(serial, index));
    const sealed = Buffer.concat([cipher.update(chunk), cipher.final()]);
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32BE(chunk.length, 0);
    nonce.copy(header, 4);
    cipher.getAuthTag().copy(header, 4 + NONCE_BYTES);
    return [header, sealed];
  }

  async #decryptInto(source: FileHandle, out: FileHandle, body: Body): Promise<number> {
    const header = Buffer.alloc(HEADER_BYTES);
    let position = 0;
    let written = 0;
    for (let index = 0; index < body.records; index++) {
      await readExactly(source, header, position);
      const length = header.readUInt32BE(0);
      if (written + length > body.bytes) throw damaged();
      const sealed = Buffer.alloc(length);
      await readExactly(source, sealed, position + HEADER_BYTES);
      const decipher = createDecipheriv(CIPHER, this.#key, header.subarray(4, 4 + NONCE_BYTES));
      decipher.setAAD(additionalData(body.serial, index));
      decipher.setAuthTag(header.subarray(4 + NONCE_BYTES));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
      } catch {
        throw damaged();
      }
      await writeAll(out, plain);
      position += HEADER_BYTES + length;
      written += length;
    }
    if (written !== body.bytes) throw damaged();
    return written;
  }
}

function damaged(): Error {
  return new Error('The spooled response was changed on disk; send the request again, then save.');
}

async function readExactly(file: FileHandle, into: Buffer, position: number): Promise<void> {
  let got = 0;
  while (got < into.length) {
    const { bytesRead } = await file.read(into, got, into.length - got, position + got);
    if (bytesRead === 0) throw damaged();
    got += bytesRead;
  }
}

function writeAllSync(fd: number, data: Buffer, position: number): void {
  for (let done = 0; done < data.length; ) done += writeSync(fd, data, done, data.length - done, position + done);
}

async function writeAll(file: FileHandle, data: Buffer): Promise<void> {
  for (let done = 0; done < data.length; ) done += (await file.write(data, done, data.length - done)).bytesWritten;
}
