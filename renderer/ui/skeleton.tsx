/** The shape of a list that is loading, drawn before it arrives: announced as loading, its bars hidden from speech. */
export function Skeleton({ label, rows = 5, testId }: { readonly label: string; readonly rows?: number; readonly testId?: string }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true">
          <span className="skeleton-bar" />
          <span className="skeleton-bar" />
        </div>
      ))}
    </div>
  );
}
