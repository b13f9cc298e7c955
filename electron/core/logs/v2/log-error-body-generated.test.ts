/**
 * Error bodies generated from the logging API's published schema (code, message and details null wherever the
 * schema allows, extra keys, missing optional keys) go through the error-body reader and the explanation: nothing
 * throws, and the platform's code is used whenever it is a string.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerArbitrary } from '../../../../sandbox/testing/openapi-arbitrary.js';
import { readLogErrorBody } from '../../../../shared/logs/v2-response.js';
import { cleanText } from '../../platform/errors.js';
import { explainLogError } from './log-errors.js';

describe('readLogErrorBody over generated ErrorResponse bodies', () => {
  it('never throws and keeps the code whenever it is a string', () => {
    fc.assert(
      fc.property(answerArbitrary('logging', 'ErrorResponse'), (body) => {
        const sent = (body as { error?: { code?: unknown } }).error?.code;
        const read = readLogErrorBody(body);
        if (typeof sent === 'string') {
          expect(read?.error.code).toBe(sent);
          if (sent !== '') {
            const e = explainLogError({ code: sent, message: read?.error.message ?? '', ...(read?.error.details ? { details: read.error.details } : {}), status: 403 });
            expect(e.code).toBe(cleanText(sent, 100));
          }
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('reads {"code":"logging_disabled","message":…,"details":null} with its code', () => {
    expect(readLogErrorBody({ error: { code: 'logging_disabled', message: 'Logging is disabled', details: null } })?.error.code).toBe('logging_disabled');
    expect(readLogErrorBody({ error: { code: 'forbidden', message: null, details: ['a', 3] } })?.error).toEqual({ code: 'forbidden', message: null, details: ['a'] });
  });
});
