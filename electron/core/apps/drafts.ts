/**
 * The create form's drafts, one per profile, saved on every change: saves coalesce (each caller resolves once its
 * value or a newer one is on disk), each write atomic with mode 0600. A draft is sealed with the shell's cipher, as keys
 * are; with no cipher worth the name, secret-looking values stay in memory only. A draft another backend sealed, or one
 * that no longer decrypts, reads as none; one an earlier Burrow sealed weakly is rewritten without its secret values.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { secretPairValueKey } from '../../../shared/apps/env-text.js';
import { isRecord } from '../../../shared/apps/json.js';
import { readJsonFile, writeFileAtomic } from '../disk/atomic.js';
import { sealingBackend } from '../disk/sealing.js';
import { Serial } from '../disk/serial.js';
import type { SecretCipher } from '../ports.js';
import { isWeakBackend } from '../settings/index.js';

/** Where drafts live inside the data folder. */
export const DRAFTS_DIR = 'apps';

const FileShape = z.object({
  v: z.literal(1),
  savedAt: z.number(),
  /** The cipher backend that sealed `data`; null when it is the draft's JSON text in clear, secret values left out. */
  backend: z.string().nullable(),
  data: z.string(),
});
type FileShape = z.infer<typeof FileShape>;

/** A draft as kept: its JSON text and when it was saved. */
interface Kept {
  readonly text: string;
  readonly savedAt: number;
}

/** Where the values of secret-looking variables are kept: sealed on disk, or in memory only (no keychain). */
export type SecretValuesKept = 'sealed' | 'memory';

/** What `get` answers. */
export interface DraftView {
  readonly draft: unknown;
  readonly savedAt: number | null;
  readonly secretValues: SecretValuesKept;
  /** Something the user must know about the saved draft (its secret values were removed). */
  readonly notice?: string;
}

type Json = unknown;

/**
 * Empties the value of every `{ name, value }` pair (keys in any case) that is secret by the environment's rule — its
 * name or its content looks secret — anywhere in the value; counts what it emptied.
 */
function emptySecretValues(v: Json, count: { n: number }): Json {
  if (Array.isArray(v)) return v.map((x) => emptySecretValues(x, count));
  if (!isRecord(v)) return v;
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v)) out[k] = emptySecretValues(x, count);
  const valueKey = secretPairValueKey(v);
  if (valueKey !== undefined && typeof v[valueKey] === 'string' && v[valueKey] !== '') {
    out[valueKey] = '';
    count.n++;
  }
  return out;
}

/** What the user is told when a draft sealed without a keychain by an earlier Burrow is read. */
export const WEAK_DRAFT_NOTICE = 'Secret values of your saved draft were removed: this system has no keychain';

/**
 * The draft as it may be written without a cipher: secret-looking variables keep their names but not their values.
 * The JSON view's text (`ui.jsonText`) holds the same variables: it is emptied the same way when it reads as JSON,
 * and left out when it does not (it cannot be told then what it holds).
 */
export function withoutSecretValues(text: string): string {
  let draft: Json;
  try {
    draft = JSON.parse(text) as Json;
  } catch {
    return 'null';
  }
  const count = { n: 0 };
  const out = emptySecretValues(draft, count) as Json;
  if (isRecord(out) && isRecord(out.ui) && typeof out.ui.jsonText === 'string') {
    const u = { ...out.ui };
    try {
      u.jsonText = JSON.stringify(emptySecretValues(JSON.parse(u.jsonText as string) as Json, count), null, 2);
    } catch {
      delete u.jsonText;
    }
    out.ui = u;
  }
  return JSON.stringify(out);
}

/** The drafts of every profile. */
export class DraftStore {
  readonly #dir: string;
  readonly #cipher: SecretCipher | undefined;
  readonly #now: () => number;
  readonly #serial = new Serial();
  /** What is on disk (or about to be), per profile; null: no draft. */
  readonly #cache = new Map<string, Kept | null>();
  /** The newest value not yet taken by a write, per profile; null: remove the file. */
  readonly #pending = new Map<string, Kept | null>();
  #backend: Promise<string | null> | undefined;
  /** Per profile, what `get` tells the user about the draft read from disk, until the next save or clear. */
  readonly #notices = new Map<string, string>();

  constructor(dataDir: string, options: { readonly cipher?: SecretCipher; readonly now?: () => number } = {}) {
    this.#dir = join(dataDir, DRAFTS_DIR);
    this.#cipher = options.cipher;
    this.#now = options.now ?? Date.now;
  }

  #file(profileId: string): string {
    return join(this.#dir, `draft-${profileId.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
  }

  /** The backend drafts are sealed with, or null when the shell offers no cipher worth the name (see the file's comment). */
  #sealWith(): Promise<string | null> {
    return (this.#backend ??= sealingBackend(this.#cipher));
  }

  /** Where secret values go with this store's cipher. */
  async secretValues(): Promise<SecretValuesKept> {
    return (await this.#sealWith()) === null ? 'memory' : 'sealed';
  }

  async #read(profileId: string): Promise<Kept | null> {
    const parsed = FileShape.safeParse(await readJsonFile(this.#file(profileId)).catch(() => undefined));
    if (!parsed.success) return null;
    const f = parsed.data;
    if (f.backend === null) return { text: f.data, savedAt: f.savedAt };
    if (isWeakBackend(f.backend)) return this.#unseal(profileId, f);
    if (f.backend !== (await this.#sealWith()) || !f.data.startsWith('v1:') || !this.#cipher) return null;
    try {
      return { text: await this.#cipher.decrypt(f.data.slice(3)), savedAt: f.savedAt };
    } catch {
      return null;
    }
  }

  /**
   * A draft an earlier Burrow "sealed" with a backend anyone holding the file can undo: it is rewritten at once
   * without its secret values (removed when it cannot be opened here), and the user is told. Its secret values are
   * not kept, not even in memory: they were never safe on this system.
   */
  async #unseal(profileId: string, f: FileShape): Promise<Kept | null> {
    this.#notices.set(profileId, WEAK_DRAFT_NOTICE);
    let text: string | undefined;
    try {
      if (this.#cipher && f.data.startsWith('v1:')) text = await this.#cipher.decrypt(f.data.slice(3));
    } catch {
      text = undefined;
    }
    const cleaned = text === undefined ? undefined : withoutSecretValues(text);
    const kept: Kept | null = cleaned === undefined || cleaned === 'null' ? null : { text: cleaned, savedAt: f.savedAt };
    await this.#serial.run(async () => {
      // A save or clear that came meanwhile has replaced the file already.
      if (this.#cache.has(profileId) || this.#pending.has(profileId)) return;
      if (kept === null) await rm(this.#file(profileId), { force: true });
      else await this.#writeFile(profileId, { v: 1, savedAt: kept.savedAt, backend: null, data: kept.text });
    });
    return kept;
  }

  /** The profile's draft; `{ draft: null, savedAt: null }` when there is none (or it cannot be read here). */
  async get(profileId: string): Promise<DraftView> {
    const current = (): Kept | null | undefined => (this.#pending.has(profileId) ? (this.#pending.get(profileId) ?? null) : this.#cache.get(profileId));
    let kept = current();
    if (kept === undefined) {
      const read = await this.#read(profileId);
      // A save may have landed while the file was read: it wins.
      if (!this.#cache.has(profileId)) this.#cache.set(profileId, read);
      kept = current() ?? null;
    }
    const notice = this.#notices.get(profileId);
    const secretValues = await this.secretValues();
    const base = { secretValues, ...(notice !== undefined ? { notice } : {}) };
    if (kept === null) return { draft: null, savedAt: null, ...base };
    try {
      return { draft: JSON.parse(kept.text) as unknown, savedAt: kept.savedAt, ...base };
    } catch {
      return { draft: null, savedAt: null, ...base };
    }
  }

  /** Replaces the profile's draft with this JSON text; resolves once it (or a newer draft) is on disk. */
  async save(profileId: string, text: string): Promise<{ readonly savedAt: number }> {
    const kept: Kept = { text, savedAt: this.#now() };
    this.#notices.delete(profileId);
    this.#pending.set(profileId, kept);
    await this.#flush(profileId);
    return { savedAt: kept.savedAt };
  }

  /** Forgets the profile's draft, on disk too. */
  async clear(profileId: string): Promise<void> {
    this.#notices.delete(profileId);
    this.#pending.set(profileId, null);
    await this.#flush(profileId);
  }

  /** Writes whatever is newest when this job's turn comes; a later job finding nothing pending was covered by this one. */
  #flush(profileId: string): Promise<void> {
    return this.#serial.run(async () => {
      if (!this.#pending.has(profileId)) return;
      const kept = this.#pending.get(profileId)!;
      this.#pending.delete(profileId);
      try {
        if (kept === null) await rm(this.#file(profileId), { force: true });
        else await this.#write(profileId, kept);
        this.#cache.set(profileId, kept);
      } catch (e) {
        // Not written: the next save tries again with its own value; what is on disk is unknown, so read it afresh.
        this.#cache.delete(profileId);
        throw e;
      }
    });
  }

  async #write(profileId: string, kept: Kept): Promise<void> {
    const backend = await this.#sealWith();
    // Unsealed, the secret values stay behind in memory (this.#cache holds the whole text for `get`).
    const data = backend !== null && this.#cipher ? `v1:${await this.#cipher.encrypt(kept.text)}` : withoutSecretValues(kept.text);
    await this.#writeFile(profileId, { v: 1, savedAt: kept.savedAt, backend, data });
  }

  async #writeFile(profileId: string, file: FileShape): Promise<void> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.#file(profileId), JSON.stringify(file), { mode: 0o600 });
  }
}
