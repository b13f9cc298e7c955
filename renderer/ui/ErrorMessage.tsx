/** Shows an AppError: what happened, then the platform's own words, then field rules. */
import { errorOf } from '../bridge/client';

export function ErrorMessage({ error }: { readonly error: unknown }) {
  if (!error) return null;
  const e = errorOf(error);
  return (
    <div role="alert" className="error-panel">
      <strong>{e.title}</strong>
      {e.status !== undefined && <span className="muted"> ({e.status})</span>}
      {e.detail && <p className="error-detail">{e.detail}</p>}
      {e.fieldErrors && (
        <ul>
          {Object.entries(e.fieldErrors).map(([path, rule]) => (
            <li key={path}>
              <code>{path}</code> {rule}
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
