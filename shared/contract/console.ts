/**
 * The console: raw authenticated requests to any platform endpoint, with history and saved bodies.
 * `console.raw` and `console.attempt` are checked at run time by ./hand-checked.ts (no zod), which mirrors them.
 */
import { z } from 'zod';
import { API_METHODS, MAX_BODY_BYTES, MAX_LINE_LENGTH, MAX_PATH_LENGTH } from '../console/command-types.js';
import { ConsoleAttempt, ConsoleResponse } from '../console/model.js';
import { empty, type AreaContract } from './define.js';

const Headers = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const consoleContract = {
  methods: {
    /** Sends one `api METHOD PATH [--body JSON] [--verbose]` line with the active profile's key. */
    'console.send': {
      input: z
        .object({
          requestId: z.string().min(1).max(100),
          line: z.string().max(MAX_LINE_LENGTH, 'is too long'),
          /** The body editor's JSON, used when the line has no --body. */
          body: z.string().max(MAX_BODY_BYTES, 'is over the body size limit').optional(),
          verbose: z.boolean().optional(),
        })
        .strict(),
      output: ConsoleResponse,
    },
    /**
     * One request as `burrow api` sends it: the path to the profile's core URL with its key, the JSON text as the caller
     * checked it, the answer's bytes (known keys masked) and, for an error status, the platform's message read as
     * `area` writes it. POST and PATCH are never retried. With `verbose`, each attempt is a `console.attempt` event.
     */
    'console.raw': {
      input: z
        .object({
          requestId: z.string().min(1).max(100),
          method: z.enum(API_METHODS),
          path: z.string().startsWith('/').max(MAX_PATH_LENGTH),
          body: z.string().max(MAX_BODY_BYTES).optional(),
          area: z.enum(['core', 'containers', 'video', 'logging']).optional(),
          verbose: z.boolean().optional(),
        })
        .strict(),
      output: z.object({
        status: z.number(),
        contentType: z.string().optional(),
        /** At most 64 MiB are kept; `truncated` says there was more. */
        body: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'must be bytes'),
        truncated: z.boolean(),
        problem: z.object({ title: z.string(), detail: z.string().optional(), code: z.string().optional(), fieldErrors: z.record(z.string(), z.string()).optional() }).optional(),
      }),
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
  },
  events: {
    /** One attempt of a verbose `console.raw`, as it ends (headers with keys masked). */
    'console.attempt': ConsoleAttempt.extend({ requestId: z.string(), method: z.string(), url: z.string(), requestHeaders: Headers, responseHeaders: Headers.optional() }),
  },
} as const satisfies AreaContract;
