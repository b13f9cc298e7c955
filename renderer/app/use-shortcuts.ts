/** App-wide keys: Ctrl/Cmd+1…5 switch areas, Ctrl/Cmd+K opens the palette. */
import { useEffect } from 'react';
import { AREAS } from './areas';
import { useNav } from './nav-store';

export function useShortcuts(): void {
  const go = useNav((s) => s.go);
  const setPaletteOpen = useNav((s) => s.setPaletteOpen);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= AREAS.length) {
        e.preventDefault();
        go(AREAS[n - 1]!.id);
      } else if (e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPaletteOpen(true);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, setPaletteOpen]);
}
