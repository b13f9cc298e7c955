import { describe, expect, it } from 'vitest';
import { FetchUrl } from './videos-fetch.js';

describe('FetchUrl', () => {
  it('hands on the address as the URL parser reads it, not as typed', () => {
    expect(FetchUrl.parse(' HTTP://Media.Example.COM/talks/a b.mp4 ')).toBe('http://media.example.com/talks/a%20b.mp4');
    expect(FetchUrl.parse('https://example.com\n/a.mp4')).toBe('https://example.com/a.mp4');
    expect(FetchUrl.parse('https://example.com:443/a.mp4?x=1')).toBe('https://example.com/a.mp4?x=1');
  });

  it('refuses what is not an http(s) address, or carries a user and password', () => {
    expect(FetchUrl.safeParse('ftp://example.com/a.mp4').success).toBe(false);
    expect(FetchUrl.safeParse('https://user:pw@example.com/a.mp4').success).toBe(false);
    expect(FetchUrl.safeParse('').success).toBe(false);
  });
});
