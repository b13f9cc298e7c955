/** The create request as the form holds it: a blank start, the body as sent, and the body told in words. */
import type { AppRegion } from '../../../../shared/contract/apps';
import type { AppFormValues } from './form-schema';

type Container = NonNullable<AppFormValues['containerTemplates']>[number];

/** A container with only what every container needs, left for the user to fill. */
export function blankContainer(): Container {
  return { name: '', imageName: '', imageNamespace: '', imageTag: '', imageRegistryId: '' };
}

/** A new app: one shared instance per region, one empty container, nothing optional filled in. */
export function blankApp(): AppFormValues {
  return { name: '', runtimeType: 'shared', autoScaling: { min: 1, max: 1 }, regionSettings: {}, containerTemplates: [blankContainer()] };
}

function hasMembers(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.values(value).some((v) => v !== undefined);
}

/**
 * The body exactly as it will be sent: members left undefined are dropped (JSON has no form for them); a repository
 * settings object with nothing in it and an empty volume list (the list editor always holds one) are left out, as the
 * platform reads them the same as absent.
 */
export function requestBody(values: AppFormValues): AppFormValues {
  const copy = JSON.parse(JSON.stringify(values)) as AppFormValues & { repositorySettings?: unknown; volumes?: unknown[] };
  if (!hasMembers(copy.repositorySettings)) delete copy.repositorySettings;
  if (copy.volumes?.length === 0) delete copy.volumes;
  return copy;
}

/** The body's exact text: what the review step shows and what Create sends, byte for byte. */
export function bodyText(values: AppFormValues): string {
  return JSON.stringify(requestBody(values), null, 2);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function regionNames(ids: readonly string[], regions: readonly AppRegion[]): string {
  return ids.map((id) => regions.find((r) => r.id === id)?.name ?? id).join(', ');
}

/** The body in sentences, for the review step: containers, public endpoints, regions, scaling and storage. */
export function summarize(body: AppFormValues, regions: readonly AppRegion[]): string[] {
  const containers = body.containerTemplates ?? [];
  const lines = [`“${body.name}”, ${String(body.runtimeType).toLowerCase()} runtime, ${plural(containers.length, 'container')}${containers.length ? `: ${containers.map((c) => c.name).join(', ')}` : ''}.`];
  const publics = containers.flatMap((c) =>
    (c.endpoints ?? []).map((e) => {
      const kind = e.cdn ? 'CDN' : e.anycast ? 'anycast' : 'endpoint';
      const ports = (e.cdn?.portMappings ?? e.anycast?.portMappings ?? []).map((p) => p.containerPort).join(', ');
      return `${c.name} on port ${ports || '?'} (${kind} “${e.displayName}”)`;
    }),
  );
  lines.push(publics.length ? `Public: ${publics.join('; ')}.` : 'No endpoint: nothing is reachable from the internet.');
  const { requiredRegionIds: required = [], allowedRegionIds: allowed = [], maxAllowedRegions } = body.regionSettings;
  const optional = (allowed ?? []).filter((id) => !(required ?? []).includes(id));
  const regionParts = [
    required?.length ? `always in ${regionNames(required, regions)}` : null,
    optional.length ? `also allowed in ${regionNames(optional, regions)}` : null,
    typeof maxAllowedRegions === 'number' ? `at most ${plural(maxAllowedRegions, 'region')}` : null,
  ].filter((p): p is string => p !== null);
  lines.push(regionParts.length ? `Regions: ${regionParts.join('; ')}.` : 'Regions: chosen by the platform.');
  lines.push(`Scaling: ${body.autoScaling.min} to ${body.autoScaling.max} instances per region.`);
  const volumes = body.volumes ?? [];
  const total = volumes.reduce((n, v) => n + (typeof v.size === 'number' ? v.size : 0), 0);
  lines.push(volumes.length ? `Storage: ${plural(volumes.length, 'volume')}, ${total} GB in total.` : 'Storage: no volumes.');
  return lines;
}
