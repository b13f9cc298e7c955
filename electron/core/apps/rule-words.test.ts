/** Every member of the create request has words for people: a label as the form shows it and its rule. */
import { describe, expect, it } from 'vitest';
import { fieldRuleAt, parsePath, ruleProblem, serverFieldMessage } from '../../../shared/apps/app-rules.js';
import { fullApp } from '../../../sandbox/apps/testing/harness.js';

/** Every path in a value, objects and arrays included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
}

describe('the words of the create request’s rules', () => {
  it('name every member of the full app (every field the form has)', () => {
    const paths = pathsOf(fullApp()).filter((p) => !(p[p.length - 2] === 'nodeSelectors'));
    expect(paths.length).toBeGreaterThan(60);
    const missing = paths.filter((p) => fieldRuleAt(p) === undefined).map((p) => p.join('.'));
    expect(missing).toEqual([]);
  });

  it('name the rows around a field, by name where the row has one', () => {
    const body = { containerTemplates: [{ name: 'web', endpoints: [{ displayName: 'site', cdn: {} }], probes: {} }], volumes: [{}, { name: 'logs' }] };
    expect(ruleProblem(['containerTemplates', 0, 'endpoints', 0, 'cdn', 'portMappings', 0, 'containerPort'], body, 'rule').placedMessage).toBe(
      'Container 1 (web) › Endpoint 1 (site) › CDN › Port mapping 1 › Container port: a port number, 1–65535',
    );
    expect(ruleProblem(['containerTemplates', 0, 'probes', 'liveness', 'periodSeconds'], body, 'missing').placedMessage).toBe(
      'Container 1 (web) › Liveness probe › Period: required (a whole number of seconds, 1–3600)',
    );
    expect(ruleProblem(['volumes', 1, 'size'], body, 'rule').placedMessage).toBe('Volume 2 (logs) › Size (GB): a whole number of GB, 1–100');
    expect(ruleProblem(['volumes', 0, 'size'], body, 'rule').placedMessage).toBe('Volume 1 › Size (GB): a whole number of GB, 1–100');
  });

  it('keep the platform’s text for a server error on a field Burrow has no words for, and never read Object’s members as fields', () => {
    expect(serverFieldMessage('__proto__', 'odd')).toEqual({ message: 'odd' });
    expect(serverFieldMessage('constructor', 'odd')).toEqual({ message: 'odd' });
    expect(serverFieldMessage('$', 'whole')).toEqual({ message: 'whole' });
    expect(serverFieldMessage('autoScaling.min', 'Too low.')).toEqual({ message: 'Minimum instances per region: a whole number, 1–1000', platformSays: 'Too low.' });
    expect(parsePath('containerTemplates[1].endpoints[0].cdn')).toEqual(['containerTemplates', 1, 'endpoints', 0, 'cdn']);
  });
});
