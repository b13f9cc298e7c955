/**
 * `upload-tus`: one file sent by the core's resumable uploader (`uploadTus`, tus 1.0 with bunny.net's signed
 * headers) against `curl -T` sending the same file, both to the count-only sink (upload-sink.py), in the same
 * run; one unmeasured upload of ours to the sandbox checks the size and SHA-256 of what arrived. Lines: throughput
 * (ratio, more is better), the sink's capacity against the faster client, CPU seconds per GB (ratio to curl's),
 * peak memory at 2 and 8 GiB and its growth (absolute), and the bytes the sandbox received twice when a PATCH is
 * cut midway through the file and the uploader resumes (absolute: at most one chunk), with curl's PUT cut at the
 * same point and sent again for scale.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadTusUploader } from '../../electron/core/videos/index.js';
import { bundleChild } from '../bundle.js';
import type { CaseResult } from '../line.js';
import { stdoutOf, usageOf, type Usage } from '../process.js';
import type { BenchCase } from './case.js';
import { randomFile } from './random-file.js';
import { createVideo, curl, startSandbox, warm, type Sandbox } from './upload-put.js';
import { counted, expectStored, sha256Of, sinkLine, startSink, type Counted } from './upload-sink.js';
import type { TusJob } from './upload-tus-child.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

async function admin<T>(s: Sandbox, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${s.apiUrl}/__admin${path}`, {
    method,
    headers: { AccessKey: s.accountKey, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} /__admin${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** No fault left unused: a cut that never happened would make the re-sent figure meaningless. */
async function expectCutHappened(s: Sandbox): Promise<void> {
  const { rules } = await admin<{ rules: unknown[] }>(s, 'GET', '/faults');
  if (rules.length > 0) {
    await admin(s, 'DELETE', '/faults');
    throw new Error(`the cut never reached the sandbox (rules left: ${JSON.stringify(rules)})`);
  }
}

function child(script: string, job: TusJob) {
  return { file: process.execPath, args: [script, JSON.stringify(job)] };
}

function job(s: Sandbox, file: string, videoId: string, chunkSize: number | undefined, cut?: TusJob['cut']): TusJob {
  const base = { file, videoUrl: s.videoUrl, apiUrl: s.apiUrl, accountKey: s.accountKey, libraryId: s.libraryId, libraryKey: s.key, videoId };
  return { ...base, ...(chunkSize !== undefined && { chunkSize }), ...(cut && { cut }) };
}

/**
 * Ours, timed like curl from spawn to exit (start-up included, as `upload-put` counts its command), with the peak
 * memory of that same run from GNU time; `ms` is the child's own clock around the upload, printed for contrast.
 */
async function ours(script: string, s: Sandbox, file: string, chunkSize: number | undefined): Promise<{ usage: Usage; ms: number; videoId: string }> {
  await warm(file);
  const videoId = await createVideo(s, 'bench tus');
  const usage = await usageOf(child(script, job(s, file, videoId, chunkSize)));
  const { ms } = JSON.parse(usage.stdout.trim()) as { ms: number };
  return { usage, ms, videoId };
}

/** Bytes received twice when the upload is cut after half the file went and our uploader resumes by itself. */
async function oursCut(script: string, s: Sandbox, file: string, size: number, sha256: string, chunk: number, chunkSize: number | undefined): Promise<number> {
  const videoId = await createVideo(s, 'bench tus cut');
  // Cut the next part partway, at an odd byte, so no buffer boundary lines up with it.
  const cut = { afterBytes: Math.floor(size / 2), partBytes: Math.floor(chunk / 2) + 12_345 };
  const report = JSON.parse((await stdoutOf(child(script, job(s, file, videoId, chunkSize, cut)))).trim()) as { armed: boolean };
  if (!report.armed) throw new Error('the uploader never reported half the file sent, so no cut was armed');
  await expectCutHappened(s);
  return (await expectStored(s, videoId, size, sha256)) - size;
}

/** The same cut for curl: its PUT is reset once half the file arrived, and it can only send the file again. */
async function curlCut(s: Sandbox, file: string, size: number, sha256: string): Promise<number> {
  const videoId = await createVideo(s, 'bench peer cut');
  const path = `${new URL(s.videoUrl).pathname}/library/${s.libraryId}/videos/${videoId}`;
  await admin(s, 'POST', '/faults', { method: 'PUT', path, action: { kind: 'reset-after-body-bytes', bytes: Math.floor(size / 2) } });
  const put = () => promisify(execFile)('curl', ['-sS', '--fail', '-o', '/dev/null', '-H', 'Expect:', '-H', `AccessKey: ${s.key}`, '-T', file, `${s.videoUrl}/library/${s.libraryId}/videos/${videoId}`]);
  const first = await put().then(() => 'completed', () => 'cut');
  if (first !== 'cut') throw new Error('curl completed through the cut');
  await expectCutHappened(s);
  // Sent again at once, as a user retrying would: the sandbox lets a new PUT take over the cut one.
  await put();
  return (await expectStored(s, videoId, size, sha256)) - size;
}

export const uploadTusCase: BenchCase = {
  name: 'upload-tus',
  needs: [],
  async run(ctx) {
    const { smoke } = ctx;
    // A smoke round checks the harness with small files (and chunks small enough to cut one); the gates are about 2 and 8 GiB.
    const size = smoke ? 64 * MiB : 2 * GiB;
    const big = smoke ? 256 * MiB : 8 * GiB;
    const chunkSize = smoke ? 8 * MiB : undefined;
    const chunk = chunkSize ?? (await loadTusUploader()).TUS_CHUNK_SIZE;
    const file = await randomFile(join(ctx.root, '.bench-data'), size);
    const bigFile = await randomFile(join(ctx.root, '.bench-data'), big);
    const script = await bundleChild(ctx.root, 'upload-tus-child');
    const s = await startSandbox(ctx.root);
    const sink = await startSink(ctx.root, s);
    const to = { ...s, videoUrl: sink.videoUrl };
    try {
      const sha256 = await sha256Of(file);
      // Unmeasured: the sandbox hashes what arrives, and must hold exactly the file.
      await expectStored(s, (await ours(script, s, file, chunkSize)).videoId, size, sha256);
      const o: { usage: Usage; ms: number }[] = [];
      const p: Usage[] = [];
      const sinkUnderCurl: Counted[] = [];
      const oResent: number[] = [];
      const pResent: number[] = [];
      const mbps = (ms: number) => size / 1e6 / (ms / 1000);
      // CPU per GB of each run: user and system seconds (GNU time) over the bytes the file holds.
      const cpu = (u: Usage) => u.cpuS / (size / 1e9);
      for (let i = 0; i < ctx.rounds; i++) {
        const mine = await ours(script, to, file, chunkSize);
        await counted(sink, mine.videoId, size);
        o.push(mine);
        const peer = await curl(to, file);
        sinkUnderCurl.push(await counted(sink, peer.videoId, size));
        p.push(peer);
        oResent.push((await oursCut(script, s, file, size, sha256, chunk, chunkSize)) / MiB);
        pResent.push((await curlCut(s, file, size, sha256)) / MiB);
        ctx.log(
          `upload-tus round ${i + 1}/${ctx.rounds}: ours ${mbps(mine.usage.wallMs).toFixed(0)} MB/s (${mbps(mine.ms).toFixed(0)} without its process start), ` +
            `${cpu(mine.usage).toFixed(2)} s/GB, ${mine.usage.rssMiB.toFixed(1)} MiB peak, ${oResent.at(-1)!.toFixed(1)} MiB re-sent after a cut; ` +
            `curl ${mbps(peer.wallMs).toFixed(0)} MB/s, ${cpu(peer).toFixed(2)} s/GB, ${peer.rssMiB.toFixed(1)} MiB peak, ${pResent.at(-1)!.toFixed(1)} MiB re-sent; ` +
            `the sink under curl ${(sinkUnderCurl.at(-1)!.cpuMs / 1000 / (size / 1e9)).toFixed(2)} s/GB`,
        );
      }
      // The big file once each, for the memory lines: a client that holds more as the file grows shows it here.
      const oBig = await ours(script, to, bigFile, chunkSize);
      const pBig = await curl(to, bigFile);
      for (const id of [oBig.videoId, pBig.videoId]) await counted(sink, id, big);
      ctx.log(`upload-tus big file: ours ${oBig.usage.rssMiB.toFixed(1)} MiB peak, ${(oBig.usage.cpuS / (big / 1e9)).toFixed(2)} s/GB; curl ${pBig.rssMiB.toFixed(1)} MiB peak, ${(pBig.cpuS / (big / 1e9)).toFixed(2)} s/GB`);
      const oMbps = o.map((r) => mbps(r.usage.wallMs));
      const pMbps = p.map((u) => mbps(u.wallMs));
      const oRss = Math.max(...o.map((r) => r.usage.rssMiB));
      const pRss = Math.max(...p.map((u) => u.rssMiB));
      const results: CaseResult[] = [
        { name: 'upload-tus', unit: 'MB/s', ours: oMbps, peerName: 'curl -T', peer: pMbps, gate: { op: '>=', value: 0.8 } },
        sinkLine('upload-tus', size, sinkUnderCurl, oMbps, pMbps),
        { name: 'upload-tus-cpu', unit: 's/GB', ours: o.map((r) => cpu(r.usage)), peerName: 'curl -T', peer: p.map(cpu), gate: { op: '<=', value: 1.5 } },
        { name: 'upload-tus-rss-2g', unit: 'MiB', ours: o.map((r) => r.usage.rssMiB), peerName: 'curl -T', peer: p.map((u) => u.rssMiB), gate: { op: '<=', value: 100, unit: 'MiB' } },
        { name: 'upload-tus-rss-8g', unit: 'MiB', ours: [oBig.usage.rssMiB], peerName: 'curl -T', peer: [pBig.rssMiB], gate: { op: '<=', value: 100, unit: 'MiB' } },
        { name: 'upload-tus-rss-growth', unit: 'MiB', ours: [Math.abs(oBig.usage.rssMiB - oRss)], peerName: 'curl -T', peer: [Math.abs(pBig.rssMiB - pRss)], gate: { op: '<=', value: 16, unit: 'MiB' } },
        { name: 'upload-tus-resend', unit: 'MiB', ours: oResent, peerName: 'curl -T (a PUT restarts)', peer: pResent, gate: { op: '<=', value: chunk / MiB, unit: 'MiB' } },
      ];
      return results;
    } finally {
      sink.child.kill('SIGTERM');
      s.child.kill('SIGTERM');
    }
  },
};
