import { describe, expect, it } from 'vitest';
import { LOG_ERROR_CODES } from '../../../../shared/logs/v2-response.js';
import { LOG_ERROR_TEXTS } from '../../../../shared/logs/log-error-texts.js';
import { explainLogError, isLogErrorCode } from './log-errors.js';

const STATUS: Readonly<Record<string, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  logging_disabled: 404,
  rate_limited: 429,
  internal_error: 500,
  method_not_allowed: 405,
};

/** What each code must say, in words a user recognises. */
const SAYS: Readonly<Record<string, RegExp>> = {
  invalid_request: /did not accept this query/,
  unauthorized: /did not receive a key/,
  forbidden: /refused access/,
  not_found: /does not know this pull zone/,
  logging_disabled: /Logging is turned off for this pull zone/,
  rate_limited: /Too many log requests/,
  internal_error: /failed while answering/,
  method_not_allowed: /mistake in Burrow/,
};

const KIND: Readonly<Record<string, string>> = {
  invalid_request: 'validation',
  unauthorized: 'auth',
  forbidden: 'auth',
  not_found: 'not_found',
  logging_disabled: 'not_found',
  rate_limited: 'http',
  internal_error: 'http',
  method_not_allowed: 'internal',
};

describe('explainLogError', () => {
  it.each(LOG_ERROR_CODES)('%s: one sentence, the platform message beneath, then what to do', (code) => {
    const e = explainLogError({ code, message: `message for ${code}`, status: STATUS[code], where: 'GET /v2/pullzones/5/logs?limit=10' });
    expect(e.title).toMatch(SAYS[code]!);
    expect(e.title).toMatch(/^[A-Z][^.]*[.]$/);
    expect(e.kind).toBe(KIND[code]);
    expect(e.code).toBe(code);
    expect(e.status).toBe(STATUS[code]);
    const lines = (e.detail ?? '').split('\n');
    expect(lines[0]).toBe(`The platform said: message for ${code}`);
    expect(lines[1]).toBe(LOG_ERROR_TEXTS[code].action);
    expect(lines[2]).toBe('GET /v2/pullzones/5/logs?limit=10');
    expect(structuredClone(e)).toEqual(e);
  });

  it('gives every code its own sentence and action', () => {
    const sentences = new Set(LOG_ERROR_CODES.map((c) => LOG_ERROR_TEXTS[c].sentence));
    expect(sentences.size).toBe(LOG_ERROR_CODES.length);
    expect(LOG_ERROR_CODES.every(isLogErrorCode)).toBe(true);
    expect(isLogErrorCode('teapot')).toBe(false);
  });

  it('lists invalid_request details beneath the message and keys them by parameter', () => {
    const e = explainLogError({
      code: 'invalid_request',
      message: 'One or more query parameters failed validation',
      details: ['from: must be inside the 3-day retention window', 'from: must be before to', 'limit: must be an integer from 1 to 10000', 'bad query'],
      status: 400,
    });
    expect(e.detail?.split('\n')).toEqual([
      'The platform said: One or more query parameters failed validation',
      '  • from: must be inside the 3-day retention window',
      '  • from: must be before to',
      '  • limit: must be an integer from 1 to 10000',
      '  • bad query',
      LOG_ERROR_TEXTS.invalid_request.action,
    ]);
    expect(e.fieldErrors).toEqual({ from: 'must be inside the 3-day retention window; must be before to', limit: 'must be an integer from 1 to 10000' });
  });

  it('keeps a parameter named __proto__ as a plain key', () => {
    const e = explainLogError({ code: 'invalid_request', message: 'm', details: ['__proto__: polluted'] });
    expect(Object.keys(e.fieldErrors ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says how long Burrow waits when the platform asked for a pause', () => {
    const e = explainLogError({ code: 'rate_limited', message: 'slow down', status: 429, retryAfterMs: 2_300 });
    expect(e.detail?.split('\n')[1]).toBe('Burrow is waiting 3 s as the platform asked, then tries again.');
  });

  it('explains an unknown code by its status', () => {
    expect(explainLogError({ code: 'exploded', message: 'boom', status: 503 }).title).toBe(LOG_ERROR_TEXTS.internal_error.sentence);
    const other = explainLogError({ code: 'teapot', message: '', status: 418 });
    expect(other.title).toMatch(/error Burrow does not know/);
    expect(other.detail?.split('\n')[0]).toBe('The platform gave no message.');
    expect(other.code).toBe('teapot');
  });

  it('shows control characters in the platform text as escapes and masks secrets in the request line', () => {
    const e = explainLogError({ code: 'forbidden', message: 'bad\u001b[31m key\r\nnext', where: 'GET /v2/pullzones/1/logs?token=abcdef123456' });
    const lines = e.detail?.split('\n') ?? [];
    expect(lines[0]).not.toContain('\u001b');
    expect(lines[0]).toContain('key next');
    expect(lines.at(-1)).not.toContain('abcdef123456');
  });
});
