/** A count with its noun in the right number: "1 item", "2 items", "0 items". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}
