/**
 * After a submit with errors (or a server answer naming fields), focus the invalid field that comes first: sections
 * in their order on the page, fields in theirs. A folded section holding it is opened first (its fields are not on
 * the page while folded), then the field is focused once they are.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormSetFocus } from 'react-hook-form';
import type { AppFormValues } from './form-schema';

/** A section and the form paths under it. */
export interface SectionSpec {
  readonly id: string;
  readonly paths: readonly string[];
}

function sectionIndex(sections: readonly SectionSpec[], path: string): number {
  const i = sections.findIndex((s) => s.paths.some((p) => path === p || path.startsWith(`${p}.`)));
  return i < 0 ? sections.length : i;
}

function elementFor(path: string): HTMLElement | null {
  return document.getElementsByName(path.replace(/\.root$/, ''))[0] ?? null;
}

function isOpen(sectionId: string): boolean {
  return document.querySelector(`[data-section="${sectionId}"] [aria-expanded="true"]`) !== null;
}

/** Returns the open-nonce of each section (key a section on it to force it open) and `focusFirst(paths)`. */
export function useFocusFirstError(sections: readonly SectionSpec[], setFocus: UseFormSetFocus<AppFormValues>) {
  const [nonces, setNonces] = useState<Readonly<Record<string, number>>>({});
  const [tick, setTick] = useState(0);
  const pending = useRef<readonly string[] | null>(null);

  useEffect(() => {
    const paths = pending.current;
    pending.current = null;
    if (!paths) return;
    const placed = paths
      .map((path) => ({ path, element: elementFor(path) }))
      .filter((p): p is { path: string; element: HTMLElement } => p.element !== null)
      .sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    if (placed[0]) placed[0].element.focus();
    else if (paths[0]) setFocus(paths[0].replace(/\.root$/, '') as Parameters<typeof setFocus>[0]);
  }, [tick, setFocus]);

  const focusFirst = useCallback(
    (paths: readonly string[]) => {
      if (paths.length === 0) return;
      const first = Math.min(...paths.map((p) => sectionIndex(sections, p)));
      const section = sections[first];
      // A folded section has no fields on the page: open it (remounted open) before looking for the field.
      if (section && !isOpen(section.id)) setNonces((n) => ({ ...n, [section.id]: (n[section.id] ?? 0) + 1 }));
      pending.current = paths.filter((p) => sectionIndex(sections, p) === first);
      setTick((t) => t + 1);
    },
    [sections],
  );
  return { nonces, focusFirst };
}
