/**
 * Settings: profiles (endpoints, keys per area and per library) and how keys are kept on this machine.
 */
import { z } from 'zod';
import {
  AreaCheck,
  ConnectionArea,
  DiscoveredLibrary,
  DiscoveredPullZone,
  Endpoints,
  KeySlot,
  KeyStatus,
  KeyValue,
  LibraryId,
  LoggingAuth,
  ProfileName,
  ProfileView,
  SecretStorageInfo,
} from '../settings/profiles.js';
import { empty, type AreaContract } from './define.js';

export const settingsContract = {
  methods: {
    /** Every profile, which one is active, and how keys are kept on this machine. */
    'settings.profiles': {
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
    'settings.createProfile': {
      input: z.object({ name: ProfileName, endpoints: Endpoints.optional(), loggingAuth: LoggingAuth.optional() }).strict(),
      output: ProfileView,
    },
    /** Renames a profile or changes its endpoints or logging authentication (the sandbox's endpoints are fixed). */
    'settings.updateProfile': {
      input: z.object({ id: z.string().min(1), name: ProfileName.optional(), endpoints: Endpoints.optional(), loggingAuth: LoggingAuth.optional() }).strict(),
      output: ProfileView,
    },
    /** A copy of a profile with its settings and keys under a new name. */
    'settings.duplicateProfile': {
      input: z.object({ id: z.string().min(1), name: ProfileName.optional() }).strict(),
      output: ProfileView,
    },
    /** Deletes a profile and its keys; the active profile passes to another one. */
    'settings.deleteProfile': {
      input: z.object({ id: z.string().min(1) }).strict(),
      output: z.object({ activeId: z.string().nullable() }),
    },
    /** Makes a profile the active one, everywhere at once. */
    'settings.activateProfile': {
      input: z.object({ id: z.string().min(1) }).strict(),
      output: ProfileView,
    },
    /** Stores a key; the answer says only whether one is set and its last four characters. */
    'settings.setKey': {
      input: z.object({ profileId: z.string().min(1), slot: KeySlot, value: KeyValue }).strict(),
      output: KeyStatus,
    },
    /** Forgets a key (a library's entry goes with its key). */
    'settings.deleteKey': {
      input: z.object({ profileId: z.string().min(1), slot: KeySlot }).strict(),
      output: KeyStatus,
    },
    /** Calls one cheap endpoint of each area and reports what happened. */
    'settings.testProfile': {
      input: z.object({ id: z.string().min(1), areas: z.array(ConnectionArea).min(1).max(4).optional() }).strict(),
      output: z.object({ checks: z.array(AreaCheck) }),
    },
    /** Lists the account's video libraries and pull zones with the account key. */
    'settings.discover': {
      input: z.object({ id: z.string().min(1) }).strict(),
      output: z.object({ libraries: z.array(DiscoveredLibrary), pullZones: z.array(DiscoveredPullZone) }),
    },
    /** Stores the keys the platform returns for these libraries, so nobody pastes them by hand. */
    'settings.storeLibraryKeys': {
      input: z.object({ id: z.string().min(1), libraryIds: z.array(LibraryId).min(1, 'choose at least one library').max(500) }).strict(),
      output: ProfileView,
    },
    /** On a machine without real key encryption: whether keys may be written to disk anyway. */
    'settings.setSecretPersistence': {
      input: z.object({ optIn: z.boolean() }).strict(),
      output: SecretStorageInfo,
    },
    /** Starts the embedded sandbox over: everything made in it (apps, videos, collections, zones) is forgotten. */
    'settings.resetSandbox': {
      input: empty,
      output: z.object({ reset: z.literal(true) }),
    },
  },
  events: {
    /** The profile list or the active profile changed (another window, a key re-entry prompt). */
    'settings.changed': z.object({ activeId: z.string().nullable() }),
  },
} as const satisfies AreaContract;
