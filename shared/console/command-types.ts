/** Types and limits of the raw request command (`api METHOD PATH [--body JSON]`). */

/** The methods the command sends; anything else is refused by name. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** One of API_METHODS. */
export type ApiMethod = (typeof API_METHODS)[number];

/** A body over this many UTF-8 bytes is refused before sending. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** How much of a response body the console shows; the rest can be saved to a file. */
export const DISPLAY_CAP_BYTES = 10 * 1024 * 1024;
/** How many commands are kept in each profile's history. */
export const HISTORY_LIMIT = 500;

/** Longest accepted path, query string included, after the leading `/` is added. */
export const MAX_PATH_LENGTH = 2048;

/**
 * Longest command line accepted in characters: a body at the byte cap, quoted with every character escaped
 * (so twice as long), plus the method, path and flags. A JSON body has no more UTF-16 units than UTF-8 bytes,
 * so MAX_BODY_BYTES also bounds a body's length in characters.
 */
export const MAX_LINE_LENGTH = 2 * MAX_BODY_BYTES + MAX_PATH_LENGTH + 1024;

/** A parsed, validated command. */
export interface ApiCommand {
  readonly method: ApiMethod;
  /** Normalized: always starts with '/'; relative to the profile's API URL; may carry a query string. */
  readonly path: string;
  /** The parsed JSON body; present exactly when bodyText is. */
  readonly body?: unknown;
  /** The JSON text as given. */
  readonly bodyText?: string;
  readonly verbose: boolean;
  readonly profile?: string;
  /** Never echoed back by formatApiCommand. */
  readonly apiKey?: string;
}

/** Which part of the command is wrong. */
export type ApiCommandErrorCode = 'empty' | 'quote' | 'method' | 'path' | 'body' | 'body-too-large' | 'flag' | 'usage';

/** Why a command was refused; a value, never thrown. */
export interface ApiCommandError {
  readonly code: ApiCommandErrorCode;
  /** Names the part and the rule. */
  readonly message: string;
  /** 0-based offset of the problem inside the part named: the line (quote), the path (path) or the body text (body). */
  readonly position?: number;
}

/** The outcome of parsing a command. */
export type ApiParse = { readonly ok: true; readonly command: ApiCommand } | { readonly ok: false; readonly error: ApiCommandError };
