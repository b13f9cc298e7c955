/**
 * What the upload cases share about their receivers: the count-only sink of the measured rounds (upload-sink.py)
 * and the checks that it is not the limit, and the sandbox's word on what arrived in the unmeasured round.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { median, type CaseResult } from '../line.js';
import type { Sandbox } from './upload-put.js';

/** The count-only sink in front of a sandbox. */
export interface Sink {
  /** Where the clients send to; the library id and key are the sandbox's. */
  readonly videoUrl: string;
  readonly child: ChildProcess;
}

/** What arrived at the sink for one video, and the sink's own CPU while it did. */
export interface Counted {
  readonly bytes: number;
  readonly cpuMs: number;
}

/** Starts the sink (python3, a process of its own: its CPU never counts on either side). */
export async function startSink(root: string, s: Sandbox): Promise<Sink> {
  const child = spawn('python3', [join(root, 'bench/cases/upload-sink.py'), s.videoUrl], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  lines.close();
  return { videoUrl: (JSON.parse(first) as { videoUrl: string }).videoUrl, child };
}

/** What the sink counted for a video; fails the bench unless it is exactly `size` bytes. */
export async function counted(sink: Sink, videoId: string, size: number): Promise<Counted> {
  const c = (await (await fetch(`${new URL(sink.videoUrl).origin}/__sink/${encodeURIComponent(videoId)}`)).json()) as Counted;
  if (c.bytes !== size) throw new Error(`the sink counted ${c.bytes} bytes of a ${size}-byte upload`);
  return c;
}

/** SHA-256 of a file, hex. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 8 * 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Fails the bench unless the sandbox stored exactly the file (size and SHA-256); returns the bytes it took in. */
export async function expectStored(s: Sandbox, videoId: string, size: number, sha256: string): Promise<number> {
  const res = await fetch(`${s.apiUrl}/__admin/videos/${s.libraryId}/${videoId}`, { headers: { AccessKey: s.accountKey } });
  const seen = (await res.json()) as { state: string; size: number | null; sha256: string | null; bytesReceived: number };
  if (seen.state !== 'stored' || seen.size !== size || seen.sha256 !== sha256) {
    throw new Error(`the sandbox holds ${JSON.stringify({ state: seen.state, size: seen.size, sha256: seen.sha256 })} for a ${size}-byte upload of ${sha256}`);
  }
  return seen.bytesReceived;
}

/**
 * `<case>-sink`: how fast the sink could take bytes, from its own CPU while curl -T fed it (bytes over the sink's
 * CPU seconds: its rate with a core to itself), against the faster client's median. Under 1.5 times, the sink
 * may have held the clients back and the line fails saying so.
 */
export function sinkLine(name: string, bytes: number, underCurl: readonly Counted[], oursMbps: readonly number[], curlMbps: readonly number[]): CaseResult {
  const capacity = underCurl.map((c) => bytes / 1e6 / (c.cpuMs / 1000));
  const faster = median(oursMbps) >= median(curlMbps) ? { name: 'ours', mbps: oursMbps } : { name: 'curl -T', mbps: curlMbps };
  return { name: `${name}-sink`, unit: 'MB/s', ours: capacity, peerName: `the faster client (${faster.name})`, peer: faster.mbps, gate: { op: '>=', value: 1.5 } };
}
