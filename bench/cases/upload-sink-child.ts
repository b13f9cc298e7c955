/**
 * The upload cases' receiver for their measured rounds: a plain node:http server that only counts the bytes of
 * each video's PUT body or tus PATCHes (no hashing, no storing), so the receiver is never what limits a client.
 * Everything else (creating the video, the CLI's other calls) is passed through to the sandbox, and a video the
 * sink took a body for reads as uploaded (status 1) there, as the platform would say after a PUT. Usage:
 * upload-sink-child.mjs <sandbox videoUrl>; prints `{ "videoUrl": … }` once listening. `GET /__sink/<videoId>`
 * answers what arrived for that video: `{ bytes, cpuMs }`, cpuMs being this process's CPU while it arrived.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';

const upstream = new URL(process.argv[2] ?? '');
const prefix = upstream.pathname;

/** What arrived for one video. */
interface Count {
  bytes: number;
  cpuMs: number;
}
const counts = new Map<string, Count>();
/** tus uploads: id → video and offset. */
const uploads = new Map<string, { videoId: string; length: number; offset: number }>();

const TUS = { 'tus-resumable': '1.0.0' };

/** Counts the body into the video's tally; resolves with the bytes of this body. */
function count(req: IncomingMessage, videoId: string): Promise<number> {
  const c = counts.get(videoId) ?? { bytes: 0, cpuMs: 0 };
  counts.set(videoId, c);
  const cpu = process.cpuUsage();
  let n = 0;
  req.on('data', (chunk: Buffer) => (n += chunk.length));
  return new Promise((resolve, reject) => {
    const done = () => {
      const used = process.cpuUsage(cpu);
      c.cpuMs += (used.user + used.system) / 1000;
      c.bytes += n;
    };
    req.on('end', () => (done(), resolve(n)));
    req.on('close', () => (req.complete ? undefined : (done(), reject(new Error('cut')))));
  });
}

function pass(req: IncomingMessage, res: ServerResponse, videoId: string | undefined): void {
  const out = request(new URL(req.url ?? '/', upstream.origin), { method: req.method, headers: req.headers }, (answer) => {
    if (videoId === undefined || !counts.has(videoId) || answer.statusCode !== 200) {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      return;
    }
    const parts: Buffer[] = [];
    answer.on('data', (b: Buffer) => parts.push(b));
    answer.on('end', () => {
      const video = JSON.parse(Buffer.concat(parts).toString('utf8')) as { status: number };
      if (video.status === 0) video.status = 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(video));
    });
  });
  out.on('error', () => res.destroy());
  req.pipe(out);
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0]!;
  const put = req.method === 'PUT' ? new RegExp(`^${prefix}/library/\\d+/videos/([^/]+)$`).exec(path) : null;
  if (put) {
    await count(req, decodeURIComponent(put[1]!));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"message":"OK","statusCode":200}');
    return;
  }
  if (path === `${prefix}/tusupload` && req.method === 'POST') {
    const id = Math.random().toString(36).slice(2);
    uploads.set(id, { videoId: String(req.headers.videoid), length: Number(req.headers['upload-length']), offset: 0 });
    req.resume();
    res.writeHead(201, { ...TUS, location: `${prefix}/tusupload/${id}`, 'upload-offset': '0' }).end();
    return;
  }
  const tus = new RegExp(`^${prefix}/tusupload/([^/]+)$`).exec(path);
  const upload = tus ? uploads.get(tus[1]!) : undefined;
  if (upload && req.method === 'HEAD') {
    res.writeHead(200, { ...TUS, 'upload-offset': String(upload.offset), 'upload-length': String(upload.length), 'cache-control': 'no-store' }).end();
    return;
  }
  if (upload && req.method === 'PATCH') {
    if (Number(req.headers['upload-offset']) !== upload.offset) {
      req.resume();
      res.writeHead(409, { ...TUS, 'upload-offset': String(upload.offset) }).end();
      return;
    }
    upload.offset += await count(req, upload.videoId);
    res.writeHead(204, { ...TUS, 'upload-offset': String(upload.offset) }).end();
    return;
  }
  const asked = /^\/__sink\/([^/]+)$/.exec(path);
  if (asked) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts.get(decodeURIComponent(asked[1]!)) ?? { bytes: 0, cpuMs: 0 }));
    return;
  }
  const video = req.method === 'GET' ? new RegExp(`^${prefix}/library/\\d+/videos/([^/]+)$`).exec(path) : null;
  pass(req, res, video ? decodeURIComponent(video[1]!) : undefined);
}

const server = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ videoUrl: `http://127.0.0.1:${port}${prefix}` })}\n`);
});
// Ends with the harness.
process.stdin.resume().on('end', () => process.exit(0));
