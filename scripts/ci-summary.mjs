// Prints the one line CI reads: "N passed, N failed", counting vitest tests, Playwright tests and the other gates.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const notes = [];

const steps = existsSync('reports/steps.txt') ? readFileSync('reports/steps.txt', 'utf8').trim().split('\n').filter(Boolean) : [];
const testSteps = new Set(['unit', 'e2e']);
for (const line of steps) {
  const [state, name] = line.split(' ');
  if (testSteps.has(name)) continue; // counted from their reports below
  if (state === 'pass') passed++;
  else {
    failed++;
    notes.push(`gate failed: ${name}`);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const vitest = readJson('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A suite that failed to load has no failed tests of its own; count it.
  const brokenFiles = (vitest.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed'));
  failed += brokenFiles.length;
  for (const f of brokenFiles) notes.push(`test file failed to run: ${f.name}`);
} else if (steps.some((l) => l.endsWith(' unit'))) {
  failed++;
  notes.push('no vitest report');
}

const pw = readJson('reports/playwright.json');
if (pw?.stats) {
  passed += pw.stats.expected ?? 0;
  failed += (pw.stats.unexpected ?? 0) + (pw.stats.flaky ?? 0);
  skipped += pw.stats.skipped ?? 0;
  if ((pw.errors ?? []).length > 0) {
    failed += pw.errors.length;
    notes.push('playwright reported errors outside tests');
  }
} else if (steps.some((l) => l.endsWith(' e2e'))) {
  failed++;
  notes.push('no playwright report');
}

for (const n of notes) console.log(`::: ${n}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
