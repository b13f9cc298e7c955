/** The core's failure type: what a handler or the platform client throws on purpose, and how anything thrown becomes an AppError. */
import { appError, type AppError } from '../../shared/contract/result.js';

/** An error thrown on purpose: it reaches the caller as-is, shape and all. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.title);
  }
}

/** Any thrown value as an AppError; AppFailure keeps its shape, an abort is a cancellation, everything else is internal. */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppFailure) return e.error;
  if (e instanceof Error && e.name === 'AbortError') return appError('cancelled', 'Cancelled');
  const message = e instanceof Error ? e.message : String(e);
  return appError('internal', 'Something went wrong inside Burrow', { detail: message });
}
