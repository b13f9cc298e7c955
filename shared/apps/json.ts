/** A JSON object read liberally (a platform answer, a file, a request body): any object but null and arrays. */
export type Json = Record<string, unknown>;

export function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Liberal member readers for answers shown to a person: a value of another shape reads as absent (null or empty).
export const obj = (v: unknown): Json | null => (isRecord(v) ? v : null);
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
export const strings = (v: unknown): string[] => list(v).filter((s): s is string => typeof s === 'string');
export const objects = (v: unknown): Json[] => list(v).filter(isRecord);
