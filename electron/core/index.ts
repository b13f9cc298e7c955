/**
 * createCore(ports): the whole main-process logic, with no Electron import. This file only wires the areas together.
 * Each area starts (its modules imported) on the first call of one of its methods; the app's shells start them all
 * at once, so uploads left running continue by themselves, while the CLI loads only what its command calls.
 */
// Not node:fs/promises: bundled, `promises` loads on first use, and `burrow api` never makes the folder.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { EventName, MethodName } from '../../shared/contract/channels.js';
import type { EventPayload } from '../../shared/contract/index.js';
import { redactError } from '../../shared/common/redact.js';
import { appError, type AppError, type Result } from '../../shared/contract/result.js';
import type { Sandbox } from '../../sandbox/server.js';
import { AppFailure, toAppError } from './errors.js';
import { FileRegistry } from './files/index.js';
import { createPlatformClient, type PlatformClient } from './platform/client.js';
import type { Credentials, Endpoints } from './platform/types.js';
import { firstBadKeyCharacter, KEY_CHARACTERS_RULE, KEY_MAX_LENGTH, KEY_MIN_LENGTH } from '../../shared/settings/key-value.js';
import type { CorePorts, ShellProfile } from './ports.js';
import { createEventBus, createRouter, loadContract, type CallContext, type EventBus, type Handler } from './router.js';
import type { ProfileService, StoredProfile } from './settings/index.js';
import type { QuitQuestion } from './videos/index.js';

export type { CorePorts, ShellProfile } from './ports.js';
export { startingCore, type StartingCore } from './starting.js';
/** The core's one abortable wait, for a shell that looks again later (the command line's `--wait`). */
export { sleep } from './platform/policy.js';

/** The core as a shell sees it: invoke a method (on files, for a drop), listen to events, close. */
export interface Core {
  invoke(method: unknown, input: unknown, ctx?: CallContext): Promise<Result<unknown>>;
  /**
   * A shell's drop in one call: each path gets a token (the renderer never sees a path), and `method` is invoked with
   * the tokens added to its input as `tokens`, validated by the router like any call.
   */
  invokeWithFiles(paths: readonly string[], method: unknown, input: unknown, ctx?: CallContext): Promise<Result<unknown>>;
  /** The path behind a token, for a shell that names files by path (the command line); the renderer cannot reach it. */
  pathOf(token: string): string | undefined;
  /** Whether the active profile has library `id`'s key (a shell profile fetches it now); the key never leaves the core. */
  hasLibraryKey(id: number): Promise<Result<boolean>>;
  on(event: unknown, listener: (payload: unknown) => void): () => void;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Scrubs known key values out of an error, as every result is scrubbed (for failures a transport meets itself). */
  redactError(error: AppError): Promise<AppError>;
  /** The embedded sandbox when it is running (tests inject faults through it). */
  embeddedSandbox(): Promise<Sandbox | null>;
  /** What to ask before quitting when uploads would be interrupted; null when nothing would. */
  quitQuestion(): QuitQuestion | null;
  close(): Promise<void>;
}

/** The profiles the areas read: the app's stores, or the one profile a shell brought. */
interface Profiles {
  active(): StoredProfile | null;
  require(id: string): StoredProfile;
  endpoints(p: StoredProfile): Promise<Endpoints>;
  credentials(p: StoredProfile): Credentials;
  libraries(p: StoredProfile): Promise<{ id: number; name: string; hasKey: boolean }[]>;
  knownSecrets(): Promise<string[]>;
  readonly service?: ProfileService;
  readonly sandbox?: { peek(): Promise<Sandbox | null>; close(): Promise<void> };
}

/** The app's profiles on disk; with none yet, the embedded sandbox becomes the first one. */
async function storedProfiles(ports: CorePorts, bus: EventBus): Promise<Profiles> {
  const { EmbeddedSandbox, ProfileStore, SecretStore, ProfileService } = await import('./settings/index.js');
  const sandbox = new EmbeddedSandbox(ports.dataDir);
  const service = new ProfileService(await ProfileStore.open(ports.dataDir), await SecretStore.open(ports.dataDir, ports.cipher), sandbox);
  await service.ensureDefault();
  if (service.store.recovered) bus.emit('desktop.notice', { level: 'warning', message: service.store.recovered });
  return {
    active: () => service.active(),
    require: (id) => service.require(id),
    endpoints: (p) => service.endpoints(p),
    credentials: (p) => service.credentials(p),
    libraries: async (p) => (await service.view(p)).libraries.map((l) => ({ id: l.id, name: l.name, hasKey: l.key.configured && l.key.state !== 'reenter' })),
    knownSecrets: () => service.knownSecrets(),
    service,
    sandbox,
  };
}

/** The shell's own profile, in memory only; the key of library `fetchKeyOf` is fetched when first needed. */
function shellProfiles(given: ShellProfile, clientOf: (p: StoredProfile) => Promise<PlatformClient>): Profiles {
  const profile: StoredProfile = { id: given.id, name: given.id, kind: 'platform', endpoints: given.endpoints, loggingAuth: 'accessKey', libraries: [] };
  const secrets = [...given.secrets];
  let fetched: Promise<string> | undefined;
  const fetchKey = async (id: number): Promise<string> => {
    const library = await (await clientOf(profile)).json<{ ApiKey?: unknown } | null>({ area: 'core', method: 'GET', path: `/videolibrary/${id}` });
    const key = typeof library?.ApiKey === 'string' ? library.ApiKey.trim() : '';
    if (key.length < KEY_MIN_LENGTH || key.length > KEY_MAX_LENGTH || firstBadKeyCharacter(key) !== -1) {
      throw new AppFailure(appError('http', `The platform sent no usable key for library ${id}`, { detail: `A key has ${KEY_MIN_LENGTH} to ${KEY_MAX_LENGTH} characters and ${KEY_CHARACTERS_RULE}.` }));
    }
    secrets.push(key);
    return key;
  };
  const credentials: Credentials = {
    ...given.credentials,
    libraryKey: async (id) => {
      const key = await given.credentials.libraryKey(id);
      if (key !== null || id !== given.fetchKeyOf) return key;
      return (fetched ??= fetchKey(id).catch((e: unknown) => {
        fetched = undefined;
        throw e;
      }));
    },
  };
  return {
    active: () => profile,
    require: (id) => {
      if (id !== given.id) throw new AppFailure(appError('not_found', 'Profile not found', { detail: `Only the profile "${given.id}" is known here.` }));
      return profile;
    },
    endpoints: async () => given.endpoints,
    credentials: () => credentials,
    libraries: async () => [],
    knownSecrets: async () => [...secrets],
  };
}

/** The areas; a method's area is the word before its dot. */
const AREA_NAMES = ['desktop', 'files', 'settings', 'console', 'videos', 'logs', 'apps'] as const;
type AreaName = (typeof AREA_NAMES)[number];
const areaOf = (method: string): AreaName => AREA_NAMES.find((a) => method.startsWith(`${a}.`)) ?? 'desktop';

interface StartedArea {
  /** The area's handlers, typed from its contract file (the router looks one up by name). */
  readonly handlers: object;
  close?(): void | Promise<void>;
  quitQuestion?(): QuitQuestion | null;
}

/** Builds the core over the shell's ports. */
export async function createCore(ports: CorePorts): Promise<Core> {
  // The data folder and the zod contract come with the first area that needs them: `burrow api` calls only the
  // console's hand-checked `console.raw`, which writes nothing, so the command makes no folder and loads no zod.
  let ready: Promise<unknown> | undefined;
  const prepare = () => (ready ??= Promise.all([fs.mkdir(ports.dataDir, { recursive: true }), loadContract()]));
  if (!ports.profile) await prepare();
  const bus = createEventBus();
  const files = new FileRegistry();
  const profiles: Profiles = ports.profile ? shellProfiles(ports.profile, (p) => clientFor(p)) : await storedProfiles(ports, bus);

  const userAgent = ports.userAgent ?? `Burrow/${ports.appVersion}`;
  // One client per profile, so connections are reused; rebuilt when the profile's endpoints or settings change.
  const clients = new Map<string, { readonly stamp: string; readonly client: PlatformClient }>();
  const clientFor = async (p: StoredProfile): Promise<PlatformClient> => {
    const endpoints = await profiles.endpoints(p);
    const stamp = JSON.stringify([endpoints, p.loggingAuth]);
    const cached = clients.get(p.id);
    if (cached?.stamp === stamp) return cached.client;
    void cached?.client.close();
    const client = createPlatformClient({ endpoints: () => endpoints, credentials: profiles.credentials(p), userAgent });
    clients.set(p.id, { stamp, client });
    return client;
  };
  const activeProfile = () => {
    const p = profiles.active();
    if (!p) throw new AppFailure(appError('auth', 'No active profile', { detail: 'Choose or add a profile in Settings.' }));
    return p;
  };
  const profileClient = async (profileId: string) => clientFor(profiles.require(profileId));

  const starters: Record<AreaName, () => Promise<StartedArea>> = {
    desktop: async () => ({ handlers: (await import('./desktop/index.js')).appHandlers(ports) }),
    files: async () => ({ handlers: (await import('./files/index.js')).filesHandlers(files) }),
    settings: async () => {
      const service = profiles.service;
      if (!service) throw new AppFailure(appError('validation', 'Profiles are not kept here', { detail: 'This shell brings its own key and URLs.' }));
      return { handlers: (await import('./settings/index.js')).settingsHandlers(service, clientFor, bus) };
    },
    console: async () =>
      (await import('./console/index.js')).createConsoleArea({
        dataDir: ports.dataDir,
        dialogs: ports.dialogs,
        active: async () => {
          const p = activeProfile();
          return { profileId: p.id, client: await clientFor(p), apiUrl: (await profiles.endpoints(p)).apiUrl };
        },
        knownSecrets: () => profiles.knownSecrets(),
        emit: bus.emit,
      }),
    videos: async () =>
      (await import('./videos/index.js')).createVideosArea({
        dataDir: ports.dataDir,
        uploadsDir: ports.uploadsDir ?? join(ports.dataDir, 'uploads'),
        // Seals fetch header values while they wait on disk for the platform to take them.
        cipher: ports.cipher,
        dialogs: ports.dialogs,
        notifier: ports.notifier,
        bus,
        clientFor: profileClient,
        tusAccessFor: async (profileId) => {
          const p = profiles.require(profileId);
          const credentials = profiles.credentials(p);
          return { videoUrl: (await profiles.endpoints(p)).videoUrl, libraryKey: (id) => credentials.libraryKey(id) };
        },
        client: async () => clientFor(activeProfile()),
        activeProfileId: () => activeProfile().id,
        libraries: async () => {
          const p = profiles.active();
          return p ? profiles.libraries(p) : [];
        },
        pathOf: (token) => files.pathOf(token),
        register: (path) => files.register(path),
        ...(ports.now ? { now: ports.now } : {}),
      }),
    logs: async () => {
      const [{ createLogsArea, workerRows }, { BUSY_ZONE_NAME }] = await Promise.all([import('./logs/index.js'), import('../../sandbox/seed.js')]);
      const workerScript = ports.logsWorkerScript;
      const room = createLogsArea({
        bus,
        // The rows of every session live in a worker thread when the shell names its script.
        ...(workerScript !== undefined ? { rows: workerRows(workerScript) } : {}),
        ...(ports.logsTail ? { tail: ports.logsTail } : {}),
        dialogs: ports.dialogs,
        client: async () => clientFor(activeProfile()),
        pathOf: (token) => files.pathOf(token),
        register: (path) => files.register(path),
        views: { dataDir: ports.dataDir, activeProfileId: () => activeProfile().id },
        // The embedded sandbox's Logs open on its busy zone, so a first look shows what a real zone's traffic is like.
        suggestedZone: () => (profiles.active()?.kind === 'sandbox' ? BUSY_ZONE_NAME : null),
      });
      // Another profile became active: the logs sessions that read the old profile's platform end, so nothing of it
      // is fetched or shown under the new one (the windows open their own sessions again).
      let activeId = profiles.active()?.id ?? null;
      const off = bus.on('settings.changed', (payload) => {
        const next = (payload as EventPayload<'settings.changed'>).activeId;
        if (next === activeId) return;
        activeId = next;
        room.endPlatformSessions();
      });
      return { handlers: room.handlers, close: () => (off(), room.close()) };
    },
    apps: async () =>
      (await import('./apps/index.js')).createAppsArea({
        dataDir: ports.dataDir,
        dialogs: ports.dialogs,
        cipher: ports.cipher,
        active: async () => {
          const p = activeProfile();
          return { profileId: p.id, client: await clientFor(p) };
        },
        draftProfileId: (requested) => (requested === undefined ? activeProfile().id : profiles.require(requested).id),
        ...(ports.now ? { now: ports.now } : {}),
      }),
  };
  const started = new Map<AreaName, Promise<StartedArea>>();
  let videos: StartedArea | undefined;
  const start = (area: AreaName): Promise<StartedArea> => {
    let room = started.get(area);
    if (!room) started.set(area, (room = area === 'console' ? starters.console() : prepare().then(starters[area])));
    if (area === 'videos') void room.then((r) => (videos = r), () => {});
    return room;
  };
  // The app's shells start every area now, in the order the app shows them (uploads continue at once).
  if (!ports.profile) for (const area of ['console', 'videos', 'logs', 'apps'] as const) await start(area);

  const redactKnown = async (e: AppError): Promise<AppError> => redactError(e, await profiles.knownSecrets());
  const handlerOf = async (method: MethodName) => {
    const room = await start(areaOf(method));
    return (room.handlers as Readonly<Record<string, Handler<MethodName>>>)[method];
  };
  const router = createRouter(handlerOf, { redact: redactKnown });

  return {
    invoke: (method, input, ctx) => router.invoke(method, input, ctx),
    async invokeWithFiles(paths, method, input, ctx) {
      const tokens: string[] = [];
      try {
        for (const path of paths) tokens.push((await files.register(path)).token);
      } catch (e) {
        return { ok: false, error: await redactKnown(toAppError(e)) };
      }
      return router.invoke(method, { ...(typeof input === 'object' && input !== null ? input : {}), tokens }, ctx);
    },
    pathOf: (token) => files.pathOf(token),
    async hasLibraryKey(id) {
      try {
        return { ok: true, value: (await profiles.credentials(activeProfile()).libraryKey(id)) !== null };
      } catch (e) {
        return { ok: false, error: await redactKnown(toAppError(e)) };
      }
    },
    on: (event, listener) => bus.on(event, listener),
    emit: (event, payload) => bus.emit(event, payload),
    redactError: redactKnown,
    embeddedSandbox: async () => (profiles.sandbox ? profiles.sandbox.peek() : null),
    quitQuestion: () => videos?.quitQuestion?.() ?? null,
    async close() {
      const rooms = await Promise.all([...started.values()].map((p) => p.catch(() => null)));
      // Uploads stop first (their jobs stay on disk and continue next start), while their clients still exist.
      await Promise.all(rooms.map((r) => r?.close?.()));
      await Promise.all([...clients.values()].map((c) => c.client.close()));
      clients.clear();
      await profiles.sandbox?.close();
    },
  };
}
