/** JSON paths as the platform writes them in error fields: `containerTemplates[0].endpoints[1].cdn`. */

/** `['a', 0, 'b']` → `a[0].b`; the empty path is `root`. */
export function formatPath(path: readonly PropertyKey[], root = '$'): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? root : out;
}
