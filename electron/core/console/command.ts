/** The console's command: a typed `api` line and the editor's body as one request, how history keeps it, and how it is copied. */
import { formatApiCommand, parseApiLine, toCurl } from '../../../shared/console/command.js';
import { parseJsonBody } from '../../../shared/console/command-json.js';
import type { ApiCommand } from '../../../shared/console/command-types.js';
import { maskSecretMembers } from '../../../shared/common/json-text.js';
import { secretPairValueKey } from '../../../shared/apps/env-text.js';
import { MASK, isSecretName, isSecretQueryName, redactText } from '../../../shared/common/redact.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';

/** A validation failure of one part of the command (`line` or `body`), with where in the text it breaks. */
export function invalid(field: string, message: string, position?: number): AppFailure {
  return new AppFailure(appError('validation', message, { fieldErrors: { [field]: message }, ...(position !== undefined ? { code: `position:${position}` } : {}) }));
}

/** Parses the line and the editor body into one command, or fails naming the part and the rule. */
export function resolveCommand(line: string, editorBody: string | undefined): ApiCommand {
  // Typed in the app, not in a shell: `--body {"a": 1}` needs no quotes.
  const parsed = parseApiLine(line, { lenientBody: true });
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

/**
 * The line as history keeps it: known key values, credential-named query values, and credential-named members of
 * a JSON body given in the line (`{"Password":…,"ApiKey":…}`, at any depth, in arrays too) masked, and so is the value
 * of an environment variable pair (`{"Name":"DB_PASSWORD","Value":…}`) by the environment's own rule (`isSecretEnvVar`). A line whose body
 * had something masked is kept as the app writes the command (`--body '…'`), the body's other text as typed.
 */
export function historyLine(line: string, secrets: readonly string[]): string {
  const maskQuery = (text: string) => text.replace(QUERY_PARAM, (whole, sep: string, name: string) => (isSecretQueryName(name) ? `${sep}${name}=${MASK}` : whole));
  const base = maskQuery(redactText(line, secrets));
  const parsed = parseApiLine(base, { lenientBody: true });
  if (!parsed.ok || parsed.command.bodyText === undefined) return base;
  const body = maskSecretMembers(parsed.command.bodyText, isSecretName, MASK, secretPairValueKey);
  if (body.masked === 0) return base;
  const { body: _parsed, ...rest } = parsed.command;
  return maskQuery(formatApiCommand({ ...rest, bodyText: body.text }));
}

/**
 * The request as a curl command and as a `burrow api` line, built here so the renderer never parses the line
 * again nor learns the profile's URL. The key is a shell variable in both, and any known key value typed into
 * the line is masked.
 */
export function copyAs(cmd: ApiCommand, apiUrl: string, secrets: readonly string[]): { curl: string; burrowApi: string } {
  return { curl: redactText(toCurl(cmd, apiUrl), secrets), burrowApi: redactText(`burrow ${formatApiCommand(cmd)}`, secrets) };
}
