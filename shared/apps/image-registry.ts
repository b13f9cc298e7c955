/**
 * Which of the account's image registries (`GET /registries`) serves a parsed reference's host: the create
 * request names the registry by id, never by host, so a pasted reference needs this step before it can be sent.
 */
import { showText } from '../console/command-shell.js';
import { DOCKER_HUB_HOST, isDockerHubHost } from './image-reference.js';

/** The part of a `GET /registries` item this needs (ids are int64 there, strings in the create request). */
export interface RegistryLike {
  readonly id: number | string;
  readonly hostName: string;
}

/** The registry to use, or why there is none. */
export type RegistryMatch<R extends RegistryLike> =
  | {
      readonly ok: true;
      readonly registry: R;
      /** The registry's id as the create request's imageRegistryId takes it (a string). */
      readonly imageRegistryId: string;
      /** Other registries with the same host (a public and a credentialed Docker Hub, say), for the user to choose. */
      readonly others: readonly R[];
    }
  | { readonly ok: false; readonly message: string };

/**
 * A host as a comparable key: lower case, without a scheme or a path (a stored `https://index.docker.io/v1/`
 * is Docker Hub), and with every Docker Hub host name folded into one.
 */
export function registryHostKey(host: string): string {
  const bare = bareHost(host);
  return isDockerHubHost(bare) ? DOCKER_HUB_HOST : bare;
}

function bareHost(host: string): string {
  return host.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/\/.*$/, '');
}

/**
 * Picks the registry whose host is the reference's host. A registry written with exactly that host name comes
 * before one that only means the same registry (`registry-1.docker.io` for `docker.io`); ties keep list order.
 */
export function matchRegistry<R extends RegistryLike>(registries: readonly R[], host: string): RegistryMatch<R> {
  const key = registryHostKey(host);
  const wanted = bareHost(host);
  const matches = registries.filter((r) => registryHostKey(r.hostName) === key);
  const ordered = [...matches.filter((r) => bareHost(r.hostName) === wanted), ...matches.filter((r) => bareHost(r.hostName) !== wanted)];
  const [registry, ...others] = ordered;
  if (registry) return { ok: true, registry, imageRegistryId: String(registry.id), others };
  if (registries.length === 0) {
    return { ok: false, message: `This account has no image registries yet; add one for ${showText(key)} before using this image.` };
  }
  const known = [...new Set(registries.map((r) => registryHostKey(r.hostName)))].map((h) => showText(h)).join(', ');
  return {
    ok: false,
    message: `None of this account's image registries is at ${showText(key)} (they are at ${known}); add a registry for ${showText(key)} or use an image from one of those.`,
  };
}
