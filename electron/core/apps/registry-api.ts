/**
 * The questions the create form asks the platform while an app is written: public image search, an image's tags and
 * a tag's digest, config suggestions, the account's limits and the optimal region. Answers are read liberally
 * (shared/apps/registry-answers.ts); an error answer becomes an AppFailure in the user's words, as for every apps call.
 */
import type { RegionRead } from '../../../shared/apps/platform-answers.js';
import {
  readConfigSuggestions,
  readFoundImage,
  readItems,
  readLimits,
  readOptimalRegion,
  readTag,
  type ConfigSuggestionsRead,
  type FoundImage,
  type ItemsRead,
  type LimitsRead,
} from '../../../shared/apps/registry-answers.js';
import type { PlatformClient } from '../platform/types.js';
import { containersCall, unexpected } from './apps-api.js';

/** An image in a registry, as the registry questions name it. */
export interface ImageRef {
  readonly registryId: string;
  readonly imageNamespace: string;
  readonly imageName: string;
}

/** The registry questions, bound to one client. */
export interface RegistryApi {
  searchImages(q: { readonly registryId: string; readonly prefix: string }, signal?: AbortSignal): Promise<ItemsRead<FoundImage>>;
  imageTags(image: ImageRef, signal?: AbortSignal): Promise<ItemsRead<string>>;
  imageDigest(image: ImageRef & { readonly tag: string }, signal?: AbortSignal): Promise<string | null>;
  configSuggestions(image: ImageRef & { readonly tag: string }, signal?: AbortSignal): Promise<ConfigSuggestionsRead>;
  limits(signal?: AbortSignal): Promise<LimitsRead>;
  optimalRegion(signal?: AbortSignal): Promise<RegionRead | null>;
}

/** Binds the questions to a client. */
export function registryApi(client: PlatformClient): RegistryApi {
  const call = containersCall(client);
  const post = (path: string, json: unknown, signal?: AbortSignal) => call('POST', path, { json, signal });
  const get = (path: string, signal?: AbortSignal) => call('GET', path, { signal });
  const items = <T>(where: string, r: ItemsRead<T> | { readonly error: string }): ItemsRead<T> => {
    if ('error' in r) throw unexpected(where, r.error);
    return r;
  };
  return {
    async searchImages({ registryId, prefix }, signal) {
      const path = '/registries/public-images/search';
      return items(`POST ${path}`, readItems(await post(path, { registryId, prefix }, signal), readFoundImage));
    },
    async imageTags(image, signal) {
      const path = '/registries/tags';
      return items(`POST ${path}`, readItems(await post(path, image, signal), readTag));
    },
    async imageDigest(image, signal) {
      const raw = await post('/registries/digest', image, signal);
      const digest = typeof raw === 'object' && raw !== null ? (raw as { digest?: unknown }).digest : undefined;
      return typeof digest === 'string' && digest !== '' ? digest : null;
    },
    async configSuggestions(image, signal) {
      const path = '/registries/config-suggestions';
      const read = readConfigSuggestions(await post(path, image, signal));
      if ('error' in read) throw unexpected(`POST ${path}`, read.error);
      return read;
    },
    async limits(signal) {
      const read = readLimits(await get('/limits', signal));
      if ('error' in read) throw unexpected('GET /limits', read.error);
      return read;
    },
    async optimalRegion(signal) {
      return readOptimalRegion(await get('/regions/optimal', signal));
    },
  };
}
