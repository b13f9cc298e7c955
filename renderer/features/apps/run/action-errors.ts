/**
 * A refused deploy, undeploy, restart or quick change, in words that name the app and what to do. A 409 on deploy or
 * undeploy means the app or the account is suspended (said with the app's name); on a restart or a change the core's
 * own sentence for that operation is kept (the app is not deployed, or still changing), so the page and `burrow apps`
 * say the same thing. A 404 means the app is gone. The platform's own words stay below.
 */
import type { AppError } from '../../../../shared/contract/result';
import { BridgeError, errorOf } from '../../../bridge/client';

/** The "The platform said: …" line of a core error's detail, when there is one. */
function platformSaid(detail: string | undefined): string | null {
  return detail?.split('\n').find((l) => l.startsWith('The platform said:') || l.startsWith('The platform answered:')) ?? null;
}

/** The AppError in what was thrown, or the AppError itself. */
function asAppError(error: unknown): AppError {
  if (typeof error === 'object' && error !== null && !(error instanceof Error) && 'kind' in error && 'title' in error) return error as AppError;
  return errorOf(error);
}

/** Whether an error means the app is no longer there. */
export function isGone(error: unknown): boolean {
  const e = asAppError(error);
  return e.status === 404 || e.kind === 'not_found';
}

/** The error of an action on `name` (`verb`: deploy, undeploy, restart, change), told for a person; ready for ErrorMessage. */
export function actionError(error: unknown, name: string | null, verb: string): BridgeError {
  return new BridgeError(actionErrorOf(error, name, verb));
}

/** The AppError of actionError. */
export function actionErrorOf(error: unknown, name: string | null, verb: string): AppError {
  const e = asAppError(error);
  const said = platformSaid(e.detail);
  if (e.status === 409 && (verb === 'deploy' || verb === 'undeploy')) {
    return {
      kind: 'conflict',
      title: `The platform would not ${verb} ${name === null ? 'the app' : `“${name}”`}: the app or the account is suspended.`,
      detail: [said, 'Check billing and the account status in the bunny.net dashboard (a suspended account has no valid payment card or was stopped), then try again.'].filter(Boolean).join('\n'),
      status: 409,
    };
  }
  if (isGone(e)) {
    return {
      kind: 'not_found',
      title: name === null ? 'This app no longer exists.' : `“${name}” no longer exists.`,
      detail: [said ?? e.detail, 'It may have been deleted elsewhere (the dashboard, the bunny CLI or burrow apps). Go back to the list to see the apps there are.'].filter(Boolean).join('\n'),
      status: 404,
    };
  }
  return e;
}

/** A rule the user broke, as an error ErrorMessage shows. */
export function ruleError(message: string): BridgeError {
  return new BridgeError({ kind: 'validation', title: message });
}
