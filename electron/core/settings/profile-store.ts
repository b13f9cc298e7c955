/** Profiles on disk: `profiles.json` in the data dir, written atomically. */
import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LoggingAuth, SavedEndpoints } from '../../../shared/settings/profiles.js';
import { readJsonFile, writeFileAtomic } from '../disk/atomic.js';
import { Serial } from '../disk/serial.js';

const StoredProfile = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'platform']),
  /** Absent for the sandbox, whose endpoints change with every start. */
  endpoints: SavedEndpoints.optional(),
  loggingAuth: LoggingAuth,
  libraries: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type StoredProfile = z.infer<typeof StoredProfile>;

const FileShape = z.object({ v: z.literal(1), activeId: z.string().nullable(), profiles: z.array(StoredProfile) });
type FileShape = z.infer<typeof FileShape>;

/** Holds the profiles in memory and persists every change before it resolves. */
export class ProfileStore {
  readonly #file: string;
  #data: FileShape = { v: 1, activeId: null, profiles: [] };
  /** Every change is computed from the latest state and written before the next one starts. */
  readonly #serial = new Serial();
  /** Set when the file on disk could not be read and was moved aside. */
  recovered: string | null = null;

  private constructor(file: string) {
    this.#file = file;
  }

  static async open(dataDir: string): Promise<ProfileStore> {
    const store = new ProfileStore(join(dataDir, 'profiles.json'));
    await store.#load();
    return store;
  }

  async #load(): Promise<void> {
    for (const candidate of [this.#file, `${this.#file}.bak`]) {
      let raw: unknown;
      try {
        raw = await readJsonFile(candidate);
      } catch {
        raw = null;
      }
      if (raw === undefined && candidate === this.#file) return; // first start: no file yet
      const parsed = FileShape.safeParse(raw);
      if (parsed.success) {
        this.#data = parsed.data;
        if (candidate !== this.#file) this.recovered = `profiles.json was unreadable; restored the previous copy.`;
        return;
      }
    }
    // Neither the file nor its backup is usable: keep them for inspection and start afresh, saying so.
    const aside = `${this.#file}.unreadable-${Date.now()}`;
    await rename(this.#file, aside).catch(() => {});
    this.recovered = `profiles.json was unreadable and has been kept as ${aside}; starting with no profiles.`;
  }

  get activeId(): string | null {
    return this.#data.activeId;
  }

  all(): readonly StoredProfile[] {
    return this.#data.profiles;
  }

  get(id: string): StoredProfile | undefined {
    return this.#data.profiles.find((p) => p.id === id);
  }

  add(profile: Omit<StoredProfile, 'id'>, activate = false): Promise<StoredProfile> {
    const created: StoredProfile = { ...profile, id: randomUUID() };
    return this.#change((d) => ({ ...d, profiles: [...d.profiles, created], activeId: activate || !d.activeId ? created.id : d.activeId })).then(() => created);
  }

  async update(id: string, change: Partial<Omit<StoredProfile, 'id' | 'kind'>>): Promise<StoredProfile | undefined> {
    let next: StoredProfile | undefined;
    await this.#change((d) => {
      const current = d.profiles.find((p) => p.id === id);
      if (!current) return d;
      next = { ...current, ...change };
      return { ...d, profiles: d.profiles.map((p) => (p.id === id ? next! : p)) };
    });
    return next;
  }

  remove(id: string): Promise<void> {
    return this.#change((d) => {
      const profiles = d.profiles.filter((p) => p.id !== id);
      return { ...d, profiles, activeId: d.activeId === id ? (profiles[0]?.id ?? null) : d.activeId };
    });
  }

  activate(id: string): Promise<void> {
    return this.#change((d) => (d.profiles.some((p) => p.id === id) ? { ...d, activeId: id } : d));
  }

  #change(update: (current: FileShape) => FileShape): Promise<void> {
    return this.#serial.run(async () => {
      const next = update(this.#data);
      if (next !== this.#data) await this.#save(next);
    });
  }

  async #save(next: FileShape): Promise<void> {
    await writeFileAtomic(this.#file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, backup: true });
    this.#data = next;
  }
}
