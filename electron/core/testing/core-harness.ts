/** Builds a real core over a temp data dir and test ports, for tests under plain Node. */
import { EVENT_NAMES } from '../../../shared/contract/channels.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../index.js';
import type { Dialogs, Notifier } from '../ports.js';
import { FakeCipher } from './fake-cipher.js';

export interface Harness {
  readonly core: Core;
  /** Answers the open dialog gives (the paths chosen), in order; none left means the user cancelled. */
  readonly openAnswers: string[][];
  /** Answers the save dialog gives, in order; empty means the user cancelled. */
  readonly saveAnswers: (string | null)[];
  readonly dataDir: string;
  readonly cipher: FakeCipher;
  readonly events: { event: string; payload: unknown }[];
  /** Invokes and unwraps: throws with the error's JSON when the result is not ok. */
  call<T = unknown>(method: string, input?: unknown): Promise<T>;
}

const notifier: Notifier = { notify: () => {}, progress: () => {} };

/** Starts a core; pass the same dataDir twice to simulate a restart. */
export async function startCore(options: { dataDir?: string; cipher?: FakeCipher } = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'burrow-core-')));
  const cipher = options.cipher ?? new FakeCipher();
  const saveAnswers: (string | null)[] = [];
  const openAnswers: string[][] = [];
  const dialogs: Dialogs = { openFiles: async () => openAnswers.shift() ?? [], saveFile: async () => saveAnswers.shift() ?? null };
  const core = await createCore({ shell: 'chromium', appVersion: '0.0.0-test', platform: process.platform, dataDir, cipher, dialogs, notifier, openExternal: async () => {} });
  const events: { event: string; payload: unknown }[] = [];
  for (const event of EVENT_NAMES) core.on(event, (payload) => events.push({ event, payload }));
  return {
    core,
    dataDir,
    cipher,
    saveAnswers,
    openAnswers,
    events,
    async call<T>(method: string, input: unknown = {}) {
      const r = await core.invoke(method, input);
      if (!r.ok) throw new Error(`${method} failed: ${JSON.stringify(r.error)}`);
      return r.value as T;
    },
  };
}
