import { describe, expect, it } from 'vitest';
import { addApplicationRequestSchema, toValidationErrors } from '../../../../shared/apps/schema';
import { formProblems } from './form-schema';
import { PRESETS, presetValues } from './presets';

const REGISTRIES = [
  { id: 8, displayName: 'GitHub Public', hostName: 'ghcr.io' },
  { id: 7, displayName: 'DockerHub Public', hostName: 'https://index.docker.io/v1/' },
];

describe('presets', () => {
  it.each(PRESETS.map((p) => [p.title, p] as const))('%s passes the platform schema and the form’s cross-field rules, as written and as applied', (_, preset) => {
    for (const body of [preset.body, presetValues(preset, REGISTRIES)]) {
      const platform = addApplicationRequestSchema.safeParse(body);
      expect(platform.success ? [] : toValidationErrors(platform.error.issues)).toEqual([]);
      expect([...formProblems(body).values()].map((p) => p.message)).toEqual([]);
    }
  });

  it('covers the three starting points the form offers', () => {
    const bodies = Object.fromEntries(PRESETS.map((p) => [p.id, p.body]));
    expect(bodies['web-cdn']!.containerTemplates![0]!.endpoints![0]!.cdn).toBeTruthy();
    expect(bodies.postgres!.volumes).toEqual([{ name: 'pgdata', size: 10 }]);
    expect(bodies.postgres!.containerTemplates![0]!.endpoints).toBeUndefined();
    expect(bodies['api-redis']!.containerTemplates!.map((c) => c.name)).toEqual(['api', 'redis']);
  });

  it('puts the account’s Docker Hub registry id in every container, or leaves it empty to be chosen when there is none', () => {
    for (const preset of PRESETS) {
      expect(presetValues(preset, REGISTRIES).containerTemplates!.map((c) => c.imageRegistryId)).toEqual(preset.body.containerTemplates!.map(() => '7'));
      expect(presetValues(preset, [REGISTRIES[0]!]).containerTemplates!.map((c) => c.imageRegistryId)).toEqual(preset.body.containerTemplates!.map(() => ''));
    }
    // Applying never changes the preset itself.
    expect(PRESETS[0]!.body.containerTemplates![0]!.imageRegistryId).toBe('docker.io');
  });
});
