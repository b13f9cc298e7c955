import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addApplicationRequestSchema, PATTERNS, toValidationErrors, unprocessableProblems } from './schema.js';
import { formatPath } from './schema-rules.js';

const minimal = { name: 'x', runtimeType: 'shared', autoScaling: { min: 1, max: 2 }, regionSettings: {} };

describe('container create rules', () => {
  it('formats JSON paths, with $ for the body itself', () => {
    expect(formatPath([])).toBe('$');
    expect(formatPath(['containerTemplates', 0, 'endpoints', 1, 'cdn', 'portMappings'])).toBe('containerTemplates[0].endpoints[1].cdn.portMappings');
  });

  it('splits several unknown properties of one object into one error each', () => {
    const r = addApplicationRequestSchema.safeParse({ ...minimal, autoScaling: { min: 1, max: 1, a: 1, b: 2 } });
    expect(r.success).toBe(false);
    expect(toValidationErrors(r.error?.issues ?? [])).toEqual([
      { field: 'autoScaling.a', message: "The JSON property 'a' is not defined on AutoscalingSettings." },
      { field: 'autoScaling.b', message: "The JSON property 'b' is not defined on AutoscalingSettings." },
    ]);
  });

  it('rejects an empty imageDigest against its pattern, and an empty imageName once, by its length', () => {
    const template = { name: 'c', imageName: 'n', imageNamespace: 'ns', imageTag: 't', imageRegistryId: '9' };
    const errorsOf = (t: Record<string, unknown>) => {
      const r = addApplicationRequestSchema.safeParse({ ...minimal, containerTemplates: [{ ...template, ...t }] });
      return r.success ? [] : toValidationErrors(r.error.issues);
    };
    expect(errorsOf({ imageDigest: '' })).toEqual([
      { field: 'containerTemplates[0].imageDigest', message: "The field imageDigest must match the regular expression 'sha256:[a-z0-9]{64}'." },
    ]);
    expect(errorsOf({ imageDigest: null })).toEqual([]);
    expect(errorsOf({ imageName: '' }).map((e) => e.message)).toEqual([
      'The field imageName must be a string or array type with a minimum length of \'1\'.',
    ]);
  });

  it('normalises enum case in the parsed output', () => {
    const r = addApplicationRequestSchema.parse({ ...minimal, runtimeType: 'RESERVED' });
    expect(r.runtimeType).toBe('reserved');
  });

  it('lists the 422 problems only for the id lists it is given', () => {
    const req = addApplicationRequestSchema.parse({
      ...minimal,
      autoScaling: { min: 3, max: 2 },
      regionSettings: { allowedRegionIds: ['XX'] },
      containerTemplates: [{ name: 'c', imageName: 'n', imageNamespace: 'ns', imageTag: 't', imageRegistryId: '9' }],
    });
    expect(unprocessableProblems(req, {}).map((p) => p.field)).toEqual(['autoScaling.min']);
    expect(unprocessableProblems(req, { registryIds: ['1'], regionIds: ['DE'] }).map((p) => p.field)).toEqual([
      'autoScaling.min',
      'containerTemplates[0].imageRegistryId',
      'regionSettings.allowedRegionIds[0]',
    ]);
  });

  it('the linear-time mount path check agrees with the platform pattern', () => {
    const platform = new RegExp(PATTERNS.mountPath.text);
    // Weighted towards valid characters so both outcomes are common.
    const alphabet = fc.constantFrom('/', '/', '/', 'a', 'a', 'a', 'Z', '0', '.', '.', '_', '-', ' ', '\t', ':', 'é');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), (s) => {
        expect(PATTERNS.mountPath.test.test(s)).toBe(platform.test(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('the image patterns match whole values only, as the server does', () => {
    for (const [key, sample] of [['imageName', 'a...b'], ['imageTag', 'x/y'], ['imageDigest', `sha256:${'a'.repeat(64)}X`], ['appName', 'a_b']] as const) {
      expect(new RegExp(PATTERNS[key].text).test(sample)).toBe(true);
      expect(PATTERNS[key].test.test(sample)).toBe(false);
    }
  });
});
