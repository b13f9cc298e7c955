import { describe, expect, it } from 'vitest';
import { aHealth, anEndpoint } from '../testing/health';
import { endpointWords, healthMark, logsFilterFor, rateText } from './health-view';

describe('the health mark of an app', () => {
  it('is unhealthy when any endpoint is above 1 %, naming the worst one and its rate', () => {
    const mark = healthMark(aHealth('a1', [anEndpoint(1000, 12, { endpointName: 'api' }), anEndpoint(400, 20, { endpointName: 'img' }), anEndpoint(10, 0)]));
    expect(mark).toEqual({ tone: 'unhealthy', text: '5xx 5.00 %', label: '5xx above 1 % in the last hour: 5.00 % of requests on img' });
  });

  it('is healthy at exactly 1 % (only above is marked), giving the highest rate', () => {
    const mark = healthMark(aHealth('a1', [anEndpoint(1000, 10), anEndpoint(50, 0)]));
    expect(mark).toEqual({ tone: 'healthy', text: '', label: 'Healthy: 5xx 1.00 % of requests in the last hour' });
  });

  it('says partial while pages are still to be read', () => {
    expect(healthMark(aHealth('a1', [anEndpoint(200, 0)], 'waiting for the zone’s request budget')).label).toBe(
      'Healthy: 5xx 0.00 % of requests in the last hour (partial: not every page read yet)',
    );
  });

  it('has no data without a CDN endpoint, with logging off, or without requests, and says which', () => {
    const off = anEndpoint(0, 0, { unavailable: { kind: 'logging-off', message: 'Logging is off.', setting: 'Logging → Enable logging' } });
    const noZone = anEndpoint(0, 0, { zone: null, unavailable: { kind: 'no-zone', message: 'No pull zone.', setting: null } });
    expect(healthMark(aHealth('a1', [])).label).toBe('No delivery data: no CDN endpoint (only CDN endpoints have a pull zone with logs)');
    expect(healthMark(aHealth('a1', [off])).label).toBe('No delivery data: logging is off on its pull zone');
    expect(healthMark(aHealth('a1', [off, noZone])).label).toBe('No delivery data: no pull zone Burrow can read');
    expect(healthMark(aHealth('a1', [anEndpoint(0, 0), off]))).toEqual({ tone: 'none', text: '', label: 'No delivery data: no requests in the last hour' });
  });
});

describe('an endpoint in words', () => {
  it('rates with two decimals, so just above the threshold never reads as 1 %', () => {
    expect(rateText(1011 / 100_000)).toBe('1.01 %');
    expect(rateText(null)).toBe('—');
  });

  it('badges and opens Logs on its failures when unhealthy, on everything otherwise', () => {
    const bad = anEndpoint(100, 2);
    expect([endpointWords(bad), logsFilterFor(bad)]).toEqual(['5xx above 1 %', 'status:5xx']);
    expect([endpointWords(anEndpoint(100, 1)), logsFilterFor(anEndpoint(100, 1))]).toEqual(['Healthy', '']);
    expect(endpointWords(anEndpoint(0, 0))).toBe('No requests');
    expect(endpointWords(anEndpoint(0, 0, { unavailable: { kind: 'no-zone', message: 'x', setting: null } }))).toBe('No data');
  });
});
