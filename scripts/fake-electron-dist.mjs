#!/usr/bin/env node
/**
 * Writes a stand-in Electron distribution to .cache/fake-electron-dist, so `electron-builder --linux dir`
 * can package offline (the real zip comes from GitHub). The app in it cannot run; what it checks is the
 * config schema, the `files` globs, the asar contents and the fuses.
 *
 * The stub binary carries an Electron fuse wire (sentinel, version 1, eight fuses at Electron's defaults),
 * so electron-builder's @electron/fuses step really flips it and check-asar.mjs can read the result back.
 */
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.cache', 'fake-electron-dist');

/** The marker @electron/fuses looks for in an Electron binary. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's shipped defaults, in wire order: runAsNode, cookieEncryption, nodeOptions, nodeCliInspect, asarIntegrity, onlyLoadAppFromAsar, v8Snapshot, fileProtocolPrivileges. */
const DEFAULT_WIRE = '10110001';

const { version } = JSON.parse(await readFile(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'));

await rm(out, { recursive: true, force: true });
await mkdir(join(out, 'resources'), { recursive: true });
const script = '#!/bin/sh\necho "fake Electron dist for packaging checks; it cannot run" >&2\nexit 1\n';
const wire = Buffer.concat([Buffer.from(`# ${FUSE_SENTINEL}`), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(DEFAULT_WIRE), Buffer.from('\n')]);
await writeFile(join(out, 'electron'), Buffer.concat([Buffer.from(script), wire]));
await chmod(join(out, 'electron'), 0o755);
await writeFile(join(out, 'version'), version);
await writeFile(join(out, 'LICENSE'), 'Stand-in for the Electron license file.\n');
await writeFile(join(out, 'LICENSES.chromium.html'), '<!doctype html><title>Stand-in</title>\n');
console.log(`fake-electron-dist: Electron ${version} stub in ${out.slice(root.length + 1)}`);
