import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK } from '../common/redact.js';
import { addApplicationRequestSchema } from './schema.js';
import { diffEnv, diffRequests, updateBody, withListsWritten, type EnvPair } from './app-diff.js';
import { changeText } from './change-words.js';
import { appToRequest } from './duplicate-app.js';

/** An application as the sandbox answers `GET /apps/{id}`: two containers, env vars (one secret), an endpoint, a volume. */
const APP = {
  id: 'Ab12',
  name: 'shop',
  status: 'active',
  runtimeType: 'shared',
  regionSettings: { allowedRegionIds: ['DE'], requiredRegionIds: ['DE'], maxAllowedRegions: null, provisioningType: 'dynamic' },
  autoScaling: { min: 1, max: 3 },
  containerInstances: [],
  volumes: [{ name: 'data', size: 5 }],
  containerTemplates: [
    {
      id: 'c1',
      name: 'web',
      packageId: 'p1',
      imageName: 'nginx',
      imageNamespace: 'library',
      imageTag: '1.27',
      imageRegistryId: 7,
      imageDigest: `sha256:${'a'.repeat(64)}`,
      environmentVariables: [
        { name: 'MODE', value: 'prod' },
        { name: 'DEBUG', value: '1' },
        { name: 'DB_PASSWORD', value: 'hunter22' },
      ],
      endpoints: [{ id: 'e1', displayName: 'cdn', type: 'cdn', publicHost: 'x.b-cdn.net', isSslEnabled: true, pullZoneId: '4000', portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] }],
      volumeMounts: [{ name: 'data', mountPath: '/data' }],
    },
    { id: 'c2', name: 'worker', imageName: 'worker', imageNamespace: 'acme', imageTag: 'v1', imageRegistryId: '7' },
  ],
};

type Req = ReturnType<typeof appToRequest>;
type Json = Parameters<typeof diffRequests>[0];
/** The app's changes as the edit form's review finds them: the app as a request, the update's body, the differences. */
function diffApp(app: Json, desired: Json) {
  const current = appToRequest(app);
  return diffRequests(current, updateBody(current, desired));
}
const clone = (r: Req): Req => JSON.parse(JSON.stringify(r)) as Req;

describe('appToRequest', () => {
  it('keeps the container ids and the app’s own name, drops what the platform assigns, and passes the create rules', () => {
    const req = appToRequest(APP);
    expect(req.name).toBe('shop');
    expect(req.containerTemplates?.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(req.containerTemplates?.[0]).not.toHaveProperty('imageDigest');
    expect(req.containerTemplates?.[0]).not.toHaveProperty('packageId');
    expect(req.containerTemplates?.[0]?.endpoints).toEqual([{ displayName: 'cdn', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] } }]);
    expect(addApplicationRequestSchema.safeParse(req).success).toBe(true);
  });

  it('changes nothing when sent back as it is', () => {
    expect(diffApp(APP, appToRequest(APP) as never)).toEqual([]);
  });
});

describe('diffRequests of an update', () => {
  it('names a changed tag and a removed variable as the form labels them', () => {
    const desired = clone(appToRequest(APP));
    const web = desired.containerTemplates![0]!;
    web.imageTag = '1.28';
    web.environmentVariables = web.environmentVariables!.filter((v) => v.name !== 'DEBUG');
    const changes = diffApp(APP, desired as never);
    expect(changes).toEqual([
      { path: 'containerTemplates[0].imageTag', label: 'Container web › Image tag', kind: 'changed', before: '1.27', after: '1.28', secret: false, text: 'Container web › Image tag: 1.27 → 1.28' },
      {
        path: 'containerTemplates[0].environmentVariables[1]',
        label: 'Container web › Environment variable DEBUG',
        kind: 'removed',
        before: '1',
        after: null,
        secret: false,
        text: 'Environment variable DEBUG of container web will be removed',
      },
    ]);
  });

  it('masks secret values in the words and keeps them for a reveal', () => {
    const desired = clone(appToRequest(APP));
    desired.containerTemplates![0]!.environmentVariables![2]!.value = 'correct-horse';
    const [change] = diffApp(APP, desired as never);
    expect(change).toMatchObject({ label: 'Container web › Environment variable DB_PASSWORD', kind: 'changed', secret: true, before: 'hunter22', after: 'correct-horse' });
    expect(change!.text).toBe(`Container web › Environment variable DB_PASSWORD: ${MASK} → ${MASK}`);
    expect(changeText(change!, true)).toBe('Container web › Environment variable DB_PASSWORD: hunter22 → correct-horse');
  });

  it('matches containers by id: one left out is removed, one without an id is added even under an old name', () => {
    const desired = clone(appToRequest(APP));
    const worker = desired.containerTemplates!.pop()!;
    desired.containerTemplates!.push({ ...worker, id: undefined, imageTag: 'v2' });
    const changes = diffApp(APP, desired as never);
    expect(changes.map((c) => [c.kind, c.text])).toEqual([
      ['added', 'Container worker will be added: acme/worker:v2'],
      ['removed', 'Container worker will be removed'],
    ]);
    expect(changes[1]!.path).toBe('containerTemplates[1]');
  });

  it('reads a left-out list as emptied (every volume and endpoint removed), and a left-out member as kept', () => {
    const desired = clone(appToRequest(APP));
    delete desired.volumes;
    delete (desired as Partial<Req>).runtimeType;
    const web = desired.containerTemplates![0]!;
    delete web.endpoints;
    delete web.volumeMounts;
    const texts = diffApp(APP, desired as never).map((c) => c.text);
    expect(texts).toEqual(['Endpoint cdn of container web will be removed', 'Volume mount data of container web will be removed', 'Volume data will be removed']);
    expect(withListsWritten(appToRequest(APP) as never, desired as never)).toMatchObject({ volumes: [] });
  });

  it('tells scaling, regions, added variables and endpoint ports in words; enum words in another case are no change', () => {
    const desired = clone(appToRequest(APP));
    desired.runtimeType = 'Shared' as never;
    desired.autoScaling = { min: 2, max: 3 };
    desired.regionSettings = { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'] };
    const web = desired.containerTemplates![0]!;
    web.environmentVariables!.push({ name: 'API_KEY', value: 'abc123' });
    web.endpoints![0]!.cdn!.portMappings = [{ containerPort: 8080, exposedPort: 80, protocols: ['tcp'] }];
    expect(diffApp(APP, desired as never).map((c) => c.text)).toEqual([
      'Minimum instances per region: 1 → 2',
      'Allowed regions: DE → DE, UK',
      `Environment variable API_KEY of container web will be added: ${MASK}`,
      'Container web › Endpoint cdn › CDN › Port mappings: 80 (tcp) → 8080 as 80 (tcp)',
    ]);
  });
});

describe('port mappings', () => {
  it('a mapping that leaves out the public port or the protocols (the platform fills them in) is no change', () => {
    const desired = clone(appToRequest(APP));
    for (const e of desired.containerTemplates![0]!.endpoints!) {
      const settings = e.cdn ?? e.anycast;
      settings!.portMappings = settings!.portMappings!.map((m) => ({ containerPort: m.containerPort }));
    }
    expect(diffApp(APP, desired as never)).toEqual([]);
  });
});

const envName = fc.constantFrom('MODE', 'DEBUG', 'PORT', 'DB_PASSWORD', 'API_TOKEN', 'HOST', 'STRIPE_KEY');
const envList = fc.uniqueArray(fc.record({ name: envName, value: fc.string({ maxLength: 12 }) }), { selector: (v) => v.name, maxLength: 7 });

describe('diffEnv', () => {
  it('lists exactly the added, removed and changed names', () => {
    fc.assert(
      fc.property(envList, envList, (before, after) => {
        const changes = diffEnv(before, after, 'web');
        const names = (kind: string) => changes.filter((c) => c.kind === kind).map((c) => c.label.replace('Container web › Environment variable ', '')).sort();
        const b = new Map(before.map((v) => [v.name, v.value]));
        const a = new Map(after.map((v) => [v.name, v.value]));
        expect(names('added')).toEqual([...a.keys()].filter((n) => !b.has(n)).sort());
        expect(names('removed')).toEqual([...b.keys()].filter((n) => !a.has(n)).sort());
        expect(names('changed')).toEqual([...a.keys()].filter((n) => b.has(n) && b.get(n) !== a.get(n)).sort());
        for (const c of changes.filter((x) => x.kind === 'removed')) expect(c.text).toMatch(/^Environment variable \S+ of container web will be removed$/);
      }),
    );
  });

  it('never shows a secret value in its words', () => {
    const secretValue = fc.string({ minLength: 6, maxLength: 12 }).map((s) => `S3cr3t${s}`);
    const list = fc.uniqueArray(fc.record({ name: fc.constantFrom('DB_PASSWORD', 'API_TOKEN', 'STRIPE_KEY', 'SECRET'), value: secretValue }), { selector: (v) => v.name, maxLength: 4 });
    fc.assert(
      fc.property(list, list, (before: EnvPair[], after: EnvPair[]) => {
        for (const c of diffEnv(before, after)) {
          expect(c.secret).toBe(true);
          for (const v of [...before, ...after]) expect(c.text).not.toContain(v.value);
        }
      }),
    );
  });

  it('is empty for the same list, whatever the order', () => {
    fc.assert(fc.property(envList, (list) => {
        expect(diffEnv(list, [...list].reverse())).toEqual([]);
      }));
  });
});

describe('diffRequests', () => {
  it('finds no change between any request and itself', () => {
    const req = fc.record({
      name: fc.string({ maxLength: 10 }),
      runtimeType: fc.constantFrom('shared', 'reserved'),
      autoScaling: fc.record({ min: fc.nat(5), max: fc.nat(5) }),
      regionSettings: fc.record({ allowedRegionIds: fc.array(fc.constantFrom('DE', 'UK', 'NY')) }),
      containerTemplates: fc.array(fc.record({ id: fc.uuid(), name: fc.string({ maxLength: 5 }), imageTag: fc.string({ maxLength: 5 }), environmentVariables: envList }), { maxLength: 3 }),
    });
    fc.assert(fc.property(req, (r) => {
        expect(diffRequests(r, JSON.parse(JSON.stringify(r)) as never)).toEqual([]);
      }));
  });
});

describe('updateBody', () => {
  it('clears the pinned digest of a kept container whose tag changes, and keeps an id given twice only on the first', () => {
    const current = appToRequest(APP);
    const desired = clone(current);
    desired.containerTemplates![0]!.imageTag = '1.28';
    desired.containerTemplates!.push({ ...desired.containerTemplates![1]!, name: 'worker-2' });
    const body = updateBody(current as never, desired as never) as Req;
    expect(body.containerTemplates![0]).toMatchObject({ id: 'c1', imageTag: '1.28', imageDigest: null });
    expect(body.containerTemplates![1]).not.toHaveProperty('imageDigest');
    expect(body.containerTemplates![1]!.id).toBe('c2');
    expect(body.containerTemplates![2]).not.toHaveProperty('id');
    expect(addApplicationRequestSchema.safeParse(body).success).toBe(true);
    // The cleared digest is no change in words: only the tag and the added container are told.
    expect(diffRequests(current as never, body as never).map((c) => c.text)).toEqual(['Container web › Image tag: 1.27 → 1.28', 'Container worker-2 will be added: acme/worker:v1']);
  });
});
