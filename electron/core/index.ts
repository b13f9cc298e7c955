/**
 * createCore(ports): the whole main-process logic, with no Electron import. This file only wires the areas
 * together: each area's handlers live in `<area>/handlers.ts`, typed from its part of the contract.
 */
import { mkdir } from 'node:fs/promises';
import type { EventName } from '../../shared/channels.js';
import type { EventPayload } from '../../shared/contract.js';
import type { Result } from '../../shared/result.js';
import { appHandlers } from './app/handlers.js';
import { appsArea } from './apps/area.js';
import { consoleArea } from './console/handlers.js';
import { filesHandlers } from './files/handlers.js';
import { FileRegistry } from './files/registry.js';
import { createPlatformClient, type PlatformClient } from './platform/client.js';
import type { CorePorts } from './ports.js';
import type { Sandbox } from '../../sandbox/server.js';
import { BUSY_ZONE_NAME } from '../../sandbox/seed.js';
import { EmbeddedSandbox } from './settings/embedded-sandbox.js';
import { settingsHandlers } from './settings/handlers.js';
import { ProfileStore, type StoredProfile } from './settings/profile-store.js';
import { SecretStore } from './settings/secret-store.js';
import { ProfileService } from './settings/service.js';
import { redactError } from '../../shared/redact.js';
import { appError, type AppError } from '../../shared/result.js';
import { AppFailure, toAppError } from './errors.js';
import { createEventBus, createRouter, type CallContext, type Handlers } from './router.js';
import { videosArea } from './videos/area.js';
import { createLogsArea, workerRows } from './logs/index.js';
import type { QuitQuestion } from './videos/quit.js';

export type { CorePorts } from './ports.js';

/** The core as a shell sees it: invoke a method, listen to events, register a dropped file, close. */
export interface Core {
  invoke(method: unknown, input: unknown, ctx?: CallContext): Promise<Result<unknown>>;
  on(event: unknown, listener: (payload: unknown) => void): () => void;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Only for the shells' own drop path; the renderer cannot reach it through invoke(). */
  registerDroppedFile(path: string): Promise<Result<unknown>>;
  /** Scrubs known key values out of an error, as every result is scrubbed (for failures a transport meets itself). */
  redactError(error: AppError): Promise<AppError>;
  /** The embedded sandbox when it is running (tests inject faults through it). */
  embeddedSandbox(): Promise<Sandbox | null>;
  /** What to ask before quitting when uploads would be interrupted; null when nothing would. */
  quitQuestion(): QuitQuestion | null;
  close(): Promise<void>;
}

/** Builds the core over the shell's ports; with no profile yet, the embedded sandbox becomes the first one. */
export async function createCore(ports: CorePorts): Promise<Core> {
  await mkdir(ports.dataDir, { recursive: true });
  const bus = createEventBus();
  const files = new FileRegistry();
  const sandbox = new EmbeddedSandbox(ports.dataDir);
  const profiles = new ProfileService(await ProfileStore.open(ports.dataDir), await SecretStore.open(ports.dataDir, ports.cipher), sandbox);
  await profiles.ensureDefault();
  if (profiles.store.recovered) bus.emit('app.notice', { level: 'warning', message: profiles.store.recovered });

  const userAgent = `Burrow/${ports.appVersion}`;
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

  const consoleRoom = consoleArea({
    dataDir: ports.dataDir,
    dialogs: ports.dialogs,
    active: async () => {
      const p = activeProfile();
      return { profileId: p.id, client: await clientFor(p), apiUrl: (await profiles.endpoints(p)).apiUrl };
    },
    knownSecrets: () => profiles.knownSecrets(),
  });
  const videosRoom = await videosArea({
    dataDir: ports.dataDir,
    // Seals fetch header values while they wait on disk for the platform to take them.
    cipher: ports.cipher,
    dialogs: ports.dialogs,
    notifier: ports.notifier,
    bus,
    clientFor: async (profileId) => clientFor(profiles.require(profileId)),
    tusAccessFor: async (profileId) => {
      const p = profiles.require(profileId);
      const credentials = profiles.credentials(p);
      return { videoUrl: (await profiles.endpoints(p)).videoUrl, libraryKey: (id) => credentials.libraryKey(id) };
    },
    client: async () => clientFor(activeProfile()),
    activeProfileId: () => activeProfile().id,
    libraries: async () => {
      const p = profiles.active();
      if (!p) return [];
      const view = await profiles.view(p);
      return view.libraries.map((l) => ({ id: l.id, name: l.name, hasKey: l.key.configured && l.key.state !== 'reenter' }));
    },
    pathOf: (token) => files.pathOf(token),
    kindOf: (token) => files.kindOf(token),
    register: (path) => files.register(path),
  });
  const workerScript = ports.logsWorkerScript;
  const logsRoom = createLogsArea({
    bus,
    // The rows of every session live in a worker thread when the shell names its script.
    ...(workerScript !== undefined ? { rows: workerRows(workerScript) } : {}),
    dialogs: ports.dialogs,
    client: async () => clientFor(activeProfile()),
    pathOf: (token) => files.pathOf(token),
    register: (path) => files.register(path),
    views: { dataDir: ports.dataDir, activeProfileId: () => activeProfile().id },
    // The embedded sandbox's Logs open on its busy zone, so a first look shows what a real zone's traffic is like.
    suggestedZone: () => (profiles.active()?.kind === 'sandbox' ? BUSY_ZONE_NAME : null),
  });
  const appsRoom = appsArea({
    dataDir: ports.dataDir,
    dialogs: ports.dialogs,
    cipher: ports.cipher,
    active: async () => {
      const p = activeProfile();
      return { profileId: p.id, client: await clientFor(p) };
    },
    draftProfileId: (requested) => (requested === undefined ? activeProfile().id : profiles.require(requested).id),
  });
  // Another profile became active: the logs sessions that read the old profile's platform end, so nothing of it is
  // fetched or shown under the new one (the windows open their own sessions again).
  let activeId = profiles.store.activeId;
  bus.on('profiles.changed', (payload) => {
    const next = (payload as EventPayload<'profiles.changed'>).activeId;
    if (next === activeId) return;
    activeId = next;
    logsRoom.endPlatformSessions();
  });
  const handlers: Handlers = {
    ...appHandlers(ports),
    ...filesHandlers(files),
    ...settingsHandlers(profiles, clientFor, bus),
    ...consoleRoom.handlers,
    ...videosRoom.handlers,
    ...logsRoom.handlers,
    ...appsRoom.handlers,
  };
  const redactKnown = async (e: AppError): Promise<AppError> => redactError(e, await profiles.knownSecrets());
  const router = createRouter(handlers, { redact: redactKnown });

  return {
    invoke: (method, input, ctx) => router.invoke(method, input, ctx),
    on: (event, listener) => bus.on(event, listener),
    emit: (event, payload) => bus.emit(event, payload),
    async registerDroppedFile(path) {
      try {
        return { ok: true, value: await files.register(path) };
      } catch (e) {
        return { ok: false, error: await redactKnown(toAppError(e)) };
      }
    },
    redactError: redactKnown,
    embeddedSandbox: () => sandbox.peek(),
    quitQuestion: () => videosRoom.quitQuestion(),
    async close() {
      consoleRoom.close();
      logsRoom.close();
      // Uploads stop first (their jobs stay on disk and continue next start), while their clients still exist.
      await videosRoom.close();
      await Promise.all([...clients.values()].map((c) => c.client.close()));
      clients.clear();
      await sandbox.close();
    },
  };
}
