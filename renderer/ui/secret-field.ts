/**
 * Marks that keep password managers from taking Burrow's fields for a login. Chromium offers to save any
 * `type="password"` field whatever `autocomplete` says, except `one-time-code` (still masked, still read as bullets);
 * the data attributes ask 1Password, LastPass and Dashlane to leave the field alone.
 */

/** Spread onto a secret's input (keep `type="password"` while it is masked). */
export const SECRET_INPUT_MARKS = {
  autoComplete: 'one-time-code',
  spellCheck: false,
  'data-1p-ignore': 'true',
  'data-lpignore': 'true',
  'data-form-type': 'other',
} as const;

/** Spread onto a plain field beside a secret (a header's name, a variable's name) so it is not taken as a username. */
export const NOT_A_USERNAME_MARKS = {
  autoComplete: 'off',
  'data-1p-ignore': 'true',
  'data-lpignore': 'true',
  'data-form-type': 'other',
} as const;
