/** The console's command: a typed `api` line and the editor's body as one request, how history keeps it, and how it is copied. */
import { formatApiCommand, parseApiLine, parseJsonBody, toCurl, type ApiCommand } from '../../../shared/api-command.js';
import { MASK, isSecretName, redactText } from '../../../shared/redact.js';
import { appError } from '../../../shared/result.js';
import { AppFailure } from '../errors.js';

/** A validation failure of one part of the command (`line` or `body`), with where in the text it breaks. */
export function invalid(field: string, message: string, position?: number): AppFailure {
  return new AppFailure(appError('validation', message, { fieldErrors: { [field]: message }, ...(position !== undefined ? { code: `position:${position}` } : {}) }));
}

/** Parses the line and the editor body into one command, or fails naming the part and the rule. */
export function resolveCommand(line: string, editorBody: string | undefined): ApiCommand {
  const parsed = parseApiLine(line);
  if (!parsed.ok) throw invalid('line', parsed.error.message, parsed.error.position);
  const cmd = parsed.command;
  if (cmd.apiKey !== undefined || cmd.profile !== undefined) {
    throw invalid('line', 'The app uses the active profile and its keys: --api-key and --profile are for the burrow command.');
  }
  if (cmd.body !== undefined || !editorBody || editorBody.trim() === '') return cmd;
  // The parser refuses a body over the size cap before reading it as JSON.
  const body = parseJsonBody(editorBody);
  if (!body.ok) throw invalid('body', body.error.message, body.error.position);
  return { ...cmd, body: body.value, bodyText: editorBody };
}

// `name=value` in a query string, for masking credentials before a line is written to history.
const QUERY_PARAM = /([?&])([^=&\s'"#]+)=([^&\s'"#]*)/g;

/** The line as history keeps it: known key values and credential-named query values masked. */
export function historyLine(line: string, secrets: readonly string[]): string {
  return redactText(line, secrets).replace(QUERY_PARAM, (whole, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=${MASK}` : whole));
}

/**
 * The request as a curl command and as a `burrow api` line, built here so the renderer never parses the line
 * again nor learns the profile's URL. The key is a shell variable in both, and any known key value typed into
 * the line is masked.
 */
export function copyAs(cmd: ApiCommand, apiUrl: string, secrets: readonly string[]): { curl: string; burrowApi: string } {
  return { curl: redactText(toCurl(cmd, apiUrl), secrets), burrowApi: redactText(`burrow ${formatApiCommand(cmd)}`, secrets) };
}
