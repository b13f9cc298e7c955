#!/usr/bin/env node
/**
 * Security gate over electronegativity. The tool always exits 0 and its
 * SARIF drops severities, so this script reads its CSV and decides:
 *   - any HIGH or MEDIUM finding blocks, except PRELOAD_JS_CHECK (it flags every preload, review-only);
 *   - any NODE_INTEGRATION_* finding blocks whatever its severity (the tool under-rates it);
 *   - an `eng-disable` without a `reason:` blocks.
 *
 * What is scanned: the sources that ship in the Electron app, staged into .cache/electronegativity/scan
 * with their repo-relative paths: electron/main, electron/preload, renderer/ (for index.html's CSP and the
 * page code) and package.json. Tests are left out (they hold hostile URLs and fake electron objects on
 * purpose), and so is electron/core, which may not import electron at all (a lint rule); its only finding
 * would be `ports.openExternal(url)`, a port that main implements behind the allow-list.
 * Sources, not bundles: the tool matches `new BrowserWindow` by identifier and finds nothing in esbuild output.
 *
 * Usage: node scripts/electronegativity-gate.mjs [--input <dir>]   (--input scans that folder as-is instead)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ELECTRON_VERSION = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
const SCANNED = ['electron/main', 'electron/preload', 'renderer', 'package.json'];
const EXTENSIONS = new Set(['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.html', '.htm', '.json']);
const REVIEW_ONLY = new Set(['PRELOAD_JS_CHECK']);
const report = join(root, 'reports', 'electronegativity.csv');

function stage() {
  const scan = join(root, '.cache', 'electronegativity', 'scan');
  rmSync(scan, { recursive: true, force: true });
  const copy = (rel) => {
    const from = join(root, rel);
    if (!existsSync(from)) return;
    if (statSync(from).isDirectory()) {
      for (const name of readdirSync(from)) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        copy(join(rel, name));
      }
      return;
    }
    if (!EXTENSIONS.has(extname(rel)) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(rel)) return;
    mkdirSync(dirname(join(scan, rel)), { recursive: true });
    cpSync(from, join(scan, rel));
  };
  for (const rel of SCANNED) copy(rel);
  return scan;
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath ?? d.path, d.name));
}

const inputFlag = process.argv.indexOf('--input');
const input = inputFlag > 0 ? resolve(process.argv[inputFlag + 1] ?? '.') : stage();

// Rows: ID,"SEVERITY","CONFIDENCE","file","line:col",<sample, unquoted, may hold commas>,"description",url
const ROW = /^([A-Z0-9_]+),"([A-Z]+)","([A-Z]+)","([^"]*)","(\d+:\d+)",/;
const bin = join(root, 'node_modules', '.bin', 'electronegativity');

/** One scan; the report's lines, or null when the tool wrote no report. */
function scan() {
  mkdirSync(dirname(report), { recursive: true });
  rmSync(report, { force: true });
  const run = spawnSync(
    bin,
    ['-i', input, '-r', '-v', 'false', '-e', ELECTRON_VERSION, '-x', 'AvailableSecurityFixesGlobalCheck', '-o', report],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error || !existsSync(report)) {
    console.error(run.stdout ?? '', run.stderr ?? '', run.error ?? '');
    return null;
  }
  return readFileSync(report, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
}

// The tool writes the CSV header and the rows with two writes it does not wait for, so now and then the header
// lands over the start of the first row. Such a report is unreadable, not a finding: the scan runs again (at most
// three times in all) and a report that stays garbled fails the gate.
const wellFormed = (lines) => /^issue,/.test(lines[0] ?? '') && lines.slice(1).every((line) => ROW.test(line));
let lines = null;
for (let attempt = 1; attempt <= 3; attempt++) {
  lines = scan();
  if (lines === null) {
    console.error('electronegativity: FAILED (the scan did not produce a report)');
    process.exit(1);
  }
  if (wellFormed(lines)) break;
  if (attempt < 3) console.log(`  the report came out garbled (attempt ${attempt}); scanning again`);
}
if (!/^issue,/.test(lines[0] ?? '')) {
  console.error('electronegativity: FAILED (unexpected report format)');
  process.exit(1);
}
const findings = lines.slice(1).map((line) => {
  const m = ROW.exec(line);
  if (!m) return { id: 'UNPARSED_ROW', severity: 'HIGH', confidence: '', file: '', location: '', line };
  return { id: m[1], severity: m[2], confidence: m[3], file: m[4], location: m[5], line };
});

const blocking = findings.filter(
  (f) => f.id.startsWith('NODE_INTEGRATION_') || ((f.severity === 'HIGH' || f.severity === 'MEDIUM') && !REVIEW_ONLY.has(f.id)),
);

// Every suppression must say why.
const unexplained = listFiles(input)
  .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((text, i) => ({ file, text, i })))
  .filter(({ text }) => text.includes('eng-disable') && !text.includes('reason:'))
  .map(({ file, i }) => `${relative(input, file)}:${i + 1}`);

for (const f of blocking) console.error(`  BLOCKING ${f.id} ${f.severity}/${f.confidence} ${f.file}:${f.location}`);
for (const where of unexplained) console.error(`  BLOCKING eng-disable without "reason:" at ${where}`);
const others = findings.filter((f) => !blocking.includes(f));
for (const f of others) console.log(`  note ${f.id} ${f.severity}/${f.confidence} ${f.file}:${f.location}`);

const total = blocking.length + unexplained.length;
const summary = `electronegativity (Electron ${ELECTRON_VERSION}): ${total} blocking, ${others.length} non-blocking of ${findings.length} findings; report ${relative(root, report)}`;
if (total > 0) {
  console.error(`${summary}: FAILED`);
  process.exit(1);
}
console.log(`${summary}: ok`);
