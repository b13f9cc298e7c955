/** Escapes control and bidi characters in every key and string of a parsed JSON value before display. */
import { escapeForDisplay } from '../../../shared/common/display';

export function escapeJson(value: unknown): unknown {
  if (typeof value === 'string') return escapeForDisplay(value);
  if (Array.isArray(value)) return value.map(escapeJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeForDisplay(k), escapeJson(v)]));
  }
  return value;
}
