/**
 * The settings area's door: profiles and their keys at rest, the embedded sandbox, and their handlers (`profiles.*`,
 * `secrets.*`, `sandbox.*`).
 */
import { appError } from '../../../shared/result.js';
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
  const changed = () => bus.emit('profiles.changed', { activeId: service.store.activeId });
  return {
    'profiles.list': async () => ({
      activeId: service.store.activeId,
      profiles: await Promise.all(service.store.all().map((p) => service.view(p))),
      secretStorage: service.secrets.info(),
      problems: service.problems(),
    }),
    'profiles.create': async (input) => {
      const p = await service.create(input);
      changed();
      return service.view(p);
    },
    'profiles.update': async ({ id, ...change }) => {
      const p = await service.update(id, change);
      changed();
      return service.view(p);
    },
    'profiles.duplicate': async ({ id, name }) => {
      const p = await service.duplicate(id, name);
      changed();
      return service.view(p);
    },
    'profiles.delete': async ({ id }) => {
      const activeId = await service.remove(id);
      changed();
      return { activeId };
    },
    'profiles.activate': async ({ id }) => {
      const p = service.require(id);
      await service.store.activate(id);
      changed();
      return service.view(p);
    },
    'profiles.setKey': async ({ profileId, slot, value }) => {
      const status = await service.setKey(profileId, slot, value);
      changed();
      return status;
    },
    'profiles.deleteKey': async ({ profileId, slot }) => {
      const status = await service.deleteKey(profileId, slot);
      changed();
      return status;
    },
    'profiles.test': async ({ id, areas }, { signal }) => {
      const p = service.require(id);
      const view = await service.view(p);
      const withKeys = view.libraries.filter((l) => l.key.configured).map((l) => l.id);
      return { checks: await testConnection(await clientFor(p), withKeys, areas, signal) };
    },
    'profiles.discover': async ({ id }, { signal }) => {
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
    'profiles.storeLibraryKeys': async ({ id, libraryIds }, { signal }) => {
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
    'secrets.setPersistence': async ({ optIn }) => {
      const info = await service.secrets.setOptIn(optIn);
      changed();
      return info;
    },
    'sandbox.reset': async () => {
      await service.sandbox.reset();
      // Every window drops what it read from the sandbox profile, as after a profile change.
      changed();
      return { reset: true as const };
    },
  };
}

