import { describe, expect, it } from 'vitest';
import { appError } from '../../../../shared/contract/result.js';
import { classify, UPLOAD_POLICY, type CallFailure } from './classify.js';

const NOW = Date.UTC(2025, 4, 6, 10, 20, 30);
const half = () => 0.5;

function http(status: number, retryAfter?: string): CallFailure {
  return { error: appError('http', `HTTP ${status}`, { status, detail: 'the platform said so' }), status, ...(retryAfter !== undefined ? { retryAfter } : {}) };
}

function network(code: string): CallFailure {
  return { error: appError('network', 'Could not reach', { detail: `${code}: x` }), code };
}

describe('classify', () => {
  it('retries resets, timeouts, 5xx and 429 with capped full-jitter backoff', () => {
    for (const f of [network('ECONNRESET'), { error: appError('timeout', 'Stalled'), code: 'TIMEOUT' }, http(500), http(502), http(503), http(504), http(429), http(408)]) {
      expect(classify(f, { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'retry', delayMs: 500 });
    }
    expect(classify(http(503), { attempt: 3, now: NOW, random: half })).toMatchObject({ kind: 'retry', delayMs: 4000 });
    // The ceiling is capped: attempt 10 would be 1024 s without it.
    expect(classify(http(503), { attempt: 4, now: NOW, random: () => 0.999, policy: { ...UPLOAD_POLICY, maxAttempts: 20 } })).toMatchObject({ delayMs: 15_984 });
    expect(classify(http(503), { attempt: 10, now: NOW, random: () => 0.999, policy: { ...UPLOAD_POLICY, maxAttempts: 20 } })).toMatchObject({ delayMs: 29_970 });
  });

  it('honours Retry-After in seconds and as an HTTP date', () => {
    expect(classify(http(429, '7'), { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'retry', delayMs: 7000 });
    expect(classify(http(503, new Date(NOW + 90_000).toUTCString()), { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'retry', delayMs: 90_000 });
    // Longer than the runner waits on its own: the job fails, and can be retried later.
    expect(classify(http(429, '3600'), { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'failed', error: { retryable: true, status: 429 } });
  });

  it('gives up after the attempt cap, retryable', () => {
    const v = classify(http(503), { attempt: UPLOAD_POLICY.maxAttempts - 1, now: NOW, random: half });
    expect(v).toMatchObject({ kind: 'failed', error: { status: 503, retryable: true } });
    expect(v.kind === 'failed' && v.error.detail).toMatch(/gave up after 6 attempts/);
  });

  it('never retries 400, 403 and 404, keeps the platform message and says what to do', () => {
    const hints = new Set<string>();
    for (const status of [400, 403, 404, 409, 413]) {
      const v = classify(http(status), { attempt: 0, now: NOW, random: half });
      expect(v).toEqual({ kind: 'failed', error: { title: `HTTP ${status}`, detail: 'the platform said so', status, retryable: false, hint: expect.any(String) } });
      if (v.kind === 'failed') hints.add(v.error.hint!);
    }
    // A refused key, a missing library and a refused body call for different steps.
    expect(hints.size).toBe(4);
  });

  it('401 says each library has its own key and where to set it', () => {
    const v = classify(http(401), { attempt: 0, now: NOW, random: half });
    expect(v).toMatchObject({ kind: 'failed', error: { title: 'The library key was refused', status: 401, detail: 'the platform said so' } });
    expect(v.kind === 'failed' && v.error.hint).toMatch(/own API key.*Settings → the profile → library keys/);
    // A key missing from the profile is the same story, before anything is sent.
    expect(classify({ error: appError('auth', 'No API key configured for video library 7') }, { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'failed', error: { hint: expect.stringMatching(/library keys/) } });
  });

  it('refused, unknown host and unreachable network retry once, then mean offline', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']) {
      expect(classify(network(code), { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'retry' });
      expect(classify(network(code), { attempt: 1, now: NOW, random: half })).toMatchObject({ kind: 'offline', error: { retryable: true } });
    }
  });

  it('a cancel stops; a certificate failure, an unreadable answer or a bad request fail for good', () => {
    expect(classify({ error: appError('cancelled', 'Cancelled'), code: 'ABORTED' }, { attempt: 0, now: NOW, random: half })).toEqual({ kind: 'stopped' });
    expect(classify(network('CERT_HAS_EXPIRED'), { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'failed', error: { retryable: false } });
    expect(classify({ error: appError('http', 'Unreadable', { status: 200 }), status: 200 }, { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'failed', error: { retryable: false } });
    expect(classify({ error: appError('validation', 'Bad') }, { attempt: 0, now: NOW, random: half })).toMatchObject({ kind: 'failed', error: { retryable: false } });
  });
});
