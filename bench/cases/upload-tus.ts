/**
 * `upload-tus`: one file sent by the core's resumable uploader (`uploadTus`, tus 1.0 with bunny.net's signed
 * headers) against `curl -T` sending the same file, both to the same sandbox sink (counts and hashes, stores
 * nothing), in the same run. Lines: throughput (ratio, more is better), peak memory at 2 GiB (absolute), and the
 * bytes the sandbox received twice when a PATCH is cut midway through the file and the uploader resumes
 * (absolute: at most one chunk), with curl's PUT cut at the same point and sent again for scale.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TUS_CHUNK_SIZE } from '../../electron/core/videos/index.js';
import { bundleChild } from '../bundle.js';
import type { CaseResult } from '../line.js';
import { stdoutOf, usageOf, type Usage } from '../process.js';
import type { BenchCase } from './case.js';
import { randomFile } from './random-file.js';
import { createVideo, curl, startSandbox, warm, type Sandbox } from './upload-put.js';
import type { TusJob } from './upload-tus-child.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** What the sandbox counted for one video. */
interface Arrived {
  readonly state: string;
  readonly size: number | null;
  readonly bytesReceived: number;
}

async function admin<T>(s: Sandbox, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${s.apiUrl}/__admin${path}`, {
    method,
    headers: { AccessKey: s.accountKey, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} /__admin${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Fails the bench unless the video holds exactly `size` bytes; returns how many bytes it took in. */
async function received(s: Sandbox, videoId: string, size: number): Promise<number> {
  const seen = await admin<Arrived>(s, 'GET', `/videos/${s.libraryId}/${videoId}`);
  if (seen.state !== 'stored' || seen.size !== size) throw new Error(`the sandbox holds ${JSON.stringify(seen)} for a ${size}-byte upload`);
  return seen.bytesReceived;
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
async function ours(script: string, s: Sandbox, file: string, size: number, chunkSize: number | undefined): Promise<{ usage: Usage; ms: number }> {
  await warm(file);
  const videoId = await createVideo(s, 'bench tus');
  const usage = await usageOf(child(script, job(s, file, videoId, chunkSize)));
  const { ms } = JSON.parse(usage.stdout.trim()) as { ms: number };
  await received(s, videoId, size);
  return { usage, ms };
}

/** Bytes received twice when the upload is cut after half the file went and our uploader resumes by itself. */
async function oursCut(script: string, s: Sandbox, file: string, size: number, chunk: number, chunkSize: number | undefined): Promise<number> {
  const videoId = await createVideo(s, 'bench tus cut');
  // Cut the next part partway, at an odd byte, so no buffer boundary lines up with it.
  const cut = { afterBytes: Math.floor(size / 2), partBytes: Math.floor(chunk / 2) + 12_345 };
  const report = JSON.parse((await stdoutOf(child(script, job(s, file, videoId, chunkSize, cut)))).trim()) as { armed: boolean };
  if (!report.armed) throw new Error('the uploader never reported half the file sent, so no cut was armed');
  await expectCutHappened(s);
  return (await received(s, videoId, size)) - size;
}

/** The same cut for curl: its PUT is reset once half the file arrived, and it can only send the file again. */
async function curlCut(s: Sandbox, file: string, size: number): Promise<number> {
  const videoId = await createVideo(s, 'bench peer cut');
  const path = `${new URL(s.videoUrl).pathname}/library/${s.libraryId}/videos/${videoId}`;
  await admin(s, 'POST', '/faults', { method: 'PUT', path, action: { kind: 'reset-after-body-bytes', bytes: Math.floor(size / 2) } });
  const put = () => promisify(execFile)('curl', ['-sS', '--fail', '-o', '/dev/null', '-H', 'Expect:', '-H', `AccessKey: ${s.key}`, '-T', file, `${s.videoUrl}/library/${s.libraryId}/videos/${videoId}`]);
  const first = await put().then(() => 'completed', () => 'cut');
  if (first !== 'cut') throw new Error('curl completed through the cut');
  await expectCutHappened(s);
  // Sent again at once, as a user retrying would: the sandbox lets a new PUT take over the cut one.
  await put();
  return (await received(s, videoId, size)) - size;
}

export const uploadTusCase: BenchCase = {
  name: 'upload-tus',
  needs: [],
  async run(ctx) {
    const { smoke } = ctx;
    // A smoke round checks the harness with a small file (and chunks small enough to cut one); the gates are about 2 GiB.
    const size = smoke ? 64 * MiB : 2 * GiB;
    const chunkSize = smoke ? 8 * MiB : undefined;
    const chunk = chunkSize ?? TUS_CHUNK_SIZE;
    const file = await randomFile(join(ctx.root, '.bench-data'), size);
    const script = await bundleChild(ctx.root, 'upload-tus-child');
    const s = await startSandbox(ctx.root);
    try {
      const o: { usage: Usage; ms: number }[] = [];
      const p: Usage[] = [];
      const oResent: number[] = [];
      const pResent: number[] = [];
      for (let i = 0; i < ctx.rounds; i++) {
        o.push(await ours(script, s, file, size, chunkSize));
        p.push(await curl(s, file));
        oResent.push((await oursCut(script, s, file, size, chunk, chunkSize)) / MiB);
        pResent.push((await curlCut(s, file, size)) / MiB);
        const last = o.at(-1)!;
        const mbps = (ms: number) => (size / 1e6 / (ms / 1000)).toFixed(0);
        // CPU per GB, for contrast only: it tells a client that waits on the sink from one that is busy itself.
        const cpu = (u: Usage) => (u.cpuS / (size / 1e9)).toFixed(2);
        ctx.log(
          `upload-tus round ${i + 1}/${ctx.rounds}: ours ${mbps(last.usage.wallMs)} MB/s (${mbps(last.ms)} without its process start), ` +
            `${cpu(last.usage)} s/GB, ${last.usage.rssMiB.toFixed(1)} MiB peak, ${oResent.at(-1)!.toFixed(1)} MiB re-sent after a cut; ` +
            `curl ${mbps(p.at(-1)!.wallMs)} MB/s, ${cpu(p.at(-1)!)} s/GB, ${p.at(-1)!.rssMiB.toFixed(1)} MiB peak, ${pResent.at(-1)!.toFixed(1)} MiB re-sent`,
        );
      }
      const results: CaseResult[] = [
        { name: 'upload-tus', unit: 'MB/s', ours: o.map((r) => size / 1e6 / (r.usage.wallMs / 1000)), peerName: 'curl -T', peer: p.map((u) => size / 1e6 / (u.wallMs / 1000)), gate: { op: '>=', value: 0.5 } },
        { name: 'upload-tus-rss-2g', unit: 'MiB', ours: o.map((r) => r.usage.rssMiB), peerName: 'curl -T', peer: p.map((u) => u.rssMiB), gate: { op: '<=', value: 150, unit: 'MiB' } },
        { name: 'upload-tus-resend', unit: 'MiB', ours: oResent, peerName: 'curl -T (a PUT restarts)', peer: pResent, gate: { op: '<=', value: chunk / MiB, unit: 'MiB' } },
      ];
      return results;
    } finally {
      s.child.kill('SIGTERM');
    }
  },
};
