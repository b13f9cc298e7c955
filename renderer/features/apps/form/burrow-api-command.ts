/**
 * The create request as one `burrow api` command line: the same body on one line, sent to the containers area's
 * path (`burrow api` sends a path under `/mc` to the containers API), with no key in it (`burrow api` finds its own).
 */
import { shellQuote } from '../../../../shared/console/command-shell';

/** Where `burrow api` sends a create: the containers area's prefix, then the platform's path. */
export const CREATE_APP_API_PATH = '/mc/apps';

/** Where `burrow api` sends an edit of the app with this id (a merge-patch of the app). */
export function updateAppApiPath(id: string): string {
  return `${CREATE_APP_API_PATH}/${encodeURIComponent(id)}`;
}

/**
 * The command that sends this body text as the create request (or, given `method` and `path`, as another request:
 * an edit's PATCH); the body is the same JSON, written on one line.
 */
export function burrowApiCommand(text: string, method = 'POST', path = CREATE_APP_API_PATH): string {
  const oneLine = JSON.stringify(JSON.parse(text));
  return `burrow api ${method} ${path} --body ${shellQuote(oneLine)}`;
}
