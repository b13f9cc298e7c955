/**
 * One 200 MB download, in a fresh process, for the `console-200mb` case: `ours` sends `api get /huge` through
 * the core's console service (display cap, spool to disk), `peer` reads the same URL with node:http and drops
 * every byte. Prints how far resident memory rose above where it stood before the request, in bytes.
 */
import { get } from 'node:http';
import { rm } from 'node:fs/promises';
import { startCore } from '../../electron/core/testing/core-harness.js';

const EXPECTED_BYTES = 200 * 1024 * 1024;

/** Runs `work` and returns the highest resident size seen above the starting point, in bytes. */
async function riseDuring(work: () => Promise<void>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let sampled = before;
  const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  // The kernel's high-water mark is exact when it moved during the work; otherwise the samples are all we have.
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  const peak = maxAfter > maxBefore ? maxAfter : Math.max(sampled, process.memoryUsage.rss());
  return Math.max(0, peak - before);
}

async function ours(base: string): Promise<number> {
  const h = await startCore();
  try {
    const p = await h.call<{ id: string }>('settings.createProfile', { name: 'Big', endpoints: { apiUrl: base, containersUrl: base, videoUrl: base, loggingUrl: base } });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: 'bench-body-key-1234' });
    await h.call('settings.activateProfile', { id: p.id });
    return await riseDuring(async () => {
      const r = await h.core.invoke('console.send', { requestId: 'bench', line: 'api get /huge' });
      const size = r.ok ? (r.value as { size?: unknown }).size : undefined;
      if (size !== EXPECTED_BYTES) throw new Error(`console.send did not see the whole body: ${JSON.stringify(r.ok ? size : r.error)}`);
    });
  } finally {
    await h.core.close();
    await rm(h.dataDir, { recursive: true, force: true });
  }
}

function peer(base: string): Promise<number> {
  return riseDuring(
    () =>
      new Promise((resolve, reject) => {
        get(`${base}/huge`, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => (bytes === EXPECTED_BYTES ? resolve() : reject(new Error(`got ${bytes} bytes`))));
          res.on('error', reject);
        }).on('error', reject);
      }),
  );
}

const [which, base] = process.argv.slice(2);
if ((which !== 'ours' && which !== 'peer') || base === undefined) {
  process.stderr.write('usage: console-200mb-child.ts ours|peer <base URL>\n');
  process.exit(2);
}
process.stdout.write(`${which === 'ours' ? await ours(base) : await peer(base)}\n`);
