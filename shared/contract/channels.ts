/**
 * The names of every contract method and event, with no zod: the preload imports only this.
 * `shared/contract/index.ts` must define exactly these names (a unit test checks both ways).
 */

export const METHOD_NAMES = [
  'desktop.info',
  'desktop.openExternal',
  'settings.profiles',
  'settings.createProfile',
  'settings.updateProfile',
  'settings.duplicateProfile',
  'settings.deleteProfile',
  'settings.activateProfile',
  'settings.setKey',
  'settings.deleteKey',
  'settings.testProfile',
  'settings.discover',
  'settings.storeLibraryKeys',
  'settings.setSecretPersistence',
  'settings.resetSandbox',
  'console.send',
  'console.raw',
  'console.cancel',
  'console.history',
  'console.loadBody',
  'console.saveResponse',
  'files.list',
  'videos.libraries',
  'videos.collections',
  'videos.createCollection',
  'videos.libraryList',
  'videos.libraryGet',
  'videos.libraryUpdate',
  'videos.libraryDelete',
  'videos.libraryThumbnail',
  'videos.libraryLinks',
  'videos.delivery',
  'videos.top',
  'videos.add',
  'videos.choose',
  'videos.list',
  'videos.pause',
  'videos.resume',
  'videos.cancel',
  'videos.retry',
  'videos.moveToTop',
  'videos.clearCompleted',
  'videos.setTitle',
  'videos.setConcurrency',
  'videos.setBandwidthCap',
  'videos.locate',
  'videos.fetch',
  'videos.fetches',
  'videos.fetchCancel',
  'videos.fetchRetry',
  'videos.fetchClear',
  'videos.setResumable',
  'videos.resumableOver',
  'videos.setResumableOver',
  'logs.zones',
  'logs.open',
  'logs.update',
  'logs.window',
  'logs.page',
  'logs.findStatus',
  'logs.revealAuthorization',
  'logs.aggregates',
  'logs.values',
  'logs.facets',
  'logs.loadMore',
  'logs.estimate',
  'logs.loadAll',
  'logs.cancel',
  'logs.close',
  'logs.malformed',
  'logs.chooseFile',
  'logs.views',
  'logs.viewSave',
  'logs.viewRename',
  'logs.viewDelete',
  'logs.findRequest',
  'logs.linkDeliver',
  'logs.linkPending',
  'logs.linkTake',
  'apps.list',
  'apps.get',
  'apps.delete',
  'apps.create',
  'apps.regions',
  'apps.registries',
  'apps.getDraft',
  'apps.saveDraft',
  'apps.clearDraft',
  'apps.deploy',
  'apps.undeploy',
  'apps.restart',
  'apps.overview',
  'apps.update',
  'apps.setScaling',
  'apps.setRegions',
  'apps.setEnv',
  'apps.importCompose',
  // The form's questions to the platform (images, suggestions, limits, optimal region).
  'apps.searchImages',
  'apps.imageTags',
  'apps.imageDigest',
  'apps.configSuggestions',
  'apps.limits',
  'apps.optimalRegion',
  'apps.health',
  'logs.export',
  'logs.exportCancel',
  'logs.tail',
  'logs.tailPause',
  'logs.tailResume',
  'logs.tailFilter',
  'logs.tailStop',
] as const;

export const EVENT_NAMES = ['desktop.notice', 'console.attempt', 'settings.changed', 'videos.jobs', 'videos.fetchRows', 'logs.status', 'logs.exportStatus', 'logs.tailStatus', 'logs.link'] as const;

export type MethodName = (typeof METHOD_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

/** The Electron IPC channel that carries contract calls; one channel, the method travels inside. */
export const INVOKE_CHANNEL = 'burrow:invoke';
/** The channel events are pushed on, main → renderer. */
export const EVENT_CHANNEL = 'burrow:event';
/** Subscribe/unsubscribe notices so main only pushes what a window listens to. */
export const SUBSCRIBE_CHANNEL = 'burrow:subscribe';
/** The preload-only channel of a drop: the dropped files' real paths and the call to make on them, in one message. */
export const DROP_CHANNEL = 'burrow:file-drop';

const methodSet: ReadonlySet<string> = new Set(METHOD_NAMES);
const eventSet: ReadonlySet<string> = new Set(EVENT_NAMES);

/** True when `name` is a contract method. */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && methodSet.has(name);
}

/** True when `name` is a contract event. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventSet.has(name);
}
