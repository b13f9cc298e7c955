/**
 * The console: raw authenticated requests to any platform endpoint, with history and saved bodies.
 */
import { z } from 'zod';
import { MAX_BODY_BYTES, MAX_LINE_LENGTH } from '../console/command-types.js';
import { ConsoleResponse } from '../console/model.js';
import { empty, type AreaContract } from './define.js';

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
  events: {},
} as const satisfies AreaContract;
