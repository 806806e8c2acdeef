// How the cards should write a business's amounts, dates and months, by Node's own Intl (the same CLDR
// data Chromium formats with): the expected text of the card tests.

/** The locale of each variant's business. */
export const LOCALE = { de: 'de-DE', pt: 'pt-PT' } as const;

/** An amount in euros as the business's locale writes it (`1.234,50 €`, `1234,50 €`). */
export function euro(amount: string, variant: 'de' | 'pt'): string {
  return new Intl.NumberFormat(LOCALE[variant], { style: 'currency', currency: 'EUR' }).format(
    amount as `${number}`,
  );
}

/** An ISO date as the business's locale writes it (`03.01.2026`, `03/01/2026`). */
export function localDate(iso: string, variant: 'de' | 'pt'): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE[variant], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** An ISO month as the business's locale names it (`Januar 2026`). */
export function localMonth(iso: string, variant: 'de' | 'pt'): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(LOCALE[variant], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}
