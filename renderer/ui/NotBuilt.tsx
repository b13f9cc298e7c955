/** The plain notice an area shows until its feature lands; its heading is where focus lands on arrival. */
import type { ReactNode } from 'react';
import { useAreaFocusTarget } from '../app/area-focus';

export function NotBuilt({ what, children }: { readonly what: string; readonly children?: ReactNode }) {
  const focusTarget = useAreaFocusTarget();
  return (
    <section className="empty-state" data-testid="not-built" aria-labelledby="not-built-heading">
      <h2 id="not-built-heading" tabIndex={-1} ref={focusTarget}>
        Not built yet
      </h2>
      <p>{what} is not part of this version of Burrow yet.</p>
      {children}
    </section>
  );
}
