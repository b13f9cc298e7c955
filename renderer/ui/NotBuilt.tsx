/** The plain notice an area shows until its feature lands. */
import type { ReactNode } from 'react';

export function NotBuilt({ what, children }: { readonly what: string; readonly children?: ReactNode }) {
  return (
    <section className="empty-state" data-testid="not-built">
      <h2>Not built yet</h2>
      <p>{what} is not part of this version of Burrow yet.</p>
      {children}
    </section>
  );
}
