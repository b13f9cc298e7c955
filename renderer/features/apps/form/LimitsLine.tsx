/**
 * The account's limits where the form meets them: apps used at the top, instances per region beside scaling, regions
 * per app beside the region picker, volumes per app and their size under Volumes. Said as a warning once the form asks
 * for more than the limit; hidden when the platform did not say or could not be asked.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppLimits } from '../../../../shared/contract/apps';
import { useCall } from '../../../bridge/queries';
import type { AppFormValues } from './form-schema';

/** Where the line stands. */
export type LimitsKind = 'apps' | 'scaling' | 'regions' | 'volumes';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the form asks for that a limit counts. */
export interface Asked {
  readonly maxInstances?: number | undefined;
  readonly regions?: number | undefined;
  readonly volumes?: number | undefined;
  readonly largestVolume?: number | undefined;
}

/** The line's text and whether the form goes past the limit; null when the platform gave nothing for this place. */
export function limitsText(kind: LimitsKind, l: AppLimits, asked: Asked = {}): { readonly text: string; readonly over: boolean } | null {
  switch (kind) {
    case 'apps': {
      if (l.maxApps === null || l.existingApps === null) return null;
      if (l.existingApps >= l.maxApps) return { text: `All ${plural(l.maxApps, 'app')} this account may have are used: the platform will refuse another until one is deleted.`, over: true };
      return { text: `${l.existingApps} of ${plural(l.maxApps, 'app')} used on this account.`, over: false };
    }
    case 'scaling': {
      if (l.maxInstancesPerRegion === null) return null;
      const total = l.maxInstancesPerApp !== null ? `, ${l.maxInstancesPerApp} in all` : '';
      const over = asked.maxInstances !== undefined && asked.maxInstances > l.maxInstancesPerRegion;
      return { text: `Up to ${plural(l.maxInstancesPerRegion, 'instance')} per region on this account${total}.${over ? ' The maximum above is more than that.' : ''}`, over };
    }
    case 'regions': {
      if (l.maxRegionsPerApp === null) return null;
      const over = asked.regions !== undefined && asked.regions > l.maxRegionsPerApp;
      return { text: `Up to ${plural(l.maxRegionsPerApp, 'region')} per app on this account.${over ? ' More are chosen here.' : ''}`, over };
    }
    case 'volumes': {
      if (l.maxVolumesPerApp === null && l.maxVolumeSize === null) return null;
      const parts = [l.maxVolumesPerApp !== null ? `up to ${plural(l.maxVolumesPerApp, 'volume')} per app` : null, l.maxVolumeSize !== null ? `each at most ${l.maxVolumeSize} GB` : null].filter(Boolean);
      const tooMany = l.maxVolumesPerApp !== null && asked.volumes !== undefined && asked.volumes > l.maxVolumesPerApp;
      const tooLarge = l.maxVolumeSize !== null && asked.largestVolume !== undefined && asked.largestVolume > l.maxVolumeSize;
      const text = parts.join(', ');
      return { text: `${text.charAt(0).toUpperCase()}${text.slice(1)} on this account.${tooMany ? ' More volumes are listed here.' : ''}${tooLarge ? ' A volume here is larger.' : ''}`, over: tooMany || tooLarge };
    }
  }
}

/** What the form asks for, for one place. */
function useAsked(kind: LimitsKind): Asked {
  const { control } = useFormContext<AppFormValues>();
  const max = useWatch({ control, name: 'autoScaling.max' }) as unknown;
  const allowed = useWatch({ control, name: 'regionSettings.allowedRegionIds' }) as unknown;
  const volumes = useWatch({ control, name: 'volumes' }) as unknown;
  if (kind === 'scaling') return { maxInstances: typeof max === 'number' ? max : undefined };
  if (kind === 'regions') return { regions: Array.isArray(allowed) ? allowed.length : undefined };
  if (kind === 'volumes') {
    const list = Array.isArray(volumes) ? (volumes as { size?: unknown }[]) : [];
    const sizes = list.map((v) => v?.size).filter((s): s is number => typeof s === 'number');
    return { volumes: list.length, largestVolume: sizes.length ? Math.max(...sizes) : undefined };
  }
  return {};
}

/** One limits line; nothing when the limits are unknown. */
export function LimitsLine({ kind }: { readonly kind: LimitsKind }) {
  const limits = useCall('apps.limits', {}, { retry: false, staleTime: 60_000 });
  const asked = useAsked(kind);
  const line = limits.data ? limitsText(kind, limits.data, asked) : null;
  if (!line) return null;
  return (
    <p className={line.over ? 'field-warning' : 'muted small'} data-testid={`limits-${kind}`}>
      {line.text}
    </p>
  );
}
