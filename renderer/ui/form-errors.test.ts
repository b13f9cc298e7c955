import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorCountUnder, toFormPath } from './form-errors';

describe('error paths', () => {
  it.each([
    ['name', 'name'],
    ['autoScaling.min', 'autoScaling.min'],
    ['containerTemplates[0].endpoints[12].cdn', 'containerTemplates.0.endpoints.12.cdn'],
    ['ports[3]', 'ports.3'],
    ['$', 'root'],
  ])('%s → %s', (core, form) => {
    expect(toFormPath(core)).toBe(form);
  });

  it('counts the errors under a path', () => {
    const errors = {
      name: { type: 'server', message: 'is required' },
      ports: [undefined, { number: { type: 'server', message: 'too big' }, protocol: { type: 'server', message: 'unknown' } }],
    } as unknown as FieldErrors;
    expect(errorCountUnder(errors)).toBe(3);
    expect(errorCountUnder(errors, 'ports')).toBe(2);
    expect(errorCountUnder(errors, 'ports.1.number')).toBe(1);
    expect(errorCountUnder(errors, 'env')).toBe(0);
  });
});
