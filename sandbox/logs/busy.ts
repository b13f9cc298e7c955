/**
 * The demo's busy zone (seed.ts BUSY_ZONE_NAME): what a real shop's zone logs. About 20 requests a second on average
 * over a weekday (72,000 an hour, 1.7 million a day), quietest around 06:00 UTC and busiest around 16:00 UTC; Saturdays
 * and Sundays carry less and peak later. Every UTC day holds two incidents to find, at fixed times:
 *
 * - a cache-miss storm, 13:20–13:50 UTC: most cacheable requests miss, conditional requests get whole bodies, and
 *   edges ask the origin shield far more often (bytes from the origin jump);
 * - a 5xx burst, 20:05–20:17 UTC: most GETs answer 502 or 503.
 *
 * At that volume a day cannot be kept, so a minute is generated on demand (the store keeps a few); how many rows a
 * minute holds is known from two random draws, without making them.
 */
import type { SeedPullZone } from '../context.js';
import { createRandom } from '../seed.js';
import type { Rand } from './mix.js';

/** Something going wrong in a minute of the busy zone. */
export type Incident = 'storm' | 'burst';

/** Mean requests per second over a weekday. */
export const BUSY_MEAN_PER_SECOND = 20;

/** A span of every UTC day, in minutes after midnight: `start <= minute < end`. */
export interface DailySpan {
  readonly start: number;
  readonly end: number;
}

/** The cache-miss storm: 13:20–13:50 UTC every day. */
export const MISS_STORM: DailySpan = { start: 13 * 60 + 20, end: 13 * 60 + 50 };
/** The 5xx burst: 20:05–20:17 UTC every day. */
export const ERROR_BURST: DailySpan = { start: 20 * 60 + 5, end: 20 * 60 + 17 };

const MINUTES_PER_DAY = 1440;

function minuteOfDay(minute: number): number {
  return ((minute % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** True on Saturdays and Sundays (UTC). Day 0 of the epoch was a Thursday. */
export function isWeekend(minute: number): boolean {
  const dow = (((Math.floor(minute / MINUTES_PER_DAY) + 4) % 7) + 7) % 7;
  return dow === 0 || dow === 6;
}

/** The incident in this minute, if any. */
export function incidentAt(minute: number): Incident | undefined {
  const m = minuteOfDay(minute);
  if (m >= MISS_STORM.start && m < MISS_STORM.end) return 'storm';
  if (m >= ERROR_BURST.start && m < ERROR_BURST.end) return 'burst';
  return undefined;
}

/**
 * The load of a minute as a share of the weekday mean: a daily wave (a sine around 11:00 UTC with a second harmonic
 * that sharpens the afternoon peak, averaging 1 over the day); weekends carry 70 % of it, two hours later.
 */
export function busyLoad(minute: number): number {
  const weekend = isWeekend(minute);
  const shift = weekend ? 120 : 0;
  const theta = (2 * Math.PI * (minuteOfDay(minute) - 11 * 60 - shift)) / MINUTES_PER_DAY;
  const wave = 1 + 0.55 * Math.sin(theta) + 0.12 * Math.sin(2 * theta - 0.8);
  const storm = incidentAt(minute) === 'storm' ? 1.1 : 1;
  return wave * (weekend ? 0.7 : 1) * storm;
}

function mix(h: number, v: number): number {
  const x = Math.imul(h ^ (v >>> 0), 0x9e3779b1);
  return (x ^ (x >>> 15)) >>> 0;
}

/** The random source of one minute of the zone, after the draws that fixed its row count; and that count. */
export function busyMinute(seed: number, zone: SeedPullZone, minute: number): { readonly rand: Rand; readonly count: number } {
  const rand = createRandom(mix(mix(mix(0xb05e, seed), zone.id), minute));
  // Minutes differ by up to ±10 % around the wave, as real traffic does.
  const mean = BUSY_MEAN_PER_SECOND * 60 * busyLoad(minute) * (0.9 + 0.2 * rand());
  return { rand, count: Math.floor(mean + rand()) };
}
