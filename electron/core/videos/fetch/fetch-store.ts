/**
 * Where fetch rows are kept: one JSON file, written whole and atomically after every change. Header values may be
 * credentials, so they are on disk only sealed with the shell's cipher, and only until the platform has taken the
 * fetch; with no cipher available they stay in memory and are never written (the row says so after a restart).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { FetchView } from '../../../../shared/contract/videos-fetch.js';
import { readJsonFile, writeFileAtomic } from '../../disk/atomic.js';
import { sealingBackend } from '../../disk/sealing.js';
import { Serial } from '../../disk/serial.js';
import type { SecretCipher } from '../../ports.js';

/** The file inside the fetch folder. */
export const FETCH_FILE = 'fetches.json';

/** A row as its view shows it, less what the view derives, with what only the queue needs. */
const RecordShape = FetchView.omit({ needsHeaders: true }).extend({
  /** A fetch request went out whose answer was not seen: look for its video by its marker before asking again. */
  requestPending: z.boolean(),
  /** The platform answered the fetch request with 2xx. */
  accepted: z.boolean(),
  /** When the last fetch request went out: the video it made is no older. */
  requestedAt: z.number().nullable(),
  /**
   * False while the video carries the request's marker in its title (it is asked for under a marked title, so it is
   * found by that even when the answer names no video); the clean title is put back once the video is known. Rows
   * kept before markers were used have clean titles.
   */
  titleSynced: z.boolean().default(true),
});

/** One fetch row as persisted (never with header values). */
export type FetchRecord = z.infer<typeof RecordShape>;

const FileShape = z.object({
  v: z.literal(1),
  rows: z.array(RecordShape),
  /** The cipher backend the header values were sealed with; null when none are kept. */
  backend: z.string().nullable(),
  /** Sealed header values (a JSON object of name → value), per row id. */
  sealed: z.record(z.string(), z.string()),
});

/** What opening the store found. */
export interface OpenedFetches {
  readonly rows: readonly FetchRecord[];
  /** Header values that could be unsealed, per row id. */
  readonly headers: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Set when the file could not be read and was started afresh. */
  readonly recovered?: string;
}

/** The persisted fetch rows of one owner. */
export class FetchStore {
  readonly #file: string | null;
  readonly #cipher: SecretCipher | undefined;
  readonly #serial = new Serial();
  /** Sealed header values per row id, ready to write. */
  readonly #sealed = new Map<string, string>();
  #backend: Promise<string | null> | undefined;

  /** `dir` null keeps nothing on disk (a one-off command line run). */
  constructor(dir: string | null, cipher?: SecretCipher) {
    this.#file = dir === null ? null : join(dir, FETCH_FILE);
    this.#cipher = cipher;
  }

  /** The backend values are sealed with, or null when they are not kept (see sealingBackend). */
  #sealWith(): Promise<string | null> {
    return (this.#backend ??= sealingBackend(this.#cipher));
  }

  /** Reads the rows and unseals what header values it can. */
  async open(): Promise<OpenedFetches> {
    if (this.#file === null) return { rows: [], headers: new Map() };
    await mkdir(join(this.#file, '..'), { recursive: true, mode: 0o700 });
    let raw: unknown;
    try {
      raw = await readJsonFile(this.#file);
    } catch {
      raw = null;
    }
    if (raw === undefined) return { rows: [], headers: new Map() };
    const parsed = FileShape.safeParse(raw);
    if (!parsed.success) return { rows: [], headers: new Map(), recovered: 'The list of fetches could not be read and was started afresh.' };
    const headers = new Map<string, Readonly<Record<string, string>>>();
    // The cipher is asked only when something was sealed.
    if (parsed.data.backend !== null && this.#cipher && parsed.data.backend === (await this.#sealWith())) {
      for (const [id, sealed] of Object.entries(parsed.data.sealed)) {
        try {
          const values = z.record(z.string(), z.string()).parse(JSON.parse(await this.#cipher.decrypt(sealed)));
          headers.set(id, values);
          this.#sealed.set(id, sealed);
        } catch {
          // Sealed under a key this machine no longer has: the row asks for the values again.
        }
      }
    }
    return { rows: parsed.data.rows, headers };
  }

  /** Seals a row's header values for the next writes; without a cipher they are kept out of the file. */
  async keepHeaders(id: string, values: Readonly<Record<string, string>>): Promise<void> {
    if ((await this.#sealWith()) === null || !this.#cipher) return;
    this.#sealed.set(id, await this.#cipher.encrypt(JSON.stringify(values)));
  }

  /** Drops a row's header values from the next writes. */
  forgetHeaders(id: string): void {
    this.#sealed.delete(id);
  }

  /** Writes every row (and the sealed values of those still listed); resolves once it is on disk. */
  save(rows: readonly FetchRecord[]): Promise<void> {
    const file = this.#file;
    if (file === null) return Promise.resolve();
    const snapshot = [...rows];
    return this.#serial.run(async () => {
      const backend = await this.#sealWith();
      const live = new Set(snapshot.map((r) => r.id));
      const sealed = Object.fromEntries([...this.#sealed].filter(([id]) => live.has(id)));
      const body: z.infer<typeof FileShape> = { v: 1, rows: snapshot, backend: Object.keys(sealed).length > 0 ? backend : null, sealed };
      await writeFileAtomic(file, JSON.stringify(body), { mode: 0o600 });
    });
  }

  /** Resolves once every write asked for so far is on disk. */
  settled(): Promise<void> {
    return this.#serial.run(async () => {});
  }
}
