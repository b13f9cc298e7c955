/**
 * The contract between the renderer and the core: the table of contents of the app.
 * Each area keeps its methods (`area.verb`, input and output schemas) and events (`area.noun`, payload
 * schemas) in `shared/contract/<area>.ts`; this file merges them. Read top to bottom, the area files
 * are everything the renderer can ask for.
 */
import type { z } from 'zod';
import type { EventName, MethodName } from './channels.js';
import type { Result } from './result.js';
import { appContract } from './desktop.js';
import { appsContract } from './apps.js';
import { consoleContract } from './console.js';
import type { MethodSpec } from './define.js';
import { filesContract } from './files.js';
import { logsContract } from './logs.js';
import { settingsContract } from './settings.js';
import { videosContract } from './videos.js';

export { RegisteredFile } from './files.js';

/** Every area's part of the contract, in the order the app shows the areas. */
export const areas = {
  app: appContract,
  files: filesContract,
  settings: settingsContract,
  console: consoleContract,
  videos: videosContract,
  logs: logsContract,
  apps: appsContract,
} as const;

export const methods = {
  ...appContract.methods,
  ...filesContract.methods,
  ...settingsContract.methods,
  ...consoleContract.methods,
  ...videosContract.methods,
  ...logsContract.methods,
  ...appsContract.methods,
} as const satisfies Record<MethodName, MethodSpec>;

export const events = {
  ...appContract.events,
  ...filesContract.events,
  ...settingsContract.events,
  ...consoleContract.events,
  ...videosContract.events,
  ...logsContract.events,
  ...appsContract.events,
} as const satisfies Record<EventName, z.ZodType>;

export type Methods = typeof methods;
export type Events = typeof events;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
/** The methods that take files by token (`tokens`): what a drop, or a command naming files, can call. */
export type FileMethod = { [M in MethodName]: 'tokens' extends keyof MethodInput<M> ? M : never }[MethodName];

/** What a drop gave: the call's result (null when no file had a path, so nothing was sent), and the names refused. */
export interface DropResult {
  readonly result: Result<unknown> | null;
  /** Names of the files with no path on disk behind them (made in the page): never sent. */
  readonly refused: readonly string[];
}

/** The object the preload (or the Chromium shell) puts on `window.burrow`. */
export interface BurrowBridge {
  invoke(method: string, input?: unknown): Promise<Result<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  readonly files: {
    /**
     * Hands dropped DOM Files to the core by path (never a path to the page, never their bytes) and calls `method` on
     * them in the same message: the core adds their tokens to `input` as `tokens`.
     */
    drop(files: readonly object[], method: string, input?: object): Promise<DropResult>;
  };
}
