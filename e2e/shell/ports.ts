/** The Chromium shell's OS ports: file dialogs (scripted or the page's chooser), a recording notifier, a session-only cipher. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, extname, join } from 'node:path';
import type { Dialogs, Notifier, SecretCipher } from '../../electron/core/ports.js';
import type { PageFiles } from './page-files.js';

type OpenOptions = Parameters<Dialogs['openFiles']>[0];
type SaveOptions = Parameters<Dialogs['saveFile']>[0];

/**
 * A dialog that answers from a queue the test fills. With nothing queued it asks the next dialog when it has one
 * (the real chooser, for a user), otherwise the user cancelled.
 */
export class ScriptedDialogs implements Dialogs {
  readonly openAnswers: string[][] = [];
  readonly saveAnswers: (string | null)[] = [];
  readonly #fallback: Dialogs | undefined;

  constructor(fallback?: Dialogs) {
    this.#fallback = fallback;
  }

  async openFiles(options: OpenOptions): Promise<string[]> {
    const scripted = this.openAnswers.shift();
    if (scripted) return scripted;
    return this.#fallback ? this.#fallback.openFiles(options) : [];
  }

  async saveFile(options: SaveOptions): Promise<string | null> {
    if (this.saveAnswers.length > 0) return this.saveAnswers.shift() ?? null;
    return this.#fallback ? this.#fallback.saveFile(options) : null;
  }
}

/** Where a browser saves without asking: XDG_DOWNLOAD_DIR, else ~/Downloads. */
export function downloadsFolder(env: NodeJS.ProcessEnv = process.env): string {
  return env.XDG_DOWNLOAD_DIR || join(homedir(), 'Downloads');
}

/**
 * The real file chooser of the app's page: headed, Chromium's own OS dialog. Only paths reach the core; the
 * chosen files are never read. Before the page exists nothing can ask, so nothing is chosen.
 *
 * A page has no save dialog that yields a path, so saving does what a browser does with a download: the file
 * goes into the downloads folder under the suggested name, made unique (`name (1).csv`) so nothing is replaced,
 * and the shell says where on its terminal (the app's own message names the path too).
 */
export class ChromiumDialogs implements Dialogs {
  readonly #files: () => PageFiles | undefined;
  readonly #downloads: string;
  readonly #announce: (message: string) => void;
  /** Paths handed out this run: two saves of the same name in a row get different files. */
  readonly #given = new Set<string>();

  constructor(files: () => PageFiles | undefined, options: { readonly downloads?: string; readonly announce?: (message: string) => void } = {}) {
    this.#files = files;
    this.#downloads = options.downloads ?? downloadsFolder();
    this.#announce = options.announce ?? (() => undefined);
  }

  async openFiles(options: OpenOptions): Promise<string[]> {
    const extensions = options.filters?.flatMap((f) => f.extensions);
    // One filter list limits the chooser; "All files" among them lifts the limit, as in the OS dialog.
    return (await this.#files()?.choose({ multiple: true, extensions: extensions?.includes('*') ? [] : extensions })) ?? [];
  }

  /** The suggested name in the downloads folder, made unique; the folder is made when missing. */
  async saveFile(options: SaveOptions): Promise<string | null> {
    await mkdir(this.#downloads, { recursive: true });
    const name = basename(options.defaultName.replace(/[\\/]/g, '_')) || 'download';
    const ext = extname(name);
    const stem = name.slice(0, name.length - ext.length);
    let path = join(this.#downloads, name);
    for (let n = 1; existsSync(path) || this.#given.has(path); n++) path = join(this.#downloads, `${stem} (${n})${ext}`);
    this.#given.add(path);
    this.#announce(`${options.title}: saving to ${path}`);
    return path;
  }
}

/** Records notifications and progress so tests can read them. */
export class RecordingNotifier implements Notifier {
  readonly notes: { title: string; body: string }[] = [];
  lastProgress: number | null = null;

  notify(title: string, body: string): void {
    this.notes.push({ title, body });
  }

  progress(fraction: number | null): void {
    this.lastProgress = fraction;
  }
}

/**
 * The shell has no OS keychain: it reports the `basic_text` backend (no real encryption),
 * so the core's policy keeps keys for the session only unless the user opts in.
 */
export class PlainCipher implements SecretCipher {
  async backend(): Promise<string> {
    return 'basic_text';
  }

  async isAvailable(): Promise<boolean> {
    return true;
  }

  async encrypt(plain: string): Promise<string> {
    return Buffer.from(plain, 'utf8').toString('base64');
  }

  async decrypt(cipher: string): Promise<string> {
    return Buffer.from(cipher, 'base64').toString('utf8');
  }
}
