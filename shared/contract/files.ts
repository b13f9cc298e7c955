/**
 * Files the user handed to the app by drop or picker; the renderer knows them by token, never by path.
 */
import { z } from 'zod';
import { empty, type AreaContract } from './define.js';

/** A file the core knows by token; the renderer never holds a path. */
export const RegisteredFile = z.object({
  token: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** A dropped folder is registered too; an area that takes folders walks it in the core. */
  kind: z.enum(['file', 'folder']),
});
export type RegisteredFile = z.infer<typeof RegisteredFile>;

export const filesContract = {
  methods: {
    /** Files registered by drop or picker in this session. */
    'files.list': {
      input: empty,
      output: z.object({ files: z.array(RegisteredFile) }),
    },
  },
  events: {},
} as const satisfies AreaContract;
