/** The names of the areas a connection test checks, as the user reads them (Settings and the command palette). */
import type { AreaCheck } from '../../../shared/settings/profiles';

export const AREA_LABEL: Record<AreaCheck['area'], string> = { core: 'Core API', containers: 'Magic Containers', video: 'Video libraries', logging: 'CDN logging' };
