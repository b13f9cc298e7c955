import { describe, expect, it } from 'vitest';
import { JOB_STATES, jobStateWords as stateWords } from '../../../shared/videos/model';
import { errorLine, formatBytes, formatEta, formatSpeed, jobPercent, percentOf, progressLine, queueSummary } from './format';
import { aJob } from './testing/job-fixtures';

const WEIRD = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1];

describe('numbers on a row', () => {
  it('sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(300_000_000)).toBe('300.0 MB');
    expect(formatBytes(2_147_483_648)).toBe('2.1 GB');
  });

  it('speed and time left are left out when unknown, never NaN or ∞', () => {
    expect(formatSpeed(12_300_000)).toBe('12.3 MB/s');
    expect(formatSpeed(null)).toBeNull();
    expect(formatSpeed(0)).toBeNull();
    expect(formatEta(null)).toBeNull();
    for (const n of WEIRD) {
      expect(formatSpeed(n)).toBeNull();
      expect(formatEta(n)).toBeNull();
      expect(formatBytes(n)).toBe('0 B');
      expect(percentOf(n, 100)).toBe(0);
      expect(percentOf(50, n)).toBe(0);
    }
    expect(percentOf(5, 0)).toBe(0);
  });

  it('time left in seconds, minutes and hours', () => {
    expect(formatEta(0)).toBe('0 s left');
    expect(formatEta(44.6)).toBe('45 s left');
    expect(formatEta(120)).toBe('2 min left');
    expect(formatEta(200)).toBe('3 min 20 s left');
    expect(formatEta(7500)).toBe('2 h 5 min left');
    expect(formatEta(7200)).toBe('2 h left');
  });

  it('percent follows bytes while uploading and is whole once the platform has the file', () => {
    expect(jobPercent(aJob('a', { state: 'uploading', bytesSent: 45_500_000 }))).toBe(45);
    expect(jobPercent(aJob('a', { state: 'uploading', bytesSent: 100_000_000 }))).toBe(100);
    expect(jobPercent(aJob('a', { state: 'processing', bytesSent: 0 }))).toBe(100);
    expect(jobPercent(aJob('a', { state: 'queued', size: 0 }))).toBe(0);
  });

  it('the numbers line shows speed and time left only while bytes move', () => {
    const moving = aJob('a', { state: 'uploading', bytesSent: 50_000_000, speed: 10_000_000, eta: 5 });
    expect(progressLine(moving)).toBe('50.0 MB of 100.0 MB · 10.0 MB/s · 5 s left');
    expect(progressLine({ ...moving, speed: null, eta: null })).toBe('50.0 MB of 100.0 MB');
    expect(progressLine({ ...moving, paused: true })).toBe('50.0 MB of 100.0 MB');
    expect(progressLine({ ...moving, speed: Number.NaN, eta: Number.POSITIVE_INFINITY })).toBe('50.0 MB of 100.0 MB');
    expect(progressLine(aJob('b', { state: 'ready', bytesSent: 100_000_000 }))).toBe('100.0 MB');
  });
});

describe('the state in words', () => {
  it('names every state', () => {
    const words = Object.fromEntries(JOB_STATES.map((state) => [state, stateWords(aJob('a', { state, encodeProgress: 42.4 })).label]));
    expect(words).toEqual({
      queued: 'Waiting',
      creating: 'Creating',
      created: 'Uploading',
      uploading: 'Uploading',
      verifying: 'Verifying',
      processing: 'Processing 42 %',
      ready: 'Ready',
      failed: 'Failed',
      cancelled: 'Cancelled',
      'source-changed': 'File changed on disk',
      'source-missing': 'File missing',
    });
  });

  it('says Paused for a paused job that has not ended, and the end state otherwise', () => {
    expect(stateWords(aJob('a', { state: 'uploading', paused: true })).label).toBe('Paused');
    expect(stateWords(aJob('a', { state: 'queued', paused: true })).label).toBe('Paused');
    expect(stateWords(aJob('a', { state: 'ready', paused: true })).label).toBe('Ready');
    expect(stateWords(aJob('a', { state: 'processing', encodeProgress: null })).label).toBe('Processing 0 %');
  });

  it('a failure gives the title, the status and the platform message', () => {
    const failed = aJob('a', { state: 'failed', error: { title: 'The library key was refused', status: 401, detail: 'Invalid key', retryable: false } });
    expect(errorLine(failed)).toBe('The library key was refused (401): Invalid key');
    expect(errorLine(aJob('b', { state: 'failed', error: { title: 'Connection reset', retryable: true } }))).toBe('Connection reset');
    const refused = aJob('c', { state: 'failed', error: { title: 'The platform did not accept the request (400)', status: 400, detail: 'The title is not acceptable', retryable: false } });
    expect(errorLine(refused)).toBe('The platform did not accept the request (400): The title is not acceptable');
    expect(errorLine(aJob('c'))).toBeNull();
  });

  it('the live summary counts files, not bytes', () => {
    const counts = { queued: 5, done: 2, failed: 1, cancelled: 0, sourceChanged: 0, inFlight: 2, totalBytes: 10, sentBytes: 3 };
    expect(queueSummary(counts)).toBe('2 of 5 uploaded, 2 in progress, 1 failed.');
    expect(queueSummary({ ...counts, sentBytes: 9 })).toBe(queueSummary(counts));
    expect(queueSummary({ ...counts, queued: 0, done: 0, failed: 0, inFlight: 0 })).toBe('No uploads.');
  });
});
