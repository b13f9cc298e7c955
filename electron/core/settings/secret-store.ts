/**
 * Keys at rest. Encrypted by the shell's cipher and tagged `v1:` with the backend
 * recorded; on a backend without real encryption nothing reaches the disk unless the user opts in.
 * A changed backend or a failed decrypt asks for the key again and never deletes what is stored.
 */
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { KeyStatus, SecretStorageInfo } from '../../../shared/settings/profiles.js';
import { readJsonFile, writeFileAtomic } from '../disk/atomic.js';
import { Serial } from '../disk/serial.js';
import type { SecretCipher } from '../ports.js';

/** Backends that store secrets with no real protection (Chromium's fixed key on Linux). */
const WEAK_BACKENDS: ReadonlySet<string> = new Set(['basic_text', 'unknown', 'none']);

/** True for a cipher backend whose "encryption" anyone with the file can undo: nothing secret is sealed with it. */
export function isWeakBackend(backend: string): boolean {
  return WEAK_BACKENDS.has(backend);
}

const Entry = z.object({ v: z.literal(1), backend: z.string(), data: z.string() });
type Entry = z.infer<typeof Entry>;
const FileShape = z.object({ v: z.literal(1), optIn: z.boolean().default(false), entries: z.record(z.string(), Entry) });
type FileShape = z.infer<typeof FileShape>;

type Slot = { readonly value: string; readonly where: 'stored' | 'session' } | { readonly where: 'reenter' };

/** Keys shorter than this get no hint: four characters of a short key say too much about it. */
const HINT_MIN_LENGTH = 12;

/** Keys by slot name (`<profileId>/account`, `<profileId>/library/<id>`, …). */
export class SecretStore {
  readonly #file: string;
  readonly #cipher: SecretCipher;
  readonly #slots = new Map<string, Slot>();
  /** Entries as read from disk, kept verbatim so unreadable ones survive every write. */
  #disk: FileShape = { v: 1, optIn: false, entries: {} };
  #backend = 'unknown';
  #available = false;
  readonly #serial = new Serial();
  /** Set when the key file could not be read and was moved aside. */
  recovered: string | null = null;

  private constructor(file: string, cipher: SecretCipher) {
    this.#file = file;
    this.#cipher = cipher;
  }

  /** Opens the store in `dataDir`, decrypting what it can. */
  static async open(dataDir: string, cipher: SecretCipher): Promise<SecretStore> {
    const store = new SecretStore(join(dataDir, 'secrets.json'), cipher);
    await store.#load();
    return store;
  }

  async #load(): Promise<void> {
    this.#available = await this.#cipher.isAvailable().catch(() => false);
    this.#backend = this.#available ? await this.#cipher.backend().catch(() => 'unknown') : 'none';
    let raw: unknown;
    let readable = true;
    try {
      raw = await readJsonFile(this.#file);
    } catch {
      readable = false;
    }
    const parsed = FileShape.safeParse(raw);
    if (!readable || (raw !== undefined && !parsed.success)) {
      // Never overwrite what we cannot read: keep it beside, start empty, and tell the user to re-enter keys.
      const aside = `${this.#file}.unreadable-${Date.now()}`;
      await rename(this.#file, aside);
      this.recovered = `The stored keys could not be read (kept as ${aside}): enter your keys again in Settings.`;
      return;
    }
    if (parsed.success) this.#disk = parsed.data;
    for (const [name, entry] of Object.entries(this.#disk.entries)) {
      this.#slots.set(name, await this.#decrypt(entry));
    }
  }

  async #decrypt(entry: Entry): Promise<Slot> {
    if (entry.backend !== this.#backend || !entry.data.startsWith('v1:')) return { where: 'reenter' };
    try {
      return { value: await this.#cipher.decrypt(entry.data.slice(3)), where: 'stored' };
    } catch {
      return { where: 'reenter' };
    }
  }

  get #weak(): boolean {
    return !this.#available || WEAK_BACKENDS.has(this.#backend);
  }

  get #persistent(): boolean {
    return this.#available && (!this.#weak || this.#disk.optIn);
  }

  /** How keys are kept on this machine, for the Settings screen. */
  info(): SecretStorageInfo {
    const info: SecretStorageInfo = { backend: this.#backend, persistent: this.#persistent, weak: this.#weak, optedIn: this.#disk.optIn };
    if (this.#weak && !this.#persistent) {
      return { ...info, message: 'This system offers no encrypted key storage, so keys are kept for this session only. You can choose to save them anyway.' };
    }
    if (this.#weak) return { ...info, message: 'Keys are saved on disk without real encryption, as you chose.' };
    return info;
  }

  /** What the renderer may know about a slot. */
  status(name: string): KeyStatus {
    const slot = this.#slots.get(name);
    if (!slot) return { configured: false, state: 'none' };
    if (slot.where === 'reenter') return { configured: false, state: 'reenter' };
    return { configured: true, ...(slot.value.length >= HINT_MIN_LENGTH ? { hint: slot.value.slice(-4) } : {}), state: slot.where };
  }

  /** The key in a slot, or null when none is usable. */
  get(name: string): string | null {
    const slot = this.#slots.get(name);
    return slot && slot.where !== 'reenter' ? slot.value : null;
  }

  /** How many stored keys cannot be read on this system any more. */
  unreadableCount(): number {
    return [...this.#slots.values()].filter((s) => s.where === 'reenter').length;
  }

  /** Stores (or re-enters) a key. */
  set(name: string, value: string): Promise<KeyStatus> {
    return this.#serial.run(() => this.#set(name, value));
  }

  async #set(name: string, value: string): Promise<KeyStatus> {
    if (this.#persistent) {
      const data = `v1:${await this.#cipher.encrypt(value)}`;
      this.#disk = { ...this.#disk, entries: { ...this.#disk.entries, [name]: { v: 1, backend: this.#backend, data } } };
      await this.#write();
      this.#slots.set(name, { value, where: 'stored' });
    } else {
      this.#slots.set(name, { value, where: 'session' });
    }
    return this.status(name);
  }

  /** Forgets every slot whose name starts with `prefix` (or equals it). */
  delete(prefix: string): Promise<void> {
    return this.#serial.run(() => this.#delete(prefix));
  }

  async #delete(prefix: string): Promise<void> {
    const matches = (n: string) => n === prefix || n.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
    for (const n of [...this.#slots.keys()]) if (matches(n)) this.#slots.delete(n);
    const entries = Object.fromEntries(Object.entries(this.#disk.entries).filter(([n]) => !matches(n)));
    if (Object.keys(entries).length !== Object.keys(this.#disk.entries).length) {
      this.#disk = { ...this.#disk, entries };
      await this.#write();
    }
  }

  /** Copies every slot under `fromPrefix/` to `toPrefix/` (duplicating a profile). */
  copy(fromPrefix: string, toPrefix: string): Promise<void> {
    return this.#serial.run(async () => {
      for (const [n, slot] of [...this.#slots]) {
        if (!n.startsWith(`${fromPrefix}/`) || slot.where === 'reenter') continue;
        await this.#set(`${toPrefix}/${n.slice(fromPrefix.length + 1)}`, slot.value);
      }
    });
  }

  /** Opting in saves session keys to disk; opting out removes them from disk but keeps them for this session. */
  setOptIn(optIn: boolean): Promise<SecretStorageInfo> {
    return this.#serial.run(() => this.#setOptIn(optIn));
  }

  async #setOptIn(optIn: boolean): Promise<SecretStorageInfo> {
    if (!this.#weak || !this.#available) return this.info();
    if (optIn) {
      this.#disk = { ...this.#disk, optIn: true };
      await this.#write();
      for (const [n, slot] of [...this.#slots]) if (slot.where === 'session') await this.#set(n, slot.value);
    } else {
      for (const [n, slot] of [...this.#slots]) if (slot.where === 'stored') this.#slots.set(n, { value: slot.value, where: 'session' });
      const kept = Object.fromEntries(Object.entries(this.#disk.entries).filter(([n]) => this.#slots.get(n)?.where === 'reenter'));
      this.#disk = { v: 1, optIn: false, entries: kept };
      await this.#write();
    }
    return this.info();
  }

  /** Every usable key value, for scrubbing logs and transcripts. */
  knownSecrets(): string[] {
    return [...this.#slots.values()].flatMap((s) => (s.where === 'reenter' ? [] : [s.value]));
  }

  async #write(): Promise<void> {
    await writeFileAtomic(this.#file, `${JSON.stringify(this.#disk, null, 2)}\n`, { mode: 0o600, backup: true });
  }
}
