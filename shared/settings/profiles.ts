/** Profiles: who the user is on which platform, as the renderer sees them (never a key, only its status). */
import { z } from 'zod';
import { endpointProblem } from './endpoint-url.js';
import { KEY_CHARACTERS_RULE, KEY_MAX_LENGTH, KEY_MIN_LENGTH, firstBadKeyCharacter } from './key-value.js';

const httpUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = endpointProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.replace(/\/+$/, ''));

export const Endpoints = z
  .object({ apiUrl: httpUrl, containersUrl: httpUrl, videoUrl: httpUrl, loggingUrl: httpUrl })
  .strict();
export type Endpoints = z.output<typeof Endpoints>;

/**
 * The same four URLs as kept on disk and shown to the renderer: not checked again, so a profile saved under
 * looser rules still loads and shows; such a URL fails, naming itself, when a request is built from it.
 */
export const SavedEndpoints = z.object({ apiUrl: z.string(), containersUrl: z.string(), videoUrl: z.string(), loggingUrl: z.string() });

export const LoggingAuth = z.enum(['accessKey', 'bearer']);
export type LoggingAuth = z.infer<typeof LoggingAuth>;

export const ProfileName = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');
export const LibraryId = z.number().int('must be a whole number').positive('must be positive').max(2 ** 31 - 1, 'is too large');

/** An API key as the user enters it: trimmed, of sane length, only characters an HTTP header carries unchanged. */
export const KeyValue = z
  .string()
  .trim()
  .min(1, 'is required')
  .min(KEY_MIN_LENGTH, `must be at least ${KEY_MIN_LENGTH} characters`)
  .max(KEY_MAX_LENGTH, 'is too long')
  .refine((key) => firstBadKeyCharacter(key) === -1, KEY_CHARACTERS_RULE);

/** Which key a call is about. */
export const KeySlot = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account') }).strict(),
  z.object({ kind: z.literal('library'), libraryId: LibraryId, name: z.string().trim().max(200).optional() }).strict(),
  z.object({ kind: z.literal('loggingJwt') }).strict(),
]);
export type KeySlot = z.infer<typeof KeySlot>;

/** What the renderer may know about a key. */
export const KeyStatus = z.object({
  configured: z.boolean(),
  /** The last four characters, only when configured. */
  hint: z.string().max(4).optional(),
  /** stored: encrypted on disk; session: in memory until quit; reenter: stored but unreadable now. */
  state: z.enum(['none', 'stored', 'session', 'reenter']),
});
export type KeyStatus = z.infer<typeof KeyStatus>;

export const ProfileView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'platform']),
  endpoints: SavedEndpoints,
  loggingAuth: LoggingAuth,
  accountKey: KeyStatus,
  loggingJwt: KeyStatus,
  libraries: z.array(z.object({ id: z.number(), name: z.string(), key: KeyStatus })),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const SecretStorageInfo = z.object({
  backend: z.string(),
  /** True when keys are written to disk encrypted. */
  persistent: z.boolean(),
  /** True when the OS offers no real encryption and keys stay in memory unless the user opts in. */
  weak: z.boolean(),
  optedIn: z.boolean(),
  message: z.string().optional(),
});
export type SecretStorageInfo = z.infer<typeof SecretStorageInfo>;

export const ConnectionArea = z.enum(['core', 'containers', 'video', 'logging']);
export type ConnectionArea = z.infer<typeof ConnectionArea>;

export const AreaCheck = z.object({
  area: ConnectionArea,
  state: z.enum(['ok', 'wrong-key', 'no-key', 'unreachable', 'logging-disabled', 'error']),
  /** What happened, in the user's words. */
  summary: z.string(),
  /** The platform's own message, when it gave one. */
  platformMessage: z.string().optional(),
  status: z.number().optional(),
});
export type AreaCheck = z.infer<typeof AreaCheck>;

export const DiscoveredLibrary = z.object({ id: z.number(), name: z.string(), keyAvailable: z.boolean(), keyStored: z.boolean() });
export const DiscoveredPullZone = z.object({ id: z.number(), name: z.string(), loggingEnabled: z.boolean() });
