/**
 * The client's clock against the platform's: tus signatures carry an expiry the platform checks against its own
 * clock, so a clock hours off would have every upload refused as a wrong key. Uploads are signed with the
 * platform's time instead, and a large difference is said once on the row.
 */

/** A difference at least this large is said to the user (smaller ones are only corrected). */
export const LARGE_CLOCK_SKEW_MS = 5 * 60_000;

function span(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.round(minutes / 6) / 10;
  return `${hours} hours`;
}

/** The row's note for a clock `skewMs` behind the platform's (negative: ahead of it). */
export function clockNote(skewMs: number): string {
  return `This computer's clock is ${span(skewMs)} ${skewMs > 0 ? 'behind' : 'ahead of'} the platform's; the upload is signed with the platform's time`;
}

/** True for a note clockNote wrote. */
export function isClockNote(note: string | null): boolean {
  return note !== null && note.startsWith("This computer's clock is ");
}
