import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, METHOD_NAMES } from './channels.js';
import { areas, events, methods } from './index.js';

// Which name prefixes each area file may define: one area, one set of names.
const PREFIXES: Record<keyof typeof areas, readonly string[]> = {
  app: ['desktop.'],
  files: ['files.'],
  settings: ['settings.'],
  console: ['console.'],
  videos: ['videos.'],
  logs: ['logs.'],
  apps: ['apps.'],
};

describe('the contract', () => {
  it('and shared/contract/channels.ts name exactly the same methods and events', () => {
    expect(Object.keys(methods).sort()).toEqual([...METHOD_NAMES].sort());
    expect(Object.keys(events).sort()).toEqual([...EVENT_NAMES].sort());
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('defines each name in exactly one area file, under that area’s prefixes', () => {
    const seen = new Map<string, string>();
    for (const [area, contract] of Object.entries(areas)) {
      for (const name of [...Object.keys(contract.methods), ...Object.keys(contract.events)]) {
        expect(seen.get(name), `${name} is defined by ${seen.get(name)} and ${area}`).toBeUndefined();
        seen.set(name, area);
        expect(PREFIXES[area as keyof typeof areas].some((p) => name.startsWith(p)), `${name} does not belong in ${area}`).toBe(true);
      }
    }
    expect(seen.size).toBe(METHOD_NAMES.length + EVENT_NAMES.length);
  });

  it('names methods area.verb and events area.noun', () => {
    for (const name of [...METHOD_NAMES, ...EVENT_NAMES]) expect(name).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
  });
});
