import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// js-yaml and @electron/fuses come with electron-builder; they are only read here, never shipped.
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const fuses = require('@electron/fuses') as { FuseV1Options: Record<string, string | number> };

const configUrl = new URL('../../electron-builder.yml', import.meta.url);
const config = yaml.load(readFileSync(configUrl, 'utf8')) as Record<string, unknown>;

/** The fuse settings the packaged binary must carry: no running as plain Node, no inspector, only the packed app code. */
const WANTED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
};

describe('electron-builder.yml', () => {
  it('identifies the app and packs only the bundles into an asar', () => {
    expect(config.appId).toBe('net.burrow.app');
    expect(config.productName).toBe('Burrow');
    expect(config.asar).toBe(true);
    expect(config.npmRebuild).toBe(false);
    expect(config.files).toEqual(['dist/**', 'dist-electron/**', 'package.json', '!node_modules/**', '!**/*.map']);
  });

  it('sets every fuse to the wanted value', () => {
    expect(config.electronFuses).toEqual(WANTED_FUSES);
  });

  it('leaves no fuse to its default: every fuse @electron/fuses knows has an explicit value (strictlyRequireAllFuses)', () => {
    const names = Object.values(fuses.FuseV1Options).filter((v): v is string => typeof v === 'string');
    expect(names.length).toBeGreaterThanOrEqual(8);
    const keys = names.map((n) => n[0]?.toLowerCase() + n.slice(1));
    const set = config.electronFuses as Record<string, unknown>;
    for (const key of keys) expect(typeof set[key], key).toBe('boolean');
  });

  it('only uses fuse keys electron-builder’s schema accepts', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    for (const key of Object.keys(WANTED_FUSES)) expect(known, key).toContain(key);
    // Everything in the schema except the macOS signing helper is a fuse and must be set.
    for (const key of known.filter((k) => k !== 'resetAdHocDarwinSignature')) expect(WANTED_FUSES, key).toHaveProperty(key);
  });

  it('targets AppImage, deb and dir on Linux, dmg on macOS, nsis on Windows', () => {
    expect((config.linux as { target: string[] }).target).toEqual(['AppImage', 'deb', 'dir']);
    expect((config.mac as { target: string }).target).toBe('dmg');
    expect((config.win as { target: string }).target).toBe('nsis');
  });
});
