/**
 * The settings area's door: profiles and their keys at rest, the embedded sandbox, and their handlers (`settings.*`).
 */
import { appError } from '../../../shared/contract/result.js';
import type { PlatformClient } from '../platform/client.js';
import { AppFailure } from '../errors.js';
import type { settingsContract } from '../../../shared/contract/settings.js';
import type { AreaHandlers, EventBus } from '../router.js';
import { listLibraries, listPullZones, testConnection } from './checks.js';
import type { StoredProfile } from './profile-store.js';
import type { ProfileService } from './service.js';

export { EMBEDDED_SEED, EmbeddedSandbox } from './embedded-sandbox.js';
export { ProfileStore, type StoredProfile } from './profile-store.js';
export { isWeakBackend, SecretStore } from './secret-store.js';
export { ProfileService } from './service.js';

/** Builds the handlers over the service; `clientFor` gives a platform client bound to one profile. */
export function settingsHandlers(service: ProfileService, clientFor: (p: StoredProfile) => Promise<PlatformClient>, bus: EventBus): AreaHandlers<typeof settingsContract> {
  const changed = () => bus.emit('settings.changed', { activeId: service.store.activeId });
  /** A change: answered once made, and every window hears that the profiles changed. */
  const changing =
    <I, O>(change: (input: I) => Promise<O>) =>
    async (input: I): Promise<O> => {
      const out = await change(input);
      changed();
      return out;
    };
  return {
    'settings.profiles': async () => ({
      activeId: service.store.activeId,
      profiles: await Promise.all(service.store.all().map((p) => service.view(p))),
      secretStorage: service.secrets.info(),
      problems: service.problems(),
    }),
    'settings.createProfile': changing(async (input) => service.view(await service.create(input))),
    'settings.updateProfile': changing(async ({ id, ...change }) => service.view(await service.update(id, change))),
    'settings.duplicateProfile': changing(async ({ id, name }) => service.view(await service.duplicate(id, name))),
    'settings.deleteProfile': changing(async ({ id }) => ({ activeId: await service.remove(id) })),
    'settings.activateProfile': changing(async ({ id }) => {
      const p = service.require(id);
      await service.store.activate(id);
      return service.view(p);
    }),
    'settings.setKey': changing(({ profileId, slot, value }) => service.setKey(profileId, slot, value)),
    'settings.deleteKey': changing(({ profileId, slot }) => service.deleteKey(profileId, slot)),
    'settings.testProfile': async ({ id, areas }, { signal }) => {
      const p = service.require(id);
      const view = await service.view(p);
      const withKeys = view.libraries.filter((l) => l.key.configured).map((l) => l.id);
      return { checks: await testConnection(await clientFor(p), withKeys, areas, signal) };
    },
    'settings.discover': async ({ id }, { signal }) => {
      const p = service.require(id);
      const client = await clientFor(p);
      const [libraries, zones] = await Promise.all([listLibraries(client, signal), listPullZones(client, signal)]);
      const view = await service.view(p);
      return {
        libraries: libraries.items.map((l) => ({
          id: l.id,
          name: l.name,
          keyAvailable: l.apiKey !== null,
          keyStored: view.libraries.some((v) => v.id === l.id && v.key.configured),
        })),
        pullZones: zones.items.map((z) => ({ id: z.id, name: z.name, loggingEnabled: z.loggingEnabled })),
      };
    },
    'settings.storeLibraryKeys': async ({ id, libraryIds }, { signal }) => {
      const p = service.require(id);
      if (p.kind === 'sandbox') return service.view(p);
      const libraries = (await listLibraries(await clientFor(p), signal)).items;
      for (const libraryId of libraryIds) {
        const lib = libraries.find((l) => l.id === libraryId);
        if (!lib?.apiKey) {
          throw new AppFailure(appError('not_found', `Library ${libraryId} has no key to store`, { fieldErrors: { libraryIds: `library ${libraryId} was not returned with a key` } }));
        }
        await service.setKey(p.id, { kind: 'library', libraryId, name: lib.name }, lib.apiKey);
        // Keep the platform's name even when the library was added by hand before.
        const current = service.require(p.id);
        await service.store.update(p.id, { libraries: current.libraries.map((l) => (l.id === libraryId ? { ...l, name: lib.name } : l)) });
      }
      changed();
      return service.view(service.require(p.id));
    },
    'settings.setSecretPersistence': changing(({ optIn }) => service.secrets.setOptIn(optIn)),
    // Every window drops what it read from the sandbox profile, as after a profile change.
    'settings.resetSandbox': changing(async () => {
      await service.sandbox.reset();
      return { reset: true as const };
    }),
  };
}

