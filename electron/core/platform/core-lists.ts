/**
 * The core API's pull zone and library lists, read liberally (shared/common/core-answers.ts) for every area that
 * lists them: settings discovery and checks, the logs area's zone picker.
 */
import type { ItemRead } from '../../../shared/apps/platform-answers.js';
import { readCoreList, readPullZone, readVideoLibrary, type CoreListRead, type PullZoneRead, type VideoLibraryRead } from '../../../shared/common/core-answers.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import type { PlatformClient } from './types.js';

/** The one call the lists make. */
type JsonClient = Pick<PlatformClient, 'json'>;

/** A core list read liberally (shared/common/core-answers.ts); an answer that is no list at all is a failure in words. */
async function coreList<T>(client: JsonClient, path: string, item: (raw: unknown) => ItemRead<T>, signal?: AbortSignal): Promise<CoreListRead<T>> {
  const body = await client.json<unknown>({ area: 'core', method: 'GET', path, ...(signal ? { signal } : {}) });
  const read = readCoreList(body, item);
  if ('error' in read) throw new AppFailure(appError('http', 'The platform answered in a shape Burrow does not know', { detail: `${read.error} — GET ${path}` }));
  return read;
}

/** Lists libraries with their keys, as the core API returns them to the account key; a library without an id is counted, not listed. */
export async function listLibraries(client: JsonClient, signal?: AbortSignal): Promise<CoreListRead<VideoLibraryRead>> {
  return coreList(client, '/videolibrary', readVideoLibrary, signal);
}

/** Lists pull zones (a plain array from the core API); a zone without an id is counted, not listed. */
export async function listPullZones(client: JsonClient, signal?: AbortSignal): Promise<CoreListRead<PullZoneRead>> {
  return coreList(client, '/pullzone', readPullZone, signal);
}
