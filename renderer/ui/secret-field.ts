/**
 * Marks that keep browsers and password-manager extensions from treating Burrow's fields as a login.
 *
 * Chromium's password manager offers to save any `type="password"` field inside a form on submit, whatever
 * `autocomplete="off"` or `"new-password"` say, and takes the text field before it as the username. A field marked
 * `autocomplete="one-time-code"` is not a password to it (it neither asks to save nor fills one), while staying a
 * password field for everything else: it is drawn masked, its value is not copied out, and screen readers hear
 * bullets rather than the secret. The data attributes ask the common extensions (1Password, LastPass, Dashlane) to
 * leave the field alone. The Chromium shell also starts with its password manager off; these marks hold without it.
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
