/** Error answers of the logging area, in the `{"error":{"code","message","details?"}}` shape (both versions). */
import type { ServerResponse } from 'node:http';
import { logError, type LogErrorCode } from '../../shared/logs/v2-response.js';
import { sendJson } from '../http.js';

/** Answers an error; returns true so handlers can `return sendLogError(...)`. */
export function sendLogError(
  res: ServerResponse,
  status: number,
  code: LogErrorCode,
  message: string,
  details?: readonly string[],
  headers: Record<string, string> = {},
): true {
  sendJson(res, status, logError(code, message, details), headers);
  return true;
}
