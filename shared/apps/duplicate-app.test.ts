import { describe, expect, it } from 'vitest';
import { addApplicationRequestSchema } from './schema.js';
import { copyName, duplicateAppBody } from './duplicate-app.js';

/** An application as the sandbox answers `GET /apps/{id}` for a request with both endpoint kinds, probes and a mount. */
const DETAIL = {
  id: 'Ab12',
  name: 'shop',
  status: 'active',
  runtimeType: 'shared',
  displayEndpoint: { id: 'e1', address: 'mc-ab12-cdn.b-cdn.net', type: 'cdn' },
  regionSettings: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: null, provisioningType: 'dynamic' },
  autoScaling: { min: 1, max: 3 },
  containerInstances: [],
  volumes: [{ name: 'data', size: 5 }],
  containerTemplates: [
    {
      id: 'c1',
      name: 'web',
      packageId: 'p1',
      image: 'docker.io/library/nginx:1.27',
      imageName: 'nginx',
      imageNamespace: 'library',
      imageTag: '1.27',
      imageRegistryId: 7,
      imageDigest: `sha256:${'a'.repeat(64)}`,
      imagePullPolicy: 'ifNotPresent',
      entryPoint: { command: null, commandArray: ['nginx'], arguments: null, argumentsArray: ['-g', 'daemon off;'], workingDirectory: null },
      probes: { startup: { initialDelaySeconds: 10, periodSeconds: 10, timeoutSeconds: 7, failureThreshold: 3, successThreshold: 1, tcpSocket: { request: { portNumber: 80 } } } },
      environmentVariables: [{ name: 'MODE', value: 'prod' }],
      endpoints: [
        {
          id: 'e1', displayName: 'cdn', type: 'cdn', publicHost: 'mc-ab12-cdn.b-cdn.net', isSslEnabled: true, pullZoneId: '4000123',
          portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }],
          stickySessions: { enabled: true, sessionHeaders: ['X-User'], cookieName: 'mc-sticky' },
        },
        { id: 'e2', displayName: 'dns', type: 'anycast', publicHost: '185.93.1.2', isSslEnabled: false, pullZoneId: '0', portMappings: [{ containerPort: 53, exposedPort: 5353, protocols: ['udp'] }] },
        { id: 'e3', displayName: 'ip', type: 'publicIp', publicHost: '185.93.1.3', isSslEnabled: false, pullZoneId: '0', portMappings: [] },
      ],
      volumeMounts: [{ name: 'data', mountPath: '/var/lib/data' }],
    },
  ],
};

describe('duplicateAppBody', () => {
  it('keeps what the create request takes, under its name plus " copy", and leaves the platform’s own fields out', () => {
    const body = duplicateAppBody(DETAIL);
    expect(body).toEqual({
      name: 'shop copy',
      runtimeType: 'shared',
      regionSettings: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'] },
      autoScaling: { min: 1, max: 3 },
      volumes: [{ name: 'data', size: 5 }],
      containerTemplates: [
        {
          name: 'web',
          imageName: 'nginx',
          imageNamespace: 'library',
          imageTag: '1.27',
          imageRegistryId: '7',
          imagePullPolicy: 'ifNotPresent',
          entryPoint: { commandArray: ['nginx'], argumentsArray: ['-g', 'daemon off;'] },
          probes: { startup: { initialDelaySeconds: 10, periodSeconds: 10, timeoutSeconds: 7, failureThreshold: 3, successThreshold: 1, tcpSocket: { request: { portNumber: 80 } } } },
          environmentVariables: [{ name: 'MODE', value: 'prod' }],
          endpoints: [
            { displayName: 'cdn', cdn: { isSslEnabled: true, stickySessions: { enabled: true, sessionHeaders: ['X-User'], cookieName: 'mc-sticky' }, portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] } },
            { displayName: 'dns', anycast: { type: 'iPv4', portMappings: [{ containerPort: 53, exposedPort: 5353, protocols: ['udp'] }] } },
            { displayName: 'ip' },
          ],
          volumeMounts: [{ name: 'data', mountPath: '/var/lib/data' }],
        },
      ],
    });
    // What it builds is a request the platform accepts as it stands.
    expect(addApplicationRequestSchema.safeParse(body).success).toBe(true);
  });

  it('finds the registry id of a template that lacks it from its image’s host, among the account’s registries', () => {
    const { imageRegistryId: _id, ...template } = DETAIL.containerTemplates[0]!;
    const detail = { ...DETAIL, containerTemplates: [template] };
    const registries = [{ id: 8, displayName: 'GitHub', hostName: 'ghcr.io' }, { id: 9, displayName: 'Docker Hub', hostName: 'docker.io' }];
    expect(duplicateAppBody(detail, registries).containerTemplates?.[0]?.imageRegistryId).toBe('9');
    expect(duplicateAppBody(detail, [registries[0]!]).containerTemplates?.[0]).not.toHaveProperty('imageRegistryId');
  });

  it('keeps the copy’s name within the limit, and fills the members every request has when the answer lacks them', () => {
    expect(copyName('x'.repeat(100))).toBe(`${'x'.repeat(95)} copy`);
    expect(duplicateAppBody({ id: 'a', name: 'bare' })).toEqual({ name: 'bare copy', runtimeType: 'shared', autoScaling: { min: 1, max: 1 }, regionSettings: {} });
  });
});
