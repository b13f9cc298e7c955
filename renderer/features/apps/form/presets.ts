/**
 * Built-in starting points: plain create-request bodies that pass the platform's schema as they stand. Their images
 * are Docker Hub's, written with the registry placeholder below; applying a preset puts the account's own Docker Hub
 * registry id there (ids differ between accounts), or leaves the field empty for the user to choose when there is none.
 */
import type { AppRegistry } from '../../../../shared/contract/apps';
import { DOCKER_HUB_HOST } from '../../../../shared/apps/image-reference';
import { matchRegistry } from '../../../../shared/apps/image-registry';
import type { AppFormValues } from './form-schema';

/** Stands for "this account's Docker Hub registry" inside a preset's body. */
export const DOCKER_HUB_PLACEHOLDER = DOCKER_HUB_HOST;

/** One preset: what the picker shows, and the body it starts from. */
export interface AppPreset {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly body: AppFormValues;
}

export const PRESETS: readonly AppPreset[] = [
  {
    id: 'web-cdn',
    title: 'Web server behind CDN',
    description: 'nginx serving port 80 through a CDN endpoint with SSL.',
    body: {
      name: 'web',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 3 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'nginx',
          imageNamespace: 'library',
          imageName: 'nginx',
          imageTag: 'stable',
          imageRegistryId: DOCKER_HUB_PLACEHOLDER,
          endpoints: [{ displayName: 'cdn', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80 }] } }],
        },
      ],
    },
  },
  {
    id: 'postgres',
    title: 'Postgres with a volume',
    description: 'One Postgres instance keeping its data on a 10 GB volume, reachable by no endpoint.',
    body: {
      name: 'postgres',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 1 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'postgres',
          imageNamespace: 'library',
          imageName: 'postgres',
          imageTag: '16',
          imageRegistryId: DOCKER_HUB_PLACEHOLDER,
          environmentVariables: [
            { name: 'POSTGRES_PASSWORD', value: '' },
            { name: 'PGDATA', value: '/var/lib/postgresql/data/pgdata' },
          ],
          volumeMounts: [{ name: 'pgdata', mountPath: '/var/lib/postgresql/data' }],
        },
      ],
      volumes: [{ name: 'pgdata', size: 10 }],
    },
  },
  {
    id: 'api-redis',
    title: 'API with a Redis sidecar',
    description: 'An HTTP API behind a CDN endpoint, with Redis beside it on localhost:6379 and not exposed.',
    body: {
      name: 'api',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 2 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'api',
          imageNamespace: 'traefik',
          imageName: 'whoami',
          imageTag: 'latest',
          imageRegistryId: DOCKER_HUB_PLACEHOLDER,
          environmentVariables: [{ name: 'REDIS_URL', value: 'redis://localhost:6379' }],
          endpoints: [{ displayName: 'cdn', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80 }] } }],
        },
        { name: 'redis', imageNamespace: 'library', imageName: 'redis', imageTag: '7', imageRegistryId: DOCKER_HUB_PLACEHOLDER },
      ],
    },
  },
];

/** A preset's body for this account: each placeholder becomes the Docker Hub registry's id (or empty when there is none). */
export function presetValues(preset: AppPreset, registries: readonly AppRegistry[]): AppFormValues {
  const match = matchRegistry(registries, DOCKER_HUB_HOST);
  const registryId = match.ok ? match.imageRegistryId : '';
  const body = structuredClone(preset.body);
  return {
    ...body,
    containerTemplates: body.containerTemplates?.map((c) => (c.imageRegistryId === DOCKER_HUB_PLACEHOLDER ? { ...c, imageRegistryId: registryId } : c)),
  };
}
