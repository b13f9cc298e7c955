/** A section of a long form that folds away, and says in words when it holds errors. */
import { ChevronRight } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState, type ReactNode } from 'react';

interface Props {
  readonly title: string;
  /** Errors inside the section; shown as a count on the header, so a folded section cannot hide them. */
  readonly errorCount?: number;
  readonly defaultOpen?: boolean;
  readonly children: ReactNode;
}

/** Folds its content behind a header button; opens by itself when new errors arrive inside it. */
export function CollapsibleSection({ title, errorCount = 0, defaultOpen = false, children }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const [seenErrors, setSeenErrors] = useState(errorCount);
  // Derived during render (not in an effect) so the fields are on screen in the same commit:
  // whoever focuses the first invalid field afterwards finds it.
  if (errorCount !== seenErrors) {
    setSeenErrors(errorCount);
    if (errorCount > seenErrors) setOpen(true);
  }
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="section" data-invalid={errorCount > 0 ? 'true' : undefined}>
      <h3 className="section-heading">
        <Collapsible.Trigger className="section-trigger">
          <ChevronRight aria-hidden="true" size={16} className="section-chevron" />
          <span>{title}</span>
          {errorCount > 0 && <span className="badge badge-error">{errorCount === 1 ? '1 error' : `${errorCount} errors`}</span>}
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="section-content">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
