/**
 * Downloading a zone's v1 day files (`GET /{MM-DD-YY}/{zoneId}.log`) one after the other, through the platform
 * client (the key stays in the core's thread) and the zone's shared budget, each body handed chunk by chunk to a
 * DayStreamSender whose pace holds the download back. Gzip is asked for and recognised by its first bytes. The
 * client's own retries are off (every attempt comes out of the budget; a half-parsed body cannot be taken back).
 */
import type { DayFile } from '../../../../shared/logs/day.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import { retry, type Clock } from '../../platform/policy.js';
import type { PlatformClient, PlatformResponse } from '../../platform/types.js';
import type { DayStreamSender } from './day-stream.js';
import type { RateBudget } from '../v2/rate-budget.js';
import { LOG_POLICY, LogAnswer, logErrorBody, logOutcome, logRefusal } from '../v2/v2-client.js';

/** What a download needs. */
export interface DayDownloadOptions {
  readonly client: PlatformClient;
  readonly budget: RateBudget;
  readonly zoneId: number;
  readonly files: readonly DayFile[];
  readonly sender: DayStreamSender;
  readonly signal?: AbortSignal;
  /** Body bytes received so far (compressed, when gzip came), over all files. */
  onBytes?(bytesRead: number): void;
  /** A request is about to be sent. */
  onRequest?(): void;
  readonly now?: () => number;
  readonly sleep?: Clock['sleep'];
  /** An attempt fails after this long without a byte (default 60 s). */
  readonly idleTimeoutMs?: number;
}

/** An error answer is small; a day's body past this is not kept (the sender has it). */
const KEPT_BYTES = 64 * 1024;

/** The path of one day file. */
export function dayFilePath(zoneId: number, file: DayFile): string {
  return `/${file.date}/${zoneId}.log`;
}

/** Downloads every file in order into the sender (one part each); the sender's end is the caller's. */
export async function downloadDay(o: DayDownloadOptions): Promise<{ requests: number; bytes: number }> {
  let bytes = 0;
  let requests = 0;
  for (const file of o.files) {
    const r = await downloadFile(o, file, (n) => {
      bytes += n;
      o.onBytes?.(bytes);
    });
    requests += r;
  }
  return { requests, bytes };
}

async function downloadFile(o: DayDownloadOptions, file: DayFile, count: (n: number) => void): Promise<number> {
  const path = dayFilePath(o.zoneId, file);
  const attempt = async (n: number): Promise<number> => {
    const grant = await o.budget.acquire(o.zoneId, o.signal);
    o.onRequest?.();
    // The first bytes of a good answer decide gzip or not; one byte alone waits for the next.
    let head: Buffer | null = null;
    let started = false;
    let response: PlatformResponse;
    try {
      response = await o.client.send({
        area: 'logging',
        method: 'GET',
        path,
        headers: { accept: 'text/plain', 'accept-encoding': 'gzip' },
        retry: false,
        idleTimeoutMs: o.idleTimeoutMs ?? 60_000,
        maxBodyBytes: KEPT_BYTES,
        ...(o.signal ? { signal: o.signal } : {}),
        onBodyChunk: (chunk, _attempt, status, headers) => {
          if (status < 200 || status >= 300) return undefined;
          count(chunk.length);
          if (started) return o.sender.write(chunk);
          const bytes: Buffer = head === null ? chunk : Buffer.concat([head, chunk]);
          if (bytes.length < 2) {
            head = bytes;
            return undefined;
          }
          started = true;
          head = null;
          const length = Number(headers['content-length']);
          return o.sender.part(bytes[0] === 0x1f && bytes[1] === 0x8b, Number.isSafeInteger(length) && length > 0 ? length : undefined).then(() => o.sender.write(bytes));
        },
      });
    } finally {
      grant.done();
    }
    if (response.status < 200 || response.status >= 300) throw new LogAnswer(response);
    const rest = head as Buffer | null;
    if (rest !== null) {
      await o.sender.part(false);
      await o.sender.write(rest);
    }
    return n + 1;
  };
  // Only answers are tried again: a body cut short may already be half in the sender.
  return retry(attempt, LOG_POLICY, {
    signal: o.signal,
    clock: { ...(o.now ? { now: o.now } : {}), ...(o.sleep ? { sleep: o.sleep } : {}) },
    outcomeOf: (e) => (e instanceof LogAnswer ? logOutcome(e) : undefined),
    pace: (ms) => o.budget.pauseFor(o.zoneId, ms),
    giveUp: (e) => (e instanceof LogAnswer ? dayRefusal(e.response, `GET ${path}`) : e),
  });
}

function dayRefusal(response: PlatformResponse, where: string): AppFailure {
  const body = logErrorBody(response);
  // A zone that exists but has no file for the day (gone past the platform's retention, or not written yet) is
  // about the day, not the zone: say so rather than the zone-not-found words.
  if (response.status === 404 && body?.error.code !== 'logging_disabled' && (body === undefined || body.error.code === 'not_found')) {
    return new AppFailure(
      appError('not_found', 'The platform has no log file for this zone and day', {
        status: 404,
        detail: `${where} was not found. A day's file is kept three days and is written as the day goes on.${body?.error.message ? ` The platform said: ${body.error.message}` : ''}`,
      }),
    );
  }
  return logRefusal(response, body, where);
}
