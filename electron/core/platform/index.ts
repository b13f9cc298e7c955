/** The platform HTTP client and its pure parts, for every feature of the core. */
export { createPlatformClient, DEFAULT_STREAM_IDLE_MS, DEFAULT_TIMEOUT_MS, type PlatformClientOptions } from './client.js';
export { cleanText, kindForStatus, mapPlatformError, statusTitle } from './errors.js';
export { DEFAULT_MAX_BODY_BYTES, isLoopbackHost } from './http.js';
export { breakerAfter, CLOSED_BREAKER, type BreakerState } from './breaker.js';
export { backoffCeiling, decideRetry, DEFAULT_RETRY_POLICY, isPlatformFailure, parseRetryAfter, type AttemptOutcome, type RetryDecision, type RetryInput, type RetryPolicy } from './retry.js';
export type { ApiArea, AttemptInfo, Credentials, Endpoints, PlatformClient, PlatformRequest, PlatformResponse } from './types.js';
export { joinUrl, MAX_PATH_LENGTH, pathProblem } from './url.js';
