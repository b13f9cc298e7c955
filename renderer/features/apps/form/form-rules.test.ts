import { describe, expect, it } from 'vitest';
import { blankApp, bodyText, requestBody, summarize } from './body';
import { crossFieldProblems, formProblems, type AppFormValues } from './form-schema';
import { duplicateKeys, selectorsOf } from './NodeSelectors';
import { withRole } from './RegionPicker';

const APP: AppFormValues = {
  name: 'shop',
  runtimeType: 'shared',
  autoScaling: { min: 1, max: 2 },
  regionSettings: {},
  containerTemplates: [{ name: 'web', imageNamespace: 'library', imageName: 'nginx', imageTag: 'stable', imageRegistryId: '1' }],
};

/** The form's problems as [form path, message]. */
function issues(values: AppFormValues): [string, string][] {
  return [...formProblems(values)].map(([path, p]) => [path, p.message]);
}

describe('cross-field rules', () => {
  it('min above max is shown on max; equal is fine', () => {
    expect(issues({ ...APP, autoScaling: { min: 3, max: 2 } })).toEqual([
      ['autoScaling.max', 'Maximum instances per region: at least the minimum (3); the platform refuses a max below the min'],
    ]);
    expect(issues({ ...APP, autoScaling: { min: 2, max: 2 } })).toEqual([]);
  });

  it('every required region must be allowed (required ⊆ allowed)', () => {
    expect(issues({ ...APP, regionSettings: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['UK'] } })).toEqual([]);
    expect(issues({ ...APP, regionSettings: { requiredRegionIds: ['UK', 'NY'], allowedRegionIds: ['DE'] } })).toEqual([
      ['regionSettings.requiredRegionIds', 'Required regions: a required region must also be allowed: UK, NY are required but not allowed'],
    ]);
  });

  it('max allowed regions cannot be below the required ones', () => {
    const regionSettings = { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE', 'UK'], maxAllowedRegions: 1 };
    expect(issues({ ...APP, regionSettings }).map(([p]) => p)).toEqual(['regionSettings.maxAllowedRegions']);
  });

  it('volume names are unique and a mount names a declared volume', () => {
    const c = { ...APP.containerTemplates![0]!, volumeMounts: [{ name: 'data', mountPath: '/data' }, { name: 'logs', mountPath: '/logs' }] };
    expect(issues({ ...APP, containerTemplates: [c], volumes: [{ name: 'data', size: 1 }, { name: 'data', size: 2 }] }).map(([p]) => p)).toEqual([
      'volumes.1.name',
      'containerTemplates.0.volumeMounts.1.name',
    ]);
  });

  it('are checked alongside the field rules, not only once those pass', () => {
    expect(crossFieldProblems({ ...APP, name: '', autoScaling: { min: 5, max: 1 } })).toHaveLength(1);
    expect(issues({ ...APP, name: '', autoScaling: { min: 5, max: 1 } }).map(([p]) => p)).toEqual(['name', 'autoScaling.max']);
  });
});

describe('the region picker’s lists', () => {
  const ids = ['DE', 'UK', 'NY'];
  it('required puts a region in both lists, allowed in one, off in none; order follows the region list', () => {
    let lists = withRole(ids, { allowed: [], required: [] }, 'NY', 'required');
    expect(lists).toEqual({ allowed: ['NY'], required: ['NY'] });
    lists = withRole(ids, { allowed: lists.allowed ?? [], required: lists.required ?? [] }, 'DE', 'allowed');
    expect(lists).toEqual({ allowed: ['DE', 'NY'], required: ['NY'] });
    lists = withRole(ids, { allowed: lists.allowed ?? [], required: lists.required ?? [] }, 'NY', 'allowed');
    expect(lists).toEqual({ allowed: ['DE', 'NY'], required: undefined });
    lists = withRole(ids, { allowed: lists.allowed ?? [], required: [] }, 'DE', 'off');
    expect(lists).toEqual({ allowed: ['NY'], required: undefined });
  });
});

describe('node selector rows', () => {
  it('become the body’s object; keyless rows wait, the later of two equal keys wins and both are flagged', () => {
    const rows = [{ key: 'gpu', value: 'a100' }, { key: '', value: 'x' }, { key: 'zone', value: 'a' }, { key: 'gpu', value: 'h100' }];
    expect(selectorsOf(rows)).toEqual({ gpu: 'h100', zone: 'a' });
    expect(duplicateKeys(rows)).toEqual(['gpu']);
    expect(selectorsOf([{ key: ' ', value: '' }])).toBeUndefined();
  });
});

describe('the body', () => {
  it('drops undefined members and an empty repository settings object; keeps what was typed', () => {
    const values = { ...APP, terminationGracePeriodSeconds: undefined, repositorySettings: { owner: undefined }, volumes: [] };
    expect(requestBody(values)).toEqual(APP);
    expect(requestBody({ ...APP, repositorySettings: { owner: 'acme' } }).repositorySettings).toEqual({ owner: 'acme' });
    expect(bodyText(values)).toBe(JSON.stringify(APP, null, 2));
  });

  it('a blank app is invalid only where the user must type', () => {
    expect(issues(blankApp()).map(([p]) => p)).toEqual([
      'name',
      'containerTemplates.0.name',
      'containerTemplates.0.imageName',
      'containerTemplates.0.imageNamespace',
      'containerTemplates.0.imageTag',
      'containerTemplates.0.imageRegistryId',
    ]);
  });

  it('is summarised in words', () => {
    const body: AppFormValues = {
      ...APP,
      regionSettings: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: 2 },
      containerTemplates: [
        { ...APP.containerTemplates![0]!, endpoints: [{ displayName: 'cdn', cdn: { portMappings: [{ containerPort: 80 }] } }] },
        { ...APP.containerTemplates![0]!, name: 'dns', endpoints: [{ displayName: 'ip', anycast: { type: 'iPv4', portMappings: [{ containerPort: 53 }] } }] },
      ],
      volumes: [{ name: 'a', size: 5 }, { name: 'b', size: 10 }],
    };
    expect(summarize(body, [{ id: 'DE', name: 'Frankfurt' }])).toEqual([
      '“shop”, shared runtime, 2 containers: web, dns.',
      'Public: web on port 80 (CDN “cdn”); dns on port 53 (anycast “ip”).',
      'Regions: always in Frankfurt; also allowed in UK; at most 2 regions.',
      'Scaling: 1 to 2 instances per region.',
      'Storage: 2 volumes, 15 GB in total.',
    ]);
  });
});
