/** Profiles, keys and the embedded sandbox, behind the `settings.*` methods. */
import type { Credentials, Endpoints as ClientEndpoints } from '../platform/client.js';
import { appError } from '../../../shared/contract/result.js';
import { BUNNY_ENDPOINTS } from '../../../shared/settings/endpoint-url.js';
import type { Endpoints, KeySlot, KeyStatus, LoggingAuth, ProfileView } from '../../../shared/settings/profiles.js';
import { AppFailure } from '../errors.js';
import type { EmbeddedSandbox } from './embedded-sandbox.js';
import type { ProfileStore, StoredProfile } from './profile-store.js';
import type { SecretStore } from './secret-store.js';

const SANDBOX_KEY: KeyStatus = { configured: true, state: 'stored' };

/** A key's slot in the SecretStore, one namespace per profile: `<id>/account`, `<id>/library/<n>`, `<id>/loggingJwt`. */
function slotName(profileId: string, slot: KeySlot): string {
  switch (slot.kind) {
    case 'account':
      return `${profileId}/account`;
    case 'library':
      return `${profileId}/library/${slot.libraryId}`;
    case 'loggingJwt':
      return `${profileId}/loggingJwt`;
  }
}

/** Profiles with their keys resolved; the only place that turns a profile into endpoints and credentials. */
export class ProfileService {
  constructor(
    readonly store: ProfileStore,
    readonly secrets: SecretStore,
    readonly sandbox: EmbeddedSandbox,
  ) {}

  /** First start: with no profile at all, create the Sandbox profile so the app works offline at once. */
  async ensureDefault(): Promise<void> {
    if (this.store.all().length > 0) return;
    const s = await this.sandbox.get();
    await this.store.add({ name: 'Sandbox', kind: 'sandbox', loggingAuth: 'accessKey', libraries: s.libraries.map(({ id, name }) => ({ id, name })) }, true);
  }

  /** What the user must act on, in their words. */
  problems(): string[] {
    const out: string[] = [];
    if (this.store.recovered) out.push(this.store.recovered);
    if (this.secrets.recovered) out.push(this.secrets.recovered);
    const unreadable = this.secrets.unreadableCount();
    if (unreadable > 0) {
      out.push(`${unreadable} stored key${unreadable === 1 ? '' : 's'} cannot be read on this system any more (the key storage changed): enter ${unreadable === 1 ? 'it' : 'them'} again in Settings.`);
    }
    return out;
  }

  /** A key for a slot, or a failure that says whether it is missing or must be entered again. */
  #key(p: StoredProfile, slot: KeySlot, what: string): string | null {
    const name = slotName(p.id, slot);
    if (this.secrets.status(name).state === 'reenter') {
      throw new AppFailure(appError('auth', `The stored ${what} can no longer be read`, { detail: `The system's key storage changed. Enter it again in Settings → ${p.name}.` }));
    }
    return this.secrets.get(name);
  }

  /** The profile or a not-found failure naming it. */
  require(id: string): StoredProfile {
    const p = this.store.get(id);
    if (!p) throw new AppFailure(appError('not_found', 'Profile not found', { detail: 'It may have been deleted in another window.' }));
    return p;
  }

  active(): StoredProfile | null {
    const id = this.store.activeId;
    return id ? (this.store.get(id) ?? null) : null;
  }

  async endpoints(p: StoredProfile): Promise<ClientEndpoints> {
    if (p.kind === 'platform') return p.endpoints ?? BUNNY_ENDPOINTS;
    const s = await this.sandbox.get();
    return { apiUrl: s.apiUrl, containersUrl: s.containersUrl, videoUrl: s.videoUrl, loggingUrl: s.loggingUrl };
  }

  /** Where the platform client gets keys for a profile; the key is chosen by area, never by the caller's text. */
  credentials(p: StoredProfile): Credentials {
    if (p.kind === 'sandbox') {
      return {
        accountKey: async () => (await this.sandbox.get()).accountKey,
        libraryKey: async (id) => (await this.sandbox.get()).libraries.find((l) => l.id === id)?.key ?? null,
        logging: async () => (p.loggingAuth === 'bearer' ? { kind: 'bearer', token: (await this.sandbox.get()).loggingJwt } : { kind: 'accessKey' }),
      };
    }
    return {
      accountKey: async () => this.#key(p, { kind: 'account' }, 'account key'),
      libraryKey: async (libraryId) => this.#key(p, { kind: 'library', libraryId }, `key of library ${libraryId}`),
      logging: async () => {
        if (p.loggingAuth !== 'bearer') return { kind: 'accessKey' };
        const token = this.#key(p, { kind: 'loggingJwt' }, 'logging token');
        if (!token) throw new AppFailure(appError('auth', 'No logging token configured', { detail: `Paste a bearer token in Settings → ${p.name}, or switch logging to the account key.` }));
        return { kind: 'bearer', token };
      },
    };
  }

  /** Every key value known now, for redaction. */
  async knownSecrets(): Promise<string[]> {
    const out = this.secrets.knownSecrets();
    const s = await this.sandbox.peek();
    if (s) out.push(s.accountKey, s.loggingJwt, ...s.libraries.flatMap((l) => [l.key, l.readOnlyKey]));
    return out;
  }

  async view(p: StoredProfile): Promise<ProfileView> {
    const common = { id: p.id, name: p.name, kind: p.kind, endpoints: await this.endpoints(p), loggingAuth: p.loggingAuth };
    if (p.kind === 'sandbox') {
      const s = await this.sandbox.get();
      const hint = (k: string): KeyStatus => ({ ...SANDBOX_KEY, hint: k.slice(-4) });
      return {
        ...common,
        accountKey: hint(s.accountKey),
        loggingJwt: hint(s.loggingJwt),
        libraries: s.libraries.map((l) => ({ id: l.id, name: l.name, key: hint(l.key) })),
      };
    }
    const status = (slot: KeySlot) => this.secrets.status(slotName(p.id, slot));
    return {
      ...common,
      accountKey: status({ kind: 'account' }),
      loggingJwt: status({ kind: 'loggingJwt' }),
      libraries: p.libraries.map((l) => ({ ...l, key: status({ kind: 'library', libraryId: l.id }) })),
    };
  }

  async create(input: { name: string; endpoints?: Endpoints; loggingAuth?: LoggingAuth }): Promise<StoredProfile> {
    return this.store.add({ name: input.name, kind: 'platform', endpoints: input.endpoints ?? { ...BUNNY_ENDPOINTS }, loggingAuth: input.loggingAuth ?? 'accessKey', libraries: [] });
  }

  async update(id: string, change: { name?: string; endpoints?: Endpoints; loggingAuth?: LoggingAuth }): Promise<StoredProfile> {
    const p = this.require(id);
    if (p.kind === 'sandbox' && change.endpoints) {
      throw new AppFailure(appError('validation', 'The sandbox’s endpoints are fixed', { fieldErrors: { endpoints: 'cannot be changed on the Sandbox profile' } }));
    }
    return (await this.store.update(id, change)) ?? this.require(id);
  }

  async duplicate(id: string, name?: string): Promise<StoredProfile> {
    const p = this.require(id);
    const copy = await this.store.add({
      name: name ?? uniqueName(`${p.name} copy`, this.store.all().map((x) => x.name)),
      kind: p.kind,
      loggingAuth: p.loggingAuth,
      libraries: p.libraries,
      ...(p.endpoints ? { endpoints: p.endpoints } : {}),
    });
    await this.secrets.copy(p.id, copy.id);
    return copy;
  }

  async remove(id: string): Promise<string | null> {
    this.require(id);
    await this.secrets.delete(`${id}/`);
    await this.store.remove(id);
    return this.store.activeId;
  }

  async setKey(profileId: string, slot: KeySlot, value: string): Promise<KeyStatus> {
    const p = this.require(profileId);
    if (p.kind === 'sandbox') throw new AppFailure(appError('validation', 'The sandbox’s keys are built in', { fieldErrors: { slot: 'cannot be set on the Sandbox profile' } }));
    if (slot.kind === 'library' && !p.libraries.some((l) => l.id === slot.libraryId)) {
      await this.store.update(p.id, { libraries: [...p.libraries, { id: slot.libraryId, name: slot.name?.trim() || `Library ${slot.libraryId}` }] });
    }
    return this.secrets.set(slotName(p.id, slot), value);
  }

  async deleteKey(profileId: string, slot: KeySlot): Promise<KeyStatus> {
    const p = this.require(profileId);
    if (p.kind === 'sandbox') throw new AppFailure(appError('validation', 'The sandbox’s keys are built in', { fieldErrors: { slot: 'cannot be removed from the Sandbox profile' } }));
    await this.secrets.delete(slotName(p.id, slot));
    if (slot.kind === 'library') await this.store.update(p.id, { libraries: p.libraries.filter((l) => l.id !== slot.libraryId) });
    return this.secrets.status(slotName(p.id, slot));
  }
}

function uniqueName(base: string, taken: readonly string[]): string {
  let name = base.slice(0, 60);
  for (let n = 2; taken.includes(name); n++) name = `${base.slice(0, 55)} ${n}`;
  return name;
}
