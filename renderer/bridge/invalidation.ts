/**
 * When cached answers go stale: one table for core events, one for the calls that change state.
 * A scope is a method name (`console.history`) or an area prefix (`settings.*`) matched against
 * the first element of a query key, which is always the method (see query-key.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EventName, MethodName } from '../../shared/contract/channels';

type AreaOf<M extends string> = M extends `${infer A}.${string}` ? A : never;

/** A method name, or every method of one area. */
export type StaleScope = MethodName | `${AreaOf<MethodName>}.*`;

/**
 * Everything whose answer depends on the profiles or on which one is active: the profile list
 * and its connection tests, and the console history (kept per profile). An area whose queries
 * use the active profile's keys or endpoints adds its scope here when its methods join the contract.
 */
const PROFILE_DEPENDENT: readonly StaleScope[] = [
  'settings.*',
  'console.history',
  'videos.libraries',
  'videos.collections',
  'videos.libraryList',
  'videos.libraryGet',
  'videos.libraryThumbnail',
  'videos.libraryLinks',
  'videos.delivery',
  'videos.top',
  'logs.zones',
  'apps.*',
  // Saved views are kept per profile.
  'logs.views',
];

/**
 * Per event, the queries it makes stale. `desktop.notice` only informs: it changes no data. `videos.jobs` carries the
 * queue's rows themselves, which the videos store merges; no cached answer depends on them. `logs.status` comes with
 * every page of a load: the Logs screen refetches its window and aggregates itself, at the pace it can draw them.
 */
export const STALE_AFTER_EVENT: { readonly [E in EventName]: readonly StaleScope[] } = {
  'desktop.notice': [],
  'console.attempt': [],
  'settings.changed': PROFILE_DEPENDENT,
  'videos.jobs': [],
  'videos.fetchRows': [],
  'logs.status': [],
  'logs.exportStatus': [],
  // A tail's rows change with every ask: the live view fetches its window itself.
  'logs.tailStatus': [],
  'logs.link': [],
};

/**
 * Per state-changing call, the queries its completion (success or failure: a failed save may
 * still have changed something) makes stale. The core also announces profile changes as
 * `settings.changed`; refreshing here too means the window that made the change never waits for
 * the event. Calls not listed change nothing the renderer caches.
 */
export const STALE_AFTER_CALL: { readonly [M in MethodName]?: readonly StaleScope[] } = {
  'settings.createProfile': PROFILE_DEPENDENT,
  'settings.updateProfile': PROFILE_DEPENDENT,
  'settings.duplicateProfile': PROFILE_DEPENDENT,
  'settings.deleteProfile': PROFILE_DEPENDENT,
  'settings.activateProfile': PROFILE_DEPENDENT,
  'settings.setKey': PROFILE_DEPENDENT,
  'settings.deleteKey': PROFILE_DEPENDENT,
  'settings.storeLibraryKeys': PROFILE_DEPENDENT,
  'settings.setSecretPersistence': ['settings.profiles'],
  // The sandbox starts over: everything read from it (apps, libraries' videos, zones) is gone or changed.
  'settings.resetSandbox': PROFILE_DEPENDENT,
  'console.send': ['console.history'],
  // A new collection joins the picker and the rows' collection names.
  'videos.createCollection': ['videos.collections'],
  'videos.setResumableOver': ['videos.resumableOver'],
  // A video renamed, moved or deleted in the library browser: its list and its own answer are stale.
  'videos.libraryUpdate': ['videos.libraryList', 'videos.libraryGet'],
  'videos.libraryDelete': ['videos.libraryList', 'videos.libraryGet'],
  // The account's applications changed; a failed call may still have made or removed one.
  'apps.create': ['apps.list', 'apps.get', 'apps.limits'],
  'apps.delete': ['apps.list', 'apps.get', 'apps.limits'],
  // Running or changing an app moves its status, instances and settings; the list shows the status too.
  'apps.deploy': ['apps.list', 'apps.get', 'apps.overview'],
  'apps.undeploy': ['apps.list', 'apps.get', 'apps.overview'],
  'apps.restart': ['apps.list', 'apps.get', 'apps.overview'],
  'apps.update': ['apps.list', 'apps.get', 'apps.overview'],
  'apps.setScaling': ['apps.get', 'apps.overview'],
  'apps.setRegions': ['apps.get', 'apps.overview'],
  'apps.setEnv': ['apps.get'],
  // The form's draft is read once per form; a new form reads it again.
  'apps.saveDraft': ['apps.getDraft'],
  'apps.clearDraft': ['apps.getDraft'],
  // A zone's saved views changed (a failed call may still have written the file).
  'logs.viewSave': ['logs.views'],
  'logs.viewRename': ['logs.views'],
  'logs.viewDelete': ['logs.views'],
};

/** True when a query key falls under one of the scopes. */
export function inScopes(key: readonly unknown[], scopes: readonly StaleScope[]): boolean {
  const method = key[0];
  if (typeof method !== 'string') return false;
  return scopes.some((s) => (s.endsWith('.*') ? method.startsWith(s.slice(0, -1)) : method === s));
}

/** Marks the queries under `scopes` stale; the ones on screen refetch. */
export async function invalidateScopes(qc: QueryClient, scopes: readonly StaleScope[]): Promise<void> {
  if (scopes.length === 0) return;
  await qc.invalidateQueries({ predicate: (q) => inScopes(q.queryKey, scopes) });
}
