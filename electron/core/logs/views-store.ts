/**
 * Saved log views: named filter texts per zone, one file per profile (zone ids belong to an account), written
 * atomically so a crash leaves the old list or the new one. Names are unique per zone regardless of case, so two
 * entries in the list never look alike.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { VIEW_NAME_MAX, VIEWS_PER_ZONE_MAX, type SavedView } from '../../../shared/contract/logs-views.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import { readJsonFile, writeFileAtomic } from '../disk/atomic.js';
import { Serial } from '../disk/serial.js';

const ViewShape = z.object({ id: z.string(), name: z.string(), filter: z.string(), savedAt: z.number() });
const FileShape = z.object({ v: z.literal(1), zones: z.record(z.string(), z.array(ViewShape)) });
type FileData = z.infer<typeof FileShape>;

const nameError = (message: string) => new AppFailure(appError('validation', 'The view could not be saved', { detail: message, fieldErrors: { name: message } }));

/** The saved views of every profile, read from disk on first use and kept in memory. */
export class ViewsStore {
  readonly #dir: string;
  readonly #cache = new Map<string, FileData>();
  readonly #serial = new Serial();
  readonly #now: () => number;

  constructor(dataDir: string, now: () => number = Date.now) {
    this.#dir = join(dataDir, 'logs');
    this.#now = now;
  }

  #file(profileId: string): string {
    return join(this.#dir, `views-${profileId.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
  }

  async #load(profileId: string): Promise<FileData> {
    const cached = this.#cache.get(profileId);
    if (cached) return cached;
    // A damaged file falls back to the copy kept before the last write, so a torn list loses one change at most.
    const read = async (path: string) => FileShape.safeParse(await readJsonFile(path).catch(() => undefined));
    const main = await read(this.#file(profileId));
    const parsed = main.success ? main : await read(`${this.#file(profileId)}.bak`);
    const data: FileData = parsed.success ? parsed.data : { v: 1, zones: {} };
    this.#cache.set(profileId, data);
    return data;
  }

  async #write(profileId: string, data: FileData): Promise<void> {
    await mkdir(this.#dir, { recursive: true });
    await writeFileAtomic(this.#file(profileId), JSON.stringify(data), { backup: true });
    this.#cache.set(profileId, data);
  }

  /** A zone's views, by name. */
  async list(profileId: string, zoneId: number): Promise<SavedView[]> {
    const data = await this.#load(profileId);
    return [...(data.zones[String(zoneId)] ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Saves a new view; the name is trimmed and must be new for the zone. */
  save(profileId: string, zoneId: number, name: string, filter: string): Promise<SavedView> {
    return this.#serial.run(async () => {
      const data = await this.#load(profileId);
      const views = data.zones[String(zoneId)] ?? [];
      const clean = checkName(name, views, null);
      if (views.length >= VIEWS_PER_ZONE_MAX) throw nameError(`A zone keeps at most ${VIEWS_PER_ZONE_MAX} views: delete one first`);
      const view: SavedView = { id: randomUUID(), name: clean, filter: filter.trim(), savedAt: this.#now() };
      await this.#write(profileId, { v: 1, zones: { ...data.zones, [String(zoneId)]: [...views, view] } });
      return view;
    });
  }

  /** Gives a view another name, new for the zone. */
  rename(profileId: string, zoneId: number, id: string, name: string): Promise<SavedView> {
    return this.#serial.run(async () => {
      const data = await this.#load(profileId);
      const views = data.zones[String(zoneId)] ?? [];
      const old = views.find((v) => v.id === id);
      if (!old) throw new AppFailure(appError('not_found', 'That view no longer exists', { detail: 'It may have been deleted.' }));
      const renamed = { ...old, name: checkName(name, views, id) };
      await this.#write(profileId, { v: 1, zones: { ...data.zones, [String(zoneId)]: views.map((v) => (v.id === id ? renamed : v)) } });
      return renamed;
    });
  }

  /** Deletes a view; one already gone is not an error. */
  delete(profileId: string, zoneId: number, id: string): Promise<void> {
    return this.#serial.run(async () => {
      const data = await this.#load(profileId);
      const views = data.zones[String(zoneId)] ?? [];
      if (!views.some((v) => v.id === id)) return;
      await this.#write(profileId, { v: 1, zones: { ...data.zones, [String(zoneId)]: views.filter((v) => v.id !== id) } });
    });
  }
}

/** Line breaks, other control characters and invisible ones (zero-width spaces and joiners, byte order marks). */
const UNSEEN = /[\p{Cc}\u200B-\u200F\u2028-\u202E\u2060-\u2064\uFEFF]/gu;

/** A name as it is kept and compared: one normal form, line breaks as spaces, nothing unseen, no spaces at the ends. */
function cleanName(name: string): string {
  return name.normalize('NFC').replace(/[\t\n\r]+/g, ' ').replace(UNSEEN, '').trim();
}

/** The cleaned name, or a validation error saying why it cannot be used. */
function checkName(name: string, views: readonly SavedView[], self: string | null): string {
  const clean = cleanName(name);
  if (clean === '') throw nameError('Give the view a name');
  // Counted in characters as people see them, not in UTF-16 units (an emoji is one).
  if ([...clean].length > VIEW_NAME_MAX) throw nameError(`A view's name must be at most ${VIEW_NAME_MAX} characters`);
  const key = clean.toLocaleLowerCase();
  if (views.some((v) => v.id !== self && cleanName(v.name).toLocaleLowerCase() === key)) throw nameError(`This zone already has a view named "${clean}"`);
  return clean;
}
