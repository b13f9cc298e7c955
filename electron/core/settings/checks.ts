/** "Test connection" and discovery: one cheap call per area, each outcome told in the user's words. */
import type { AreaCheck, ConnectionArea } from '../../../shared/settings/profiles.js';
import type { AppError } from '../../../shared/contract/result.js';
import type { PlatformClient } from '../platform/client.js';
import type { PlatformRequest } from '../platform/types.js';
import type { PullZoneRead } from '../../../shared/common/core-answers.js';
import { listPullZones } from '../platform/core-lists.js';
import { AppFailure, toAppError } from '../errors.js';


/** The one call the checks make. */
type JsonClient = Pick<PlatformClient, 'json'>;

/** The client with every call tied to `signal` (a closed window or a cancelled call stops them). */
function withSignal(client: JsonClient, signal: AbortSignal | undefined): JsonClient {
  return signal ? { json: <T,>(req: PlatformRequest) => client.json<T>({ ...req, signal }) } : client;
}

/** Turns a failed call into a check result. */
function failed(area: ConnectionArea, e: unknown): AreaCheck {
  const error: AppError = e instanceof AppFailure ? e.error : toAppError(e);
  const base = { area, ...(error.status !== undefined ? { status: error.status } : {}), ...(error.detail ? { platformMessage: error.detail } : {}) };
  if (error.code === 'logging_disabled') return { ...base, state: 'logging-disabled', summary: 'Logging is not enabled for this pull zone.' };
  if (error.kind === 'auth' && error.status === undefined) return { ...base, state: 'no-key', summary: error.title };
  if (error.kind === 'auth') return { ...base, state: 'wrong-key', summary: `The key was refused (${error.status}).` };
  // No HTTP status at all means no answer came back: whatever the reason, the server was not reached.
  if (error.kind === 'network' || error.kind === 'timeout' || (error.status === undefined && error.kind !== 'validation')) {
    return { ...base, state: 'unreachable', summary: `Could not reach the server: ${error.title}` };
  }
  return { ...base, state: 'error', summary: error.title };
}

export { listLibraries, listPullZones } from '../platform/core-lists.js';

/**
 * Runs the checks of the asked areas (all by default); library checks use the profile's stored library keys.
 * When `signal` aborts, the calls under way stop and the whole test fails as cancelled rather than reporting areas as unreachable.
 */
export async function testConnection(
  client: PlatformClient,
  libraryIds: readonly number[],
  areas: readonly ConnectionArea[] = ['core', 'containers', 'video', 'logging'],
  signal?: AbortSignal,
): Promise<AreaCheck[]> {
  const checks: AreaCheck[] = [];
  const scoped = withSignal(client, signal);
  let zones: readonly PullZoneRead[] | null = null;
  const want = new Set(areas);
  // The pull-zone list is both the core check and how logging finds a zone to ask.
  if (want.has('core') || want.has('logging')) {
    try {
      const listed = await listPullZones(scoped);
      zones = listed.items;
      const n = zones.length;
      const skipped = listed.unreadable.count > 0 ? ` ${listed.unreadable.count} more could not be read: ${listed.unreadable.reason ?? 'no reason given'}.` : '';
      if (want.has('core')) checks.push({ area: 'core', state: 'ok', summary: `Connected: ${n} pull zone${n === 1 ? '' : 's'}.${skipped}` });
    } catch (e) {
      if (want.has('core')) checks.push(failed('core', e));
    }
  }
  if (want.has('containers')) await checkContainers(scoped, checks);
  if (want.has('video')) await checkVideo(scoped, libraryIds, checks);
  if (want.has('logging')) await checkLogging(scoped, zones, checks);
  signal?.throwIfAborted();
  return checks;
}

async function checkContainers(client: JsonClient, checks: AreaCheck[]): Promise<void> {
  try {
    await client.json({ area: 'containers', method: 'GET', path: '/apps', query: { limit: 1 } });
    checks.push({ area: 'containers', state: 'ok', summary: 'Magic Containers answered.' });
  } catch (e) {
    checks.push(failed('containers', e));
  }
}

async function checkVideo(client: JsonClient, libraryIds: readonly number[], checks: AreaCheck[]): Promise<void> {
  if (libraryIds.length === 0) {
    checks.push({ area: 'video', state: 'no-key', summary: 'No video library key yet: find libraries or add one.' });
  } else {
    const results = await Promise.all(
      libraryIds.map(async (id) => {
        try {
          await client.json({ area: 'video', method: 'GET', path: `/library/${id}/videos`, query: { itemsPerPage: 1 }, libraryId: id });
          return null;
        } catch (e) {
          const c = failed('video', e);
          return { ...c, summary: `Library ${id}: ${c.summary}` };
        }
      }),
    );
    const bad = results.find((r) => r !== null);
    checks.push(bad ?? { area: 'video', state: 'ok', summary: `${libraryIds.length} librar${libraryIds.length === 1 ? 'y' : 'ies'} answered.` });
  }
}

async function checkLogging(client: JsonClient, zones: readonly PullZoneRead[] | null, checks: AreaCheck[]): Promise<void> {
  const zone = zones?.find((z) => z.loggingEnabled);
  if (!zones) {
    checks.push({ area: 'logging', state: 'error', summary: 'Skipped: pull zones could not be listed.' });
  } else if (!zone) {
    checks.push({ area: 'logging', state: 'logging-disabled', summary: 'No pull zone has logging enabled.' });
  } else {
    try {
      await client.json({ area: 'logging', method: 'GET', path: `/v2/pullzones/${zone.id}/logs`, query: { limit: 1 } });
      checks.push({ area: 'logging', state: 'ok', summary: `Logs of ${zone.name} answered.` });
    } catch (e) {
      checks.push(failed('logging', e));
    }
  }
}
