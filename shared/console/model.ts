/** The raw request console as the renderer sees it: what it sends and what comes back (keys masked). */
import { z } from 'zod';

export const ConsoleBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty') }),
  /** Valid JSON, pretty-printed; secret-looking fields and known keys masked. */
  z.object({ kind: z.literal('json'), text: z.string(), masked: z.number().int().nonnegative() }),
  /** Text, or JSON that does not parse (with where it breaks). */
  z.object({ kind: z.literal('text'), text: z.string(), parseError: z.string().optional() }),
  z.object({ kind: z.literal('binary'), contentType: z.string(), hex: z.string() }),
]);
export type ConsoleBody = z.infer<typeof ConsoleBody>;

/** One attempt of a request: its status or failure, and whether (and after how long) another followed. */
export const ConsoleAttempt = z.object({
  attempt: z.number(),
  status: z.number().optional(),
  error: z.string().optional(),
  retry: z.boolean(),
  delayMs: z.number(),
  reason: z.string(),
});

export const ConsoleResponse = z.object({
  requestId: z.string(),
  method: z.string(),
  /** The full URL, secrets in the query masked. */
  url: z.string(),
  status: z.number(),
  statusText: z.string(),
  timingMs: z.number(),
  /** Bytes of body received in all (only the first DISPLAY_CAP_BYTES are shown; all can be saved). */
  size: z.number(),
  truncated: z.boolean(),
  contentType: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  responseHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().optional(),
  body: ConsoleBody,
  /** With --verbose: the body as received (credential fields and key values masked). */
  rawBody: z.string().optional(),
  attempts: z.array(ConsoleAttempt),
  verbose: z.boolean(),
  /** The same request as a curl command and as a `burrow api` line; the key is a shell variable in both. */
  copyAs: z.object({ curl: z.string(), burrowApi: z.string() }),
});
export type ConsoleResponse = z.infer<typeof ConsoleResponse>;
