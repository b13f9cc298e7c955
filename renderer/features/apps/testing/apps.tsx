/** The Apps screen over a fake bridge, and an application as the platform returns it, for component tests. */
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { AppDetail, AppSummary } from '../../../../shared/contract/apps';
import { BridgeProvider, createQueryClient } from '../../../bridge/provider';
import type { FakeBridge } from '../../../testing/fake-bridge';
import { Toasts } from '../../../ui/toast';
import { AppsScreen } from '../AppsScreen';
import { formBridge } from '../form/testing/form';
import { aHealth } from './health';

/** A list row. */
export function aSummary(id: string, name: string, status = 'active'): AppSummary {
  return { id, name, status, displayEndpoint: { id: `e-${id}`, address: `mc-${id.toLowerCase()}-cdn.b-cdn.net`, type: 'cdn' } };
}

/** A whole application with one container, both endpoint kinds, probes, a mount and a volume. */
export function aDetail(id: string, name: string): AppDetail {
  return {
    id,
    name,
    status: 'active',
    runtimeType: 'shared',
    displayEndpoint: { id: 'e1', address: 'mc-demo-cdn.b-cdn.net', type: 'cdn' },
    regionSettings: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: 2, provisioningType: 'dynamic' },
    autoScaling: { min: 1, max: 3 },
    containerInstances: [],
    volumes: [{ name: 'data', size: 5 }],
    containerTemplates: [
      {
        id: 'c1',
        name: 'web',
        image: 'docker.io/library/nginx:1.27',
        imageName: 'nginx',
        imageNamespace: 'library',
        imageTag: '1.27',
        imagePullPolicy: 'ifNotPresent',
        entryPoint: { command: null, commandArray: ['nginx'], arguments: null, argumentsArray: ['-g', 'daemon off;'] },
        probes: { startup: { tcpSocket: { request: { portNumber: 80 } } }, liveness: { httpGet: { request: { path: '/healthz', portNumber: 80 } } } },
        environmentVariables: [{ name: 'MODE', value: 'hunter2' }],
        endpoints: [
          { id: 'e1', displayName: 'cdn', type: 'cdn', publicHost: 'mc-demo-cdn.b-cdn.net', isSslEnabled: true, portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] },
          { id: 'e2', displayName: 'dns', type: 'anycast', publicHost: '203.0.113.7', isSslEnabled: false, portMappings: [{ containerPort: 53, exposedPort: 5353, protocols: ['udp', 'tcp'] }] },
        ],
        volumeMounts: [{ name: 'data', mountPath: '/var/lib/data' }],
      },
    ],
  };
}

/** A fake bridge whose `apps.list` answers these apps in pages of `pageSize` (cursor = the next offset). */
export function bridgeWithApps(apps: readonly AppSummary[], pageSize = 50): FakeBridge {
  // The create form's own calls (no draft, the regions and registries it offers) are answered as the form's tests answer them.
  const bridge = formBridge();
  bridge.answer('apps.list', (input) => {
    const from = input.cursor ? Number(input.cursor) : 0;
    const size = Math.min(input.limit ?? pageSize, pageSize);
    const next = from + size < apps.length ? String(from + size) : null;
    return { items: apps.slice(from, from + size), totalItems: apps.length, cursor: next };
  });
  // No CDN endpoint has figures unless a test says otherwise: the page's delivery section asks on open.
  bridge.answer('apps.health', (input) => aHealth(input.id, []));
  return bridge;
}

/** Lets the fake clock run `ms` milliseconds, with what the timers start. */
export const run = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** Runs the fake clock in small steps until `check` passes (at most a minute of fake time). */
export async function until(check: () => void) {
  for (let i = 0; i < 600; i++) {
    try {
      check();
      return;
    } catch {
      await run(100);
    }
  }
  check();
}

/** Renders the screen with the toasts the shell mounts. */
export function renderApps() {
  return render(
    <BridgeProvider client={createQueryClient()}>
      <AppsScreen />
      <Toasts />
    </BridgeProvider>,
  );
}
