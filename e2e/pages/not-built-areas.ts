/**
 * Every area's page object in one place for the app shell's page object. Each area now has its screen and its own
 * page object (./apps.ts, ./videos.ts, ./logs.ts); this file only gathers them.
 */
export { AppsPage } from './apps.js';
export { LogsPage } from './logs.js';
export { VideosPage } from './videos.js';
