/** The Chromium shell's OS ports: a scripted file dialog, a recording notifier, a session-only cipher. */
import type { Dialogs, Notifier, SecretCipher } from '../../electron/core/ports.js';

/** A dialog that answers from a queue the test fills; an empty queue means the user cancelled. */
export class ScriptedDialogs implements Dialogs {
  readonly openAnswers: string[][] = [];
  readonly saveAnswers: (string | null)[] = [];

  async openFiles(): Promise<string[]> {
    return this.openAnswers.shift() ?? [];
  }

  async saveFile(): Promise<string | null> {
    return this.saveAnswers.shift() ?? null;
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
