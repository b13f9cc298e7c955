/**
 * A process that races for an upload queue's lock (lock.test.ts): prints "ready", waits for a line on stdin, tries
 * the lock once, prints "owner" or "refused <code>", and holds what it got until stdin ends.
 */
import { createInterface } from 'node:readline';
import { acquireLock } from '../queue/lock.js';

const dir = process.argv[2] ?? '';
const input = createInterface({ input: process.stdin });
const lines = input[Symbol.asyncIterator]();
process.stdout.write('ready\n');
await lines.next();
let release = async (): Promise<void> => {};
try {
  const lock = await acquireLock(dir);
  release = () => lock.release();
  process.stdout.write('owner\n');
} catch (e) {
  process.stdout.write(`refused ${(e as { error?: { code?: string } }).error?.code ?? String(e)}\n`);
}
// Holds the lock until the test has heard from every racer.
for (;;) if ((await lines.next()).done) break;
await release();
