/** Console history, one file per profile, newest last; a repeated command moves to the end. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HISTORY_LIMIT } from '../../../shared/console/command-types.js';
import { readJsonFile, writeFileAtomic } from '../disk/atomic.js';

/** The file's entries when it is `{ v: 1, entries: string[] }` (checked by hand: the console area loads no zod). */
function entriesOf(file: unknown): string[] | undefined {
  const { v, entries } = (file ?? {}) as { v?: unknown; entries?: unknown };
  return v === 1 && Array.isArray(entries) && entries.every((e) => typeof e === 'string') ? entries : undefined;
}

export class ConsoleHistory {
  readonly #dir: string;
  readonly #cache = new Map<string, string[]>();

  constructor(dataDir: string) {
    this.#dir = join(dataDir, 'console');
  }

  #file(profileId: string): string {
    return join(this.#dir, `history-${profileId.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
  }

  async list(profileId: string, query?: string): Promise<string[]> {
    let entries = this.#cache.get(profileId);
    if (!entries) {
      entries = entriesOf(await readJsonFile(this.#file(profileId)).catch(() => undefined)) ?? [];
      this.#cache.set(profileId, entries);
    }
    const q = query?.trim().toLowerCase();
    return q ? entries.filter((e) => e.toLowerCase().includes(q)) : [...entries];
  }

  async add(profileId: string, line: string): Promise<void> {
    const trimmed = line.trim();
    if (trimmed === '') return;
    const entries = (await this.list(profileId)).filter((e) => e !== trimmed);
    entries.push(trimmed);
    const kept = entries.slice(-HISTORY_LIMIT);
    this.#cache.set(profileId, kept);
    await mkdir(this.#dir, { recursive: true });
    await writeFileAtomic(this.#file(profileId), JSON.stringify({ v: 1, entries: kept }));
  }
}
