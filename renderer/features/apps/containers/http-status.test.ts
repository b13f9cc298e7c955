/** The status list names every enum value once, with distinct numbers, labelled as people read them. */
import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_CODES } from '../../../../shared/apps/schema';
import { HTTP_STATUS_OPTIONS, statusName } from './http-status';

describe('HTTP_STATUS_OPTIONS', () => {
  it('covers every enum name once, each with its own number', () => {
    expect(HTTP_STATUS_OPTIONS.map((o) => o.name).sort()).toEqual([...HTTP_STATUS_CODES].sort());
    expect(new Set(HTTP_STATUS_OPTIONS.map((o) => o.code)).size).toBe(HTTP_STATUS_CODES.length);
  });

  it.each([
    ['ok', '200 OK'],
    ['notFound', '404 Not Found'],
    ['imUsed', '226 IM Used'],
    ['serviceUnavailable', '503 Service Unavailable'],
  ])('%s is shown as %s', (name, label) => {
    expect(HTTP_STATUS_OPTIONS.find((o) => o.name === name)?.label).toBe(label);
  });

  it('reads a stored name in any letter case', () => {
    expect(statusName('NOTFOUND')).toBe('notFound');
    expect(statusName('teapot')).toBeUndefined();
    expect(statusName(418)).toBeUndefined();
  });
});
