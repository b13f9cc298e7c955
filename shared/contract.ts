/**
 * The contract between the renderer and the core: every method (`area.verb`) with its input
 * and output schema, and every event (`area.noun`) with its payload schema.
 * Read top to bottom, this is everything the renderer can ask for.
 */
import { z } from 'zod';
import type { EventName, MethodName } from './channels.js';
import type { Result } from './result.js';

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
  /** Files registered by drop or picker in this session. */
  'files.list': {
    input: empty,
    output: z.object({ files: z.array(RegisteredFile) }),
  },
} as const satisfies Record<MethodName, { input: z.ZodType; output: z.ZodType }>;

export const events = {
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
