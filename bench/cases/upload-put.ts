/**
 * `upload-put`: one file streamed by `burrow videos upload` (the same core queue and runner the app uses) against
 * `curl -T` sending the same file, both to a sink that only counts what arrives (upload-sink.py), so the client
 * is what is measured; one unmeasured upload of ours to the sandbox checks the size and SHA-256 of what arrived.
 * Lines: throughput (ratio, more is better), the sink's capacity against the faster client, peak memory at 2 GiB
 * and at 8 GiB (absolute), how much the peak grows from 2 to 8 GiB (absolute), and CPU seconds per GB sent over
 * all runs (ratio to curl's).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { CaseResult } from '../line.js';
import { usageOf, type Usage } from '../process.js';
import type { BenchCase, CaseContext } from './case.js';
import { randomFile } from './random-file.js';
import { counted, expectStored, sha256Of, sinkLine, startSink, type Counted } from './upload-sink.js';

const GiB = 1024 ** 3;
const GB = 1e9;

/** A sandbox process that counts and hashes uploads without storing them. */
export interface Sandbox {
  readonly videoUrl: string;
  readonly libraryId: number;
  readonly key: string;
  /** Where `/__admin` answers (faults, upload accounting), with the account key. */
  readonly apiUrl: string;
  readonly accountKey: string;
  readonly child: ChildProcess;
}

/** Starts `sandbox/main.ts --discard-uploads` and reads its first line (the addresses and keys). */
export async function startSandbox(root: string): Promise<Sandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'sandbox/main.ts'), '--discard-uploads'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  lines.close();
  const info = JSON.parse(first) as { videoUrl: string; apiUrl: string; accountKey: string; libraries: { id: number; key: string }[] };
  const lib = info.libraries[0]!;
  return { videoUrl: info.videoUrl, libraryId: lib.id, key: lib.key, apiUrl: info.apiUrl, accountKey: info.accountKey, child };
}

/** Creates a video in the sandbox's first library and returns its guid. */
export async function createVideo(s: Pick<Sandbox, 'videoUrl' | 'libraryId' | 'key'>, title: string): Promise<string> {
  const res = await fetch(`${s.videoUrl}/library/${s.libraryId}/videos`, {
    method: 'POST',
    headers: { AccessKey: s.key, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ title }),
  });
  if (!res.ok) throw new Error(`create video: ${res.status}`);
  return ((await res.json()) as { guid: string }).guid;
}

/**
 * Reads the whole file once, unmeasured, so every measured run finds it in the page cache. Whether the disk or
 * the cache serves a read changes its CPU cost several times over in this VM, and would favour whichever side
 * happened to run second; warm, both sides pay only for what they themselves do.
 */
export async function warm(file: string): Promise<void> {
  const stream = createReadStream(file, { highWaterMark: 8 * 1024 * 1024 });
  for await (const _ of stream) {
    // Only the reading matters.
  }
}

/** Where an upload goes: the sandbox itself or the sink in front of it (same library and key). */
type Target = Pick<Sandbox, 'videoUrl' | 'libraryId' | 'key'>;

/** The video the command uploaded into, from its JSON lines. */
function videoOf(stdout: string): string {
  for (const line of stdout.split('\n')) {
    const id = line.startsWith('{') ? (JSON.parse(line) as { videoId?: string | null }).videoId : undefined;
    if (id) return id;
  }
  throw new Error(`no video id in the upload's output: ${stdout.slice(0, 300)}`);
}

async function ours(ctx: CaseContext, s: Target, file: string): Promise<Usage & { videoId: string }> {
  await warm(file);
  // A fresh queue folder each time, so the upload history never turns the run into a "previously uploaded" skip.
  const state = mkdtempSync(join(tmpdir(), 'burrow-bench-queue-'));
  try {
    const usage = await usageOf({
      file: process.execPath,
      // This case measures the plain PUT: files of a gigabyte and more would otherwise go resumable by themselves.
      args: [join(ctx.root, 'bin/burrow.cjs'), 'videos', 'upload', file, '--library', String(s.libraryId), '--no-wait', '--json', '--resumable-over', '1024TiB'],
      env: { BURROW_STATE_DIR: state, BURROW_VIDEO_URL: s.videoUrl, BUNNYNET_LIBRARY_KEY: s.key },
    });
    return { ...usage, videoId: videoOf(usage.stdout) };
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

/** `curl -T` of the file to a video created for it, under GNU time. */
export async function curl(s: Target, file: string): Promise<Usage & { videoId: string }> {
  await warm(file);
  const videoId = await createVideo(s, 'bench peer');
  // No "Expect: 100-continue" round trip: our client does not make one either.
  const usage = await usageOf({
    file: 'curl',
    args: ['-sS', '--fail', '-o', '/dev/null', '-H', 'Expect:', '-H', `AccessKey: ${s.key}`, '-T', file, `${s.videoUrl}/library/${s.libraryId}/videos/${videoId}`],
  });
  return { ...usage, videoId };
}

export const uploadPut: BenchCase = {
  name: 'upload-put',
  needs: ['build:cli'],
  async run(ctx) {
    const { smoke } = ctx;
    // A smoke round checks the harness with small files; the gates are about the real sizes.
    const small = smoke ? 64 * 1024 ** 2 : 2 * GiB;
    const big = smoke ? 256 * 1024 ** 2 : 8 * GiB;
    const dataDir = join(ctx.root, '.bench-data');
    const smallFile = await randomFile(dataDir, small);
    const bigFile = await randomFile(dataDir, big);
    const s = await startSandbox(ctx.root);
    const sink = await startSink(ctx.root, s);
    const to = { ...s, videoUrl: sink.videoUrl };
    try {
      // Unmeasured: the sandbox hashes what arrives, and must hold exactly the file.
      const checked = await ours(ctx, s, smallFile);
      await expectStored(s, checked.videoId, small, await sha256Of(smallFile));
      const o: Usage[] = [];
      const p: Usage[] = [];
      const sinkUnderCurl: Counted[] = [];
      const mbps = (u: Usage) => small / 1e6 / (u.wallMs / 1000);
      for (let i = 0; i < ctx.rounds; i++) {
        const mine = await ours(ctx, to, smallFile);
        await counted(sink, mine.videoId, small);
        o.push(mine);
        const peer = await curl(to, smallFile);
        sinkUnderCurl.push(await counted(sink, peer.videoId, small));
        p.push(peer);
        const cpuGb = (u: Usage) => (u.cpuS / (small / GB)).toFixed(2);
        const sinkCpu = sinkUnderCurl.at(-1)!.cpuMs / 1000;
        ctx.log(
          `upload-put round ${i + 1}/${ctx.rounds}: ours ${mbps(mine).toFixed(0)} MB/s ${cpuGb(mine)} s/GB, curl ${mbps(peer).toFixed(0)} MB/s ${cpuGb(peer)} s/GB; ` +
            `the sink under curl: ${(sinkCpu / (small / GB)).toFixed(2)} s/GB, ${((100 * sinkCpu) / (peer.wallMs / 1000)).toFixed(0)} % of a core`,
        );
      }
      // The big file twice each, in the order ours, curl, curl, ours, so neither side always goes first.
      const oBig1 = await ours(ctx, to, bigFile);
      const pBig1 = await curl(to, bigFile);
      const pBig2 = await curl(to, bigFile);
      const oBig2 = await ours(ctx, to, bigFile);
      for (const u of [oBig1, pBig1, pBig2, oBig2]) await counted(sink, u.videoId, big);
      const oBig = oBig1.rssMiB >= oBig2.rssMiB ? oBig1 : oBig2;
      const pBig = pBig1.rssMiB >= pBig2.rssMiB ? pBig1 : pBig2;
      const perGb = (u: Usage) => (u.cpuS / (big / GB)).toFixed(2);
      ctx.log(`upload-put big file: ours ${oBig.rssMiB.toFixed(1)} MiB peak, ${perGb(oBig1)} and ${perGb(oBig2)} s/GB; curl ${pBig.rssMiB.toFixed(1)} MiB peak, ${perGb(pBig1)} and ${perGb(pBig2)} s/GB`);
      const rss = (u: Usage) => u.rssMiB;
      // CPU per GB sent: all the CPU of every run over all the bytes of every run, so an 8 GiB upload weighs four
      // times a 2 GiB one and the fixed cost of starting the command is spread the way real uploads spread it.
      const cpuPerGb = (runs: readonly Usage[], bigRuns: readonly Usage[]) =>
        [...runs, ...bigRuns].reduce((t, u) => t + u.cpuS, 0) / ((runs.length * small + bigRuns.length * big) / GB);
      const oRss = Math.max(...o.map(rss));
      const pRss = Math.max(...p.map(rss));
      const results: CaseResult[] = [
        { name: 'upload-put', unit: 'MB/s', ours: o.map(mbps), peerName: 'curl -T', peer: p.map(mbps), gate: { op: '>=', value: 0.9 } },
        sinkLine('upload-put', small, sinkUnderCurl, o.map(mbps), p.map(mbps)),
        { name: 'upload-put-rss-2g', unit: 'MiB', ours: o.map(rss), peerName: 'curl -T', peer: p.map(rss), gate: { op: '<=', value: 150, unit: 'MiB' } },
        { name: 'upload-put-rss-8g', unit: 'MiB', ours: [oBig.rssMiB], peerName: 'curl -T', peer: [pBig.rssMiB], gate: { op: '<=', value: 150, unit: 'MiB' } },
        {
          name: 'upload-put-rss-growth',
          unit: 'MiB',
          ours: [Math.abs(oBig.rssMiB - oRss)],
          peerName: 'curl -T',
          peer: [Math.abs(pBig.rssMiB - pRss)],
          gate: { op: '<=', value: 16, unit: 'MiB' },
        },
        { name: 'upload-put-cpu', unit: 's/GB', ours: [cpuPerGb(o, [oBig1, oBig2])], peerName: 'curl -T', peer: [cpuPerGb(p, [pBig1, pBig2])], gate: { op: '<=', value: 1.25 } },
      ];
      return results;
    } finally {
      sink.child.kill('SIGTERM');
      s.child.kill('SIGTERM');
    }
  },
};
