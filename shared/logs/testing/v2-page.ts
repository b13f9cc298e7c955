/** The v2 page as a schema that holds every row valid: what the tests read the sandbox's and the core's pages with. */
import { z } from 'zod';
import { logEntrySchema, paginationSchema, queryEchoSchema } from '../v2-response.js';

/** A 200 answer of `GET /v2/pullzones/{id}/logs`, every row valid; `data: null` reads as no rows. */
export const logQueryResponseSchema = z.object({
  data: z
    .array(logEntrySchema)
    .nullable()
    .transform((d) => d ?? []),
  pagination: paginationSchema,
  query: queryEchoSchema,
});

/** A 200 answer of `GET /v2/pullzones/{id}/logs`. */
export type LogQueryResponse = z.infer<typeof logQueryResponseSchema>;
