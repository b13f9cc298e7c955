/** The charts' colours, read from the page's CSS variables so they match the table's chips and follow the theme. */

/** The value of a CSS colour variable on the document, or `fallback` where the style sheet is not loaded. */
export function cssColor(name: string, fallback = '#6e7781'): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}
