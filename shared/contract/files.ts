/**
 * Files the user handed to the app by drop or picker; the renderer knows them by token, never by path.
 */
import { z } from 'zod';
import type { AreaContract } from './define.js';

/** A file the core knows by token; the renderer never holds a path. */
export const RegisteredFile = z.object({
  token: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** A dropped folder is registered too; an area that takes folders walks it in the core. */
  kind: z.enum(['file', 'folder']),
});
export type RegisteredFile = z.infer<typeof RegisteredFile>;

/** The files a call is about, by token: a shell's drop puts them in the input as `tokens`. */
export const Tokens = z.array(z.string().min(1).max(100)).max(100_000);

export const filesContract = {
  methods: {
    /** Files registered by drop or picker in this session, as they are on disk now; only the `tokens` given (a drop's). */
    'files.list': {
      input: z.object({ tokens: Tokens.optional() }).strict(),
      output: z.object({ files: z.array(RegisteredFile) }),
    },
  },
  events: {},
} as const satisfies AreaContract;
