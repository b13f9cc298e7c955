/** Light/dark theme: follows the OS unless the user picks one in Settings. */
import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'burrow.theme';

function stored(): ThemeChoice {
  const v = window.localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** Applies a choice to the document: `data-theme` is only set when the user overrides the OS. */
function apply(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

interface ThemeState {
  readonly choice: ThemeChoice;
  set(choice: ThemeChoice): void;
}

export const useTheme = create<ThemeState>((set) => {
  const initial = stored();
  apply(initial);
  return {
    choice: initial,
    set(choice) {
      window.localStorage.setItem(KEY, choice);
      apply(choice);
      set({ choice });
    },
  };
});
