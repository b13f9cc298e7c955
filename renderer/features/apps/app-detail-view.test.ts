// @vitest-environment happy-dom
// (test-apps renders the Apps screen, whose navigation store reads the window on load.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appView, costText, overviewView, portText, statusText, statusWords } from './app-detail-view';
import { aDetail } from './testing/apps';

describe('appView', () => {
  it('reads scaling, regions, volumes, instances and each container of a whole application', () => {
    const v = appView(aDetail('a1', 'Shop'));
    expect(v).toMatchObject({
      id: 'a1',
      name: 'Shop',
      status: 'active',
      runtime: 'shared',
      scaling: { min: 1, max: 3 },
      regions: { allowed: ['DE', 'UK'], required: ['DE'], maxAllowed: 2, provisioning: 'dynamic' },
      volumes: [{ name: 'data', sizeGb: 5 }],
      instances: 0,
      address: 'mc-demo-cdn.b-cdn.net',
    });
    expect(v.containers).toEqual([
      {
        name: 'web',
        image: 'docker.io/library/nginx:1.27',
        pullPolicy: 'ifNotPresent',
        command: 'nginx -g "daemon off;"',
        environment: ['MODE'],
        probes: ['startup (TCP)', 'liveness (HTTP)'],
        endpoints: [
          { name: 'cdn', type: 'cdn', address: 'mc-demo-cdn.b-cdn.net', ssl: true, ports: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] },
          { name: 'dns', type: 'anycast', address: '203.0.113.7', ssl: false, ports: [{ containerPort: 53, exposedPort: 5353, protocols: ['udp', 'tcp'] }] },
        ],
        mounts: [{ volume: 'data', path: '/var/lib/data' }],
      },
    ]);
  });

  it('leaves out what is missing or of an unexpected shape instead of drawing it wrong', () => {
    const v = appView({
      id: 'x',
      name: 'Bare',
      autoScaling: { min: '1', max: 2 },
      regionSettings: 'DE',
      volumes: [{ size: 1 }, null, { name: 'logs' }],
      containerInstances: 'many',
      containerTemplates: [null, { imageNamespace: 'acme', imageName: 'api', imageTag: 'v1', endpoints: [{ displayName: 'e', cdn: { isSslEnabled: false, portMappings: [{ containerPort: 8080 }, { exposedPort: 1 }] } }], probes: { readiness: {} } }],
    });
    expect(v).toMatchObject({ status: null, runtime: null, scaling: null, regions: null, volumes: [{ name: 'logs', sizeGb: null }], instances: null, address: null });
    expect(v.containers).toEqual([
      {
        name: '(unnamed)',
        image: 'acme/api:v1',
        pullPolicy: null,
        command: null,
        environment: [],
        probes: ['readiness'],
        // A request-shaped endpoint nests its settings under its kind.
        endpoints: [{ name: 'e', type: 'cdn', address: null, ssl: false, ports: [{ containerPort: 8080, exposedPort: null, protocols: [] }] }],
        mounts: [],
      },
    ]);
  });
});

describe('words', () => {
  it('ports read as exposed → container with their protocols', () => {
    expect(portText({ containerPort: 80, exposedPort: 80, protocols: ['tcp'] })).toBe('80 TCP');
    expect(portText({ containerPort: 53, exposedPort: 5353, protocols: ['udp', 'tcp'] })).toBe('5353 → 53 UDP/TCP');
    expect(portText({ containerPort: 9000, exposedPort: null, protocols: [] })).toBe('9000');
  });

  it('statuses read as words', () => {
    expect(statusText('active')).toBe('Active');
    expect(statusText('failedToDeploy')).toBe('Failed to deploy');
    expect(statusText(undefined)).toBe('Unknown');
  });
});

describe('status words', () => {
  it('say what the platform reports, in any letter case, and what a change asked from here is doing', () => {
    expect(statusWords('inactive').text).toBe('Not deployed');
    expect(statusWords('Progressing').text).toBe('Changing…');
    expect(statusWords('progressing', 'deploy').text).toBe('Deploying…');
    expect(statusWords('progressing', 'undeploy').text).toBe('Undeploying…');
    expect(statusWords('progressing', 'restart').text).toBe('Restarting…');
    expect(statusWords('progressing', 'scale').text).toBe('Changing…');
    // Active is "Running" only when instances run.
    expect(statusWords('ACTIVE').text).toBe('Active');
    expect(statusWords('active', null, 0)).toEqual({ text: 'Active, no instances running', tone: 'progressing' });
    expect(statusWords('active', null, 3)).toEqual({ text: 'Running', tone: 'active' });
    expect(statusWords('suspended').text).toBe('Suspended');
    expect(statusWords('hibernating')).toEqual({ text: 'Hibernating', tone: 'other' });
    expect(statusWords(null).text).toBe('Unknown');
  });

  it('the overview is read from the platform’s indicators, and what it leaves out is null', () => {
    expect(
      overviewView({
        status: 'active',
        activeInstances: { indicator: 2, statusGrade: 'doingGreat' },
        desiredInstances: 4,
        averageCPU: { value: 7.5 },
        monthlyCost: 14.6,
        regions: [{ region: 'DE', isRequired: true, instances: 2, status: 'active', averageCPU: 7.5 }, { instances: 1 }, 'x'],
      }),
    ).toEqual({
      status: 'active',
      activeInstances: 2,
      desiredInstances: 4,
      activeRegions: null,
      cpu: 7.5,
      ram: null,
      monthlyCost: 14.6,
      regions: [{ id: 'DE', required: true, instances: 2, status: 'active', cpu: 7.5, ram: null }],
    });
    expect(overviewView(null).regions).toEqual([]);
    expect(costText(14.6)).toBe('$14.60 a month');
  });
});

describe('appView over any members', () => {
  /** Values of every JSON kind at the members the view reads, so a member of the wrong shape is met everywhere. */
  const any = fc.oneof(fc.constant(null), fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 }), fc.dictionary(fc.constantFrom('name', 'type', 'portMappings', 'containerPort', 'httpGet', 'address', 'commandArray', 'cdn'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }));
  const member = (keys: readonly string[]) => fc.dictionary(fc.constantFrom(...keys), any, { maxKeys: keys.length });
  const container = member(['name', 'image', 'imageName', 'imageTag', 'imagePullPolicy', 'entryPoint', 'probes', 'environmentVariables', 'endpoints', 'volumeMounts']);
  const app = fc.record({
    extra: member(['autoScaling', 'regionSettings', 'volumes', 'containerInstances', 'displayEndpoint', 'status', 'runtimeType']),
    containers: fc.oneof(any, fc.array(fc.oneof(container, any), { maxLength: 3 })),
  });

  it('never throws, whatever shape the platform gives each member (10,000 applications)', () => {
    fc.assert(
      fc.property(app, ({ extra, containers }) => {
        const v = appView({ ...extra, id: 'a1', name: 'Shop', containerTemplates: containers } as never);
        expect(v.id).toBe('a1');
        for (const c of v.containers) expect(typeof c.image).toBe('string');
        expect(typeof statusText(v.status)).toBe('string');
      }),
      { numRuns: 10_000 },
    );
  });
});
