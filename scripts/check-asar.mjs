#!/usr/bin/env node
/**
 * After `electron-builder --linux dir` (npm run package:check): the app.asar holds the bundles and the
 * renderer, and no node_modules or source maps; and the packaged binary's fuse wire matches
 * electron-builder.yml's electronFuses, every fuse set explicitly.
 */
import { listPackage } from '@electron/asar';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const unpacked = join(root, 'release', 'linux-unpacked');
const archive = join(unpacked, 'resources', 'app.asar');
const problems = [];

// Part 1: what is inside the archive.
const entries = listPackage(archive, { isPack: false }).map((p) => p.split('\\').join('/'));
for (const required of ['/package.json', '/dist-electron/main.cjs', '/dist-electron/preload.cjs', '/dist/renderer/index.html']) {
  if (!entries.includes(required)) problems.push(`missing from app.asar: ${required}`);
}
const modules = entries.filter((p) => p === '/node_modules' || p.startsWith('/node_modules/'));
if (modules.length > 0) problems.push(`app.asar contains node_modules (${modules.length} entries, e.g. ${modules[0]})`);
const maps = entries.filter((p) => p.endsWith('.map'));
if (maps.length > 0) problems.push(`app.asar contains source maps: ${maps.slice(0, 3).join(', ')}`);
const strays = entries.filter((p) => /^\/(electron|renderer|shared|sandbox|src|scripts|e2e|\.git)(\/|$)/.test(p));
if (strays.length > 0) problems.push(`app.asar contains sources: ${strays.slice(0, 3).join(', ')}`);

// Part 2: the fuses electron-builder flipped in the (stub) binary.
const yaml = require('js-yaml');
const { FuseV1Options, getCurrentFuseWire } = require('@electron/fuses');
// Fuse states are ASCII digits in the wire: '1' enabled, '0' disabled (@electron/fuses does not export them).
const ENABLED = 0x31;
const DISABLED = 0x30;
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const wanted = config?.electronFuses ?? {};
const executable = join(unpacked, config?.linux?.executableName ?? 'burrow');
const wire = await getCurrentFuseWire(executable);
const wireLength = Object.keys(wire).filter((k) => k !== 'version').length;
if (wireLength === 0) problems.push('the packaged binary has an empty fuse wire');
for (let index = 0; index < wireLength; index++) {
  const name = FuseV1Options[index];
  const key = typeof name === 'string' ? name[0].toLowerCase() + name.slice(1) : undefined;
  if (!key || typeof wanted[key] !== 'boolean') {
    problems.push(`fuse ${name ?? index} is not set explicitly in electron-builder.yml`);
    continue;
  }
  const expected = wanted[key] ? ENABLED : DISABLED;
  if (wire[index] !== expected) problems.push(`fuse ${name} is ${String.fromCharCode(wire[index])} in the binary, wanted ${wanted[key] ? 1 : 0}`);
}

const size = statSync(archive).size;
if (problems.length > 0) {
  for (const p of problems) console.error(`check-asar: ${p}`);
  console.error(`check-asar: FAILED (${problems.length} problem${problems.length === 1 ? '' : 's'})`);
  process.exit(1);
}
console.log(`check-asar: ok (app.asar ${(size / 1024 / 1024).toFixed(2)} MB, ${entries.length} entries, no node_modules; ${wireLength} fuses as configured)`);
