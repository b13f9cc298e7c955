/** Counts in proper English: "1 item", "2 items", "0 items". */

/** The noun for a count: singular for exactly 1, else plural. */
export function nounFor(n: number, singular: string, plural = `${singular}s`): string {
  return n === 1 ? singular : plural;
}

/** A count with its noun: "1 item", "1,024 items". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${nounFor(n, singular, plural)}`;
}
