/**
 * The contract between the renderer and the core: every method (`area.verb`) with its input
 * and output schema, and every event (`area.noun`) with its payload schema.
 * Read top to bottom, this is everything the renderer can ask for.
 */
import { z } from 'zod';
import type { EventName, MethodName } from './channels.js';
import {
  AreaCheck,
  ConnectionArea,
  DiscoveredLibrary,
  DiscoveredPullZone,
  Endpoints,
  KeySlot,
  KeyStatus,
  LibraryId,
  LoggingAuth,
  ProfileName,
  ProfileView,
  SecretStorageInfo,
} from './profiles.js';
import type { Result } from './result.js';
import { ConsoleResponse } from './console.js';

const empty = z.object({}).strict();

/** A file the core knows by token; the renderer never holds a path. */
export const RegisteredFile = z.object({
  token: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type RegisteredFile = z.infer<typeof RegisteredFile>;

export const methods = {
  /** Version, which shell hosts the core, and where data lives. */
  'app.info': {
    input: empty,
    output: z.object({
      name: z.string(),
      version: z.string(),
      shell: z.enum(['electron', 'chromium']),
      platform: z.string(),
      dataDir: z.string(),
    }),
  },
  /** Opens an https link from the allow-list in the system browser. */
  'app.openExternal': {
    input: z.object({ url: z.string().max(2048) }).strict(),
    output: z.object({ opened: z.boolean() }),
  },
  /** Every profile, which one is active, and how keys are kept on this machine. */
  'profiles.list': {
    input: empty,
    output: z.object({
      activeId: z.string().nullable(),
      profiles: z.array(ProfileView),
      secretStorage: SecretStorageInfo,
      /** Things the user must act on: unreadable key or profile files, keys to enter again. */
      problems: z.array(z.string()),
    }),
  },
  /** A new real profile; endpoints default to bunny.net's own. */
  'profiles.create': {
    input: z.object({ name: ProfileName, endpoints: Endpoints.optional(), loggingAuth: LoggingAuth.optional() }).strict(),
    output: ProfileView,
  },
  /** Renames a profile or changes its endpoints or logging authentication (the sandbox's endpoints are fixed). */
  'profiles.update': {
    input: z.object({ id: z.string().min(1), name: ProfileName.optional(), endpoints: Endpoints.optional(), loggingAuth: LoggingAuth.optional() }).strict(),
    output: ProfileView,
  },
  /** A copy of a profile with its settings and keys under a new name. */
  'profiles.duplicate': {
    input: z.object({ id: z.string().min(1), name: ProfileName.optional() }).strict(),
    output: ProfileView,
  },
  /** Deletes a profile and its keys; the active profile passes to another one. */
  'profiles.delete': {
    input: z.object({ id: z.string().min(1) }).strict(),
    output: z.object({ activeId: z.string().nullable() }),
  },
  /** Makes a profile the active one, everywhere at once. */
  'profiles.activate': {
    input: z.object({ id: z.string().min(1) }).strict(),
    output: ProfileView,
  },
  /** Stores a key; the answer says only whether one is set and its last four characters. */
  'profiles.setKey': {
    input: z.object({ profileId: z.string().min(1), slot: KeySlot, value: z.string().trim().min(1, 'is required').min(8, 'must be at least 8 characters').max(4096, 'is too long') }).strict(),
    output: KeyStatus,
  },
  /** Forgets a key (a library's entry goes with its key). */
  'profiles.deleteKey': {
    input: z.object({ profileId: z.string().min(1), slot: KeySlot }).strict(),
    output: KeyStatus,
  },
  /** Calls one cheap endpoint of each area and reports what happened. */
  'profiles.test': {
    input: z.object({ id: z.string().min(1), areas: z.array(ConnectionArea).min(1).max(4).optional() }).strict(),
    output: z.object({ checks: z.array(AreaCheck) }),
  },
  /** Lists the account's video libraries and pull zones with the account key. */
  'profiles.discover': {
    input: z.object({ id: z.string().min(1) }).strict(),
    output: z.object({ libraries: z.array(DiscoveredLibrary), pullZones: z.array(DiscoveredPullZone) }),
  },
  /** Stores the keys the platform returns for these libraries, so nobody pastes them by hand. */
  'profiles.storeLibraryKeys': {
    input: z.object({ id: z.string().min(1), libraryIds: z.array(LibraryId).min(1, 'choose at least one library').max(500) }).strict(),
    output: ProfileView,
  },
  /** On a machine without real key encryption: whether keys may be written to disk anyway. */
  'secrets.setPersistence': {
    input: z.object({ optIn: z.boolean() }).strict(),
    output: SecretStorageInfo,
  },
  /** Sends one `api METHOD PATH [--body JSON] [--verbose]` line with the active profile's key. */
  'console.send': {
    input: z
      .object({
        requestId: z.string().min(1).max(100),
        line: z.string().max(2_100_000, 'is too long'),
        /** The body editor's JSON, used when the line has no --body. */
        body: z.string().max(2_100_000, 'is too long').optional(),
        verbose: z.boolean().optional(),
      })
      .strict(),
    output: ConsoleResponse,
  },
  /** Stops a request that is still running. */
  'console.cancel': {
    input: z.object({ requestId: z.string().min(1).max(100) }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** The active profile's command history, newest last; `query` filters it. */
  'console.history': {
    input: z.object({ query: z.string().max(200).optional() }).strict(),
    output: z.object({ entries: z.array(z.string()) }),
  },
  /** Picks a JSON file for the body editor. */
  'console.loadBody': {
    input: empty,
    output: z.object({ name: z.string(), text: z.string() }).nullable(),
  },
  /** Saves the body of a recent response to a file the user picks. */
  'console.saveResponse': {
    input: z.object({ requestId: z.string().min(1).max(100) }).strict(),
    output: z.object({ saved: z.boolean(), bytes: z.number() }),
  },
  /** Files registered by drop or picker in this session. */
  'files.list': {
    input: empty,
    output: z.object({ files: z.array(RegisteredFile) }),
  },
} as const satisfies Record<MethodName, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  /** The profile list or the active profile changed (another window, a key re-entry prompt). */
  'profiles.changed': z.object({ activeId: z.string().nullable() }),
  /** Something the user should see that no call returned (background failures, warnings). */
  'app.notice': z.object({
    level: z.enum(['info', 'warning', 'error']),
    message: z.string(),
  }),
} as const satisfies Record<EventName, z.ZodType>;

export type Methods = typeof methods;
export type Events = typeof events;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** The object the preload (or the Chromium shell) puts on `window.burrow`. */
export interface BurrowBridge {
  invoke(method: string, input?: unknown): Promise<Result<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  readonly files: {
    /** Turns a dropped DOM File into a registered file (the path never reaches the page). */
    fromDrop(file: object): Promise<Result<RegisteredFile>>;
  };
}
