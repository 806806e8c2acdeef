/** Days since 1970-01-01 of an ISO `yyyy-mm-dd` date: date windows are differences of these. */
export function dayNumber(iso: string): number {
  return Math.round(
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000,
  );
}
