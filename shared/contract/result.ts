/** The result of every call across the process boundary: a value, or a plain error object. */

/** Broad classes of failure; the renderer picks wording and recovery by kind. */
export type ErrorKind =
  | 'validation'
  | 'unknown_method'
  | 'not_found'
  | 'auth'
  | 'http'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'conflict'
  | 'internal';

/** A JSON-safe error: never a class instance, so it survives structured clone and IPC. */
export interface AppError {
  readonly kind: ErrorKind;
  readonly title: string;
  readonly detail?: string;
  readonly status?: number;
  readonly code?: string;
  /** Field path (`autoScaling.min`, `containerTemplates[0].name`) → the rule that failed. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** Field path → the platform's own words, for a field error the server sent where they differ from `fieldErrors`' (a "platform says" line). */
  readonly platformSays?: Readonly<Record<string, string>>;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

/** Wraps a value as a successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Wraps an error as a failed result. */
export function err<T = never>(error: AppError): Result<T> {
  return { ok: false, error };
}

/** Builds an AppError, leaving out absent optional fields so the object stays JSON-clean. */
export function appError(
  kind: ErrorKind,
  title: string,
  extra: Omit<AppError, 'kind' | 'title'> = {},
): AppError {
  const e: { -readonly [K in keyof AppError]: AppError[K] } = { kind, title };
  if (extra.detail !== undefined) e.detail = extra.detail;
  if (extra.status !== undefined) e.status = extra.status;
  if (extra.code !== undefined) e.code = extra.code;
  if (extra.fieldErrors !== undefined) e.fieldErrors = extra.fieldErrors;
  if (extra.platformSays !== undefined) e.platformSays = extra.platformSays;
  return e;
}
