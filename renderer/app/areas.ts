/** The five areas of the app, in sidebar order; Ctrl/Cmd+1…5 follow this order. */
import { Boxes, Clapperboard, ScrollText, Settings, SquareTerminal, type LucideIcon } from 'lucide-react';

export type AreaId = 'apps' | 'videos' | 'logs' | 'console' | 'settings';

export interface AreaDef {
  readonly id: AreaId;
  readonly label: string;
  readonly icon: LucideIcon;
  /** One sentence for the header and the command palette. */
  readonly summary: string;
}

export const AREAS: readonly AreaDef[] = [
  { id: 'apps', label: 'Apps', icon: Boxes, summary: 'Create and inspect Magic Containers applications.' },
  { id: 'videos', label: 'Videos', icon: Clapperboard, summary: 'Upload videos into a video library and follow their processing.' },
  { id: 'logs', label: 'Logs', icon: ScrollText, summary: 'Browse CDN request logs of a pull zone.' },
  { id: 'console', label: 'Console', icon: SquareTerminal, summary: 'Send raw authenticated requests to any platform endpoint.' },
  { id: 'settings', label: 'Settings', icon: Settings, summary: 'Profiles, keys and appearance.' },
];

/** The area named by a location hash like `#/logs`, or the first area. */
export function areaFromHash(hash: string): AreaId {
  const id = hash.replace(/^#\/?/, '');
  return AREAS.find((a) => a.id === id)?.id ?? 'apps';
}
