/**
 * The app itself: which shell hosts the core, links out, and notices no call returned.
 */
import { z } from 'zod';
import { empty, type AreaContract } from './define.js';

export const appContract = {
  methods: {
    /** Version, which shell hosts the core, and where data lives. */
    'desktop.info': {
      input: empty,
      output: z.object({
        name: z.string(),
        version: z.string(),
        shell: z.enum(['electron', 'chromium', 'cli']),
        platform: z.string(),
        dataDir: z.string(),
      }),
    },
    /** Opens an https link from the allow-list in the system browser. */
    'desktop.openExternal': {
      input: z.object({ url: z.string().max(2048) }).strict(),
      output: z.object({ opened: z.boolean() }),
    },
  },
  events: {
    /** Something the user should see that no call returned (background failures, warnings). */
    'desktop.notice': z.object({
      level: z.enum(['info', 'warning', 'error']),
      message: z.string(),
    }),
  },
} as const satisfies AreaContract;
