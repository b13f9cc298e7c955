/** AppErrors for failures below HTTP: refused, reset, timed out, cut short, cancelled, redirected away. */
import { appError, type AppError } from '../../../shared/contract/result.js';
import type { ExchangeFailure, Timing } from './http.js';
import { isIdempotentMethod, seconds } from './policy.js';

function attemptsNote(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
}

/** The AppError for an exchange that produced no whole answer; `where` is `METHOD path`. */
export function failureError(f: ExchangeFailure, url: URL, method: string, where: string, timing: Timing, attempts: number): AppError {
  const tail = `${attemptsNote(attempts)} — ${where}`;
  const maybeApplied = !isIdempotentMethod(method) ? ' The request may or may not have taken effect; check before sending it again.' : '';
  switch (f.kind) {
    case 'cancelled':
      return appError('cancelled', 'Cancelled', { detail: where });
    case 'timeout':
      if (timing.kind === 'idle') {
        return appError('timeout', `The transfer stalled: nothing for ${seconds(timing.ms)}`, { detail: `No data moved in either direction for ${seconds(timing.ms)}${tail}.${maybeApplied}` });
      }
      return appError('timeout', `The platform did not answer within ${seconds(timing.ms)}`, {
        detail: `${f.status === undefined ? 'No response arrived' : `The response (HTTP ${f.status}) did not finish`} in time${tail}.${maybeApplied}`,
      });
    case 'cut_short': {
      const expected = f.headers?.['content-length'];
      const got = expected !== undefined ? `${f.bytesReceived} of ${expected} bytes` : `${f.bytesReceived} bytes`;
      return appError('network', 'The response was cut short', {
        detail: `The connection closed after ${got} of the body (HTTP ${f.status ?? '?'}, ${f.code})${tail}.${maybeApplied}`,
        ...(f.status !== undefined ? { status: f.status } : {}),
      });
    }
    case 'source':
      return appError('internal', 'Could not read the data to send', { detail: `${f.code}: ${f.message} — ${where}` });
    case 'network':
      return appError('network', networkTitle(f.code, url), { detail: `${f.code}: ${f.message}${tail}.${maybeApplied}` });
  }
}

function networkTitle(code: string, url: URL): string {
  if (code === 'ECONNREFUSED') return `Could not connect to ${url.host}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Could not find ${url.hostname}`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'The connection was lost before the platform answered';
  if (/CERT|SSL|TLS/i.test(code)) return `The secure connection to ${url.hostname} could not be verified`;
  return 'Could not reach the platform';
}

/** The AppError for a redirect to another origin: never followed, so the key never leaves the platform's host. */
export function crossOriginRedirectError(status: number, location: string, where: string): AppError {
  return appError('http', `The platform redirected to another site (${status})`, {
    status,
    detail: `Location: ${location}. Burrow does not follow redirects to another origin, so your key is not sent there — ${where}`,
  });
}

/** The AppError for a 2xx body that is not JSON when JSON was expected. */
export function notJsonError(status: number, contentType: string | undefined, parseMessage: string, where: string): AppError {
  const position = /position (\d+)/.exec(parseMessage)?.[1];
  const what = position !== undefined ? `text, parse error at position ${position}` : 'text, not JSON';
  return appError('http', 'The platform sent an answer Burrow could not read', {
    status,
    detail: `${what} (content-type ${contentType ?? 'none'}) — ${where}`,
  });
}
