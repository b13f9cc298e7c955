/** Shows an AppError: what happened, then the platform's own words, then field rules. */
import type { AppError } from '../../shared/contract/result';
import { useActiveProfile } from '../bridge/active-profile';
import { errorOf } from '../bridge/client';

/** Failures that mean the platform was never reached (as opposed to answering with a refusal). */
const UNREACHED: ReadonlySet<AppError['kind']> = new Set(['network', 'timeout']);

/** The words before a failure's title when it is about reaching a profile's platform; null otherwise. */
export function unreachedLead(error: AppError, profileName: string | null): string | null {
  if (!UNREACHED.has(error.kind)) return null;
  return profileName ? `Could not reach the platform for profile ${profileName}:` : 'Could not reach the platform:';
}

export function ErrorMessage({ error, profileName }: { readonly error: unknown; readonly profileName?: string | null }) {
  if (!error) return null;
  const e = errorOf(error);
  // Only where the caller says whose platform was asked: a failure to reach it names the profile.
  const lead = profileName === undefined ? null : unreachedLead(e, profileName);
  return (
    <div role="alert" className="error-panel">
      {lead && <span className="error-lead">{lead} </span>}
      <strong>{e.title}</strong>
      {e.status !== undefined && <span className="muted"> ({e.status})</span>}
      {e.detail && <p className="error-detail">{e.detail}</p>}
      {e.fieldErrors && (
        <ul>
          {Object.entries(e.fieldErrors).map(([path, rule]) => (
            <li key={path}>
              <code>{path}</code> {rule}
              {e.platformSays?.[path] !== undefined && <span className="field-platform-says">platform says: {e.platformSays[path]}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The rule for one field from an error, if the error names that field. */
export function fieldError(error: unknown, path: string): string | undefined {
  if (!error) return undefined;
  return errorOf(error).fieldErrors?.[path];
}

/**
 * An error of a call to the active profile's platform (an area's list, a library's page): when the platform could not
 * be reached it says so and names the profile, so an unreachable profile never reads like an empty one.
 */
export function ActiveProfileError({ error }: { readonly error: unknown }) {
  const name = useActiveProfile((s) => s.name);
  return <ErrorMessage error={error} profileName={name} />;
}
