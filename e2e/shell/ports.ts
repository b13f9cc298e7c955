/** The Chromium shell's OS ports: file dialogs (scripted or the page's chooser), a recording notifier, a session-only cipher. */
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

/**
 * The real file chooser of the app's page: headed, Chromium's own OS dialog. Only paths reach the core; the
 * chosen files are never read. Before the page exists nothing can ask, so nothing is chosen.
 */
export class ChromiumDialogs implements Dialogs {
  readonly #files: () => PageFiles | undefined;

  constructor(files: () => PageFiles | undefined) {
    this.#files = files;
  }

  async openFiles(options: OpenOptions): Promise<string[]> {
    const extensions = options.filters?.flatMap((f) => f.extensions);
    // One filter list limits the chooser; "All files" among them lifts the limit, as in the OS dialog.
    return (await this.#files()?.choose({ multiple: true, extensions: extensions?.includes('*') ? [] : extensions })) ?? [];
  }

  /** A page can pick files to read but has no save dialog that yields a path: saving stays cancelled. */
  async saveFile(): Promise<string | null> {
    return null;
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
