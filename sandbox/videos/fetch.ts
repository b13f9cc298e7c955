/** Server-side fetch of a remote file into a video (POST …/videos/fetch), with a bounded queue. */
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { VideoService } from './service.js';
import type { VideoRecord } from './store.js';

const MAX_REDIRECTS = 5;
/** A source that sends nothing for this long is given up on. */
const IDLE_TIMEOUT_MS = 60_000;

/** Runs remote fetches in the background; refuses new ones past the queue limit. */
export class RemoteFetcher {
  private readonly active = new Set<VideoRecord>();

  constructor(
    private readonly service: VideoService,
    private readonly limit: number,
  ) {}

  /** True when another fetch would go past the limit (the route answers 429). */
  full(): boolean {
    return this.active.size >= this.limit;
  }

  /** Starts fetching `url` into the video; failures mark the video as failed (status 5). */
  start(video: VideoRecord, url: URL, headers: Readonly<Record<string, string>>): void {
    this.active.add(video);
    void this.run(video, url, headers)
      .catch((e: unknown) => this.markFailed(video, `Fetching the source failed: ${e instanceof Error ? e.message : String(e)}`))
      .catch(() => undefined)
      .finally(() => this.active.delete(video));
  }

  private async run(video: VideoRecord, url: URL, headers: Readonly<Record<string, string>>): Promise<void> {
    let current: ClientRequest | undefined;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      current?.destroy(new Error('Fetch cancelled'));
    };
    video.upload = { kind: 'receiving', via: 'fetch', cancel };
    try {
      const response = await openSource(url, headers, MAX_REDIRECTS, (req) => {
        current = req;
        if (cancelled) req.destroy(new Error('Fetch cancelled'));
      });
      const result = await this.service.receive(video, response, 'fetch', cancel);
      if (!result.ok && result.reason !== 'deleted') {
        this.markFailed(video, result.reason === 'empty' ? 'The source sent an empty body' : `Fetching the source failed: ${result.error?.message}`);
      }
    } catch (e) {
      this.markFailed(video, `Fetching the source failed: ${(e as Error).message}`);
    }
  }

  private markFailed(video: VideoRecord, message: string): void {
    if (video.deleted) return;
    video.upload = { kind: 'none' };
    this.service.processor.fail(video, message);
  }
}

/**
 * GETs the URL with the given headers, following redirects; rejects on a non-2xx answer. The user's
 * headers go only to the origin the user named: once a redirect leads to another origin, every one of
 * them is dropped for the rest of the chain (a redirect back does not restore them).
 */
function openSource(
  url: URL,
  headers: Readonly<Record<string, string>>,
  redirectsLeft: number,
  onRequest: (req: ClientRequest) => void,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { headers: { ...headers } }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        res.resume();
        if (redirectsLeft === 0) return reject(new Error('Too many redirects'));
        // A throw here would escape into the HTTP client's event handler and end the process.
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return reject(new Error('The source redirected to an invalid URL'));
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return reject(new Error('The source redirected to a URL that is not http or https'));
        // Any custom header may carry a credential (AccessKey, X-Api-Key, Cookie…): none is handed to another origin.
        const kept = next.origin === url.origin ? headers : {};
        openSource(next, kept, redirectsLeft - 1, onRequest).then(resolve, reject);
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(new Error(`The source answered HTTP ${status}`));
      }
      resolve(res);
    });
    req.setTimeout(IDLE_TIMEOUT_MS, () => req.destroy(new Error('The source stopped sending')));
    req.on('error', reject);
    onRequest(req);
  });
}

