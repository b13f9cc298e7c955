/** A JSON object read liberally (a platform answer, a file, a request body): any object but null and arrays. */
export type Json = Record<string, unknown>;

export function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
