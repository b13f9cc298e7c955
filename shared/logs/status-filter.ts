/** Status-code filters of both log APIs: exact codes (`404`) or classes (`4xx` in v2, `4` in v1). */

/** One token of a status filter. */
export type StatusFilter =
  | { readonly kind: 'code'; readonly code: number }
  | { readonly kind: 'class'; readonly digit: number };

/** Parsed filter list, or the first token that is neither a code nor a class. */
export type StatusFilterResult =
  | { readonly ok: true; readonly filters: readonly StatusFilter[] }
  | { readonly ok: false; readonly message: string };

const CODE = /^[1-5]\d\d$/;
const CLASS = /^([1-5])(xx)?$/i;

/**
 * Parses a comma list such as `200,404`, `2xx,5xx` or `4,5`. Both class spellings are
 * accepted in either API, since the v1 documentation and clients disagree.
 */
export function parseStatusFilters(text: string): StatusFilterResult {
  const tokens = text.split(',').map((t) => t.trim());
  if (tokens.every((t) => t === '')) return { ok: false, message: 'must list at least one status code or class' };
  const filters: StatusFilter[] = [];
  for (const token of tokens) {
    if (token === '') continue;
    if (CODE.test(token)) {
      filters.push({ kind: 'code', code: Number(token) });
      continue;
    }
    const m = CLASS.exec(token);
    if (m === null) {
      return { ok: false, message: `"${token.slice(0, 32)}" is not a status code (e.g. 404) or class (e.g. 4xx)` };
    }
    filters.push({ kind: 'class', digit: Number(m[1]) });
  }
  return { ok: true, filters };
}

/** True when the code matches any filter (the tokens are OR-combined). */
export function matchesStatus(code: number, filters: readonly StatusFilter[]): boolean {
  return filters.some((f) => {
    switch (f.kind) {
      case 'code':
        return f.code === code;
      case 'class':
        return Math.floor(code / 100) === f.digit;
    }
  });
}

/** Writes filters back in the v2 spelling (`404`, `5xx`). */
export function formatStatusFilters(filters: readonly StatusFilter[]): string {
  return filters.map((f) => (f.kind === 'code' ? String(f.code) : `${f.digit}xx`)).join(',');
}
