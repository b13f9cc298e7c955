import { describe, expect, it } from 'vitest';
import { fetchMarkerId, titleFromUrl } from './fetch-api.js';

describe('titleFromUrl', () => {
  it.each([
    ['https://media.example.com/talks/keynote.mp4', 'keynote'],
    ['https://media.example.com/talks/Launch%20day.final.mov?sig=1', 'Launch day.final'],
    ['https://media.example.com/talks/.hidden', '.hidden'],
    ['https://media.example.com/', 'media.example.com'],
    ['https://media.example.com/a/%E0%A4%A', '%E0%A4%A'],
  ])('%s → %s', (url, title) => {
    expect(titleFromUrl(url)).toBe(title);
  });
});

describe('fetchMarkerId', () => {
  it('differs per row and per request, and is twelve characters', () => {
    const row = { id: 'f-1a2b3c4d-5e6f', requestedAt: 1_795_000_000_000, addedAt: 1_794_999_000_000 };
    const a = fetchMarkerId(row);
    expect(a).toHaveLength(12);
    expect(fetchMarkerId({ ...row, requestedAt: row.requestedAt + 1 })).not.toBe(a);
    expect(fetchMarkerId({ ...row, id: 'f-9z8y7x6w-5e6f' })).not.toBe(a);
    expect(fetchMarkerId({ ...row, requestedAt: null })).toBe(fetchMarkerId({ ...row, requestedAt: row.addedAt }));
  });
});
