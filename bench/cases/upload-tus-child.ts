/**
 * One resumable upload by the core's TUS uploader (`uploadTus`), in a fresh process, for the `upload-tus` case.
 * The case bundles it and times the whole process; the child also times the call itself (creation of the upload, its
 * POST, included), printed for contrast. Usage: upload-tus-child.mjs '<job JSON>'. With `cut`, once the
 * uploader reports `cut.afterBytes` sent, the sandbox is told to reset the next PATCH after `cut.partBytes` of its
 * body, and the uploader must resume by itself. Prints one JSON line: { ms, kind, resumedFrom, armed }.
 */
import { stat } from 'node:fs/promises';
import { createTusSigner, loadTusUploader } from '../../electron/core/videos/index.js';

/** What the harness asks for. */
export interface TusJob {
  readonly file: string;
  readonly videoUrl: string;
  readonly apiUrl: string;
  readonly accountKey: string;
  readonly libraryId: number;
  readonly libraryKey: string;
  readonly videoId: string;
  /** Undefined: the uploader's own default. */
  readonly chunkSize?: number;
  readonly cut?: { readonly afterBytes: number; readonly partBytes: number };
}

/** Adds the rule that cuts the next PATCH to the video area's TUS uploads. */
async function armCut(job: TusJob, partBytes: number): Promise<void> {
  const path = `${new URL(job.videoUrl).pathname}/tusupload/*`;
  const res = await fetch(`${job.apiUrl}/__admin/faults`, {
    method: 'POST',
    headers: { AccessKey: job.accountKey, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'PATCH', path, action: { kind: 'reset-after-body-bytes', bytes: partBytes } }),
  });
  if (res.status !== 201) throw new Error(`adding the fault answered ${res.status}: ${await res.text()}`);
}

async function main(job: TusJob): Promise<void> {
  const { size, mtimeMs } = await stat(job.file);
  const signer = createTusSigner({ libraryId: job.libraryId, videoId: job.videoId, libraryKey: () => job.libraryKey });
  let armed: Promise<void> | undefined;
  const { uploadTus } = await loadTusUploader();
  const started = performance.now();
  const result = await uploadTus({
    path: job.file,
    size,
    mtimeMs,
    // The store is the default in-memory one: nothing is resumed from an earlier run.
    fingerprint: `bench-${size}-${mtimeMs}`,
    libraryId: job.libraryId,
    videoId: job.videoId,
    endpoint: `${job.videoUrl}/tusupload`,
    signer,
    metadata: { filetype: 'video/mp4', title: 'bench tus' },
    signal: new AbortController().signal,
    ...(job.chunkSize !== undefined && { chunkSize: job.chunkSize }),
    onProgress(bytesSent) {
      if (job.cut && armed === undefined && bytesSent >= job.cut.afterBytes) armed = armCut(job, job.cut.partBytes);
    },
  });
  const ms = performance.now() - started;
  await armed;
  if (result.kind !== 'done') throw new Error(`the upload ended ${JSON.stringify(result)}`);
  process.stdout.write(`${JSON.stringify({ ms, kind: result.kind, resumedFrom: result.resumedFrom, armed: armed !== undefined })}\n`);
}

const arg = process.argv[2];
if (arg === undefined) {
  process.stderr.write("usage: upload-tus-child.mjs '<job JSON>'\n");
  process.exit(2);
}
await main(JSON.parse(arg) as TusJob);
