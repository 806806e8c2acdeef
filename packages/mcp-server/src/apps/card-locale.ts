// How a card writes a business's amounts: in the business's locale and currency. The service's
// records carry no currency: both variants keep their books in euros, `de` in Germany and `pt` in
// Portugal (DECISIONS MC37).

/** The key of a card tool's result `_meta` that tells the card the business's locale and currency. */
export const CARD_META_KEY = 'io.acctkit/card';

/** The locale (BCP 47) and currency (ISO 4217) a card formats a business's amounts and dates in. */
export interface CardLocale {
  readonly locale: string;
  readonly currency: string;
}

const LOCALES: Readonly<Record<'de' | 'pt', CardLocale>> = {
  de: { locale: 'de-DE', currency: 'EUR' },
  pt: { locale: 'pt-PT', currency: 'EUR' },
};

/**
 * The `_meta` a card tool's result carries to a client that renders MCP Apps: the business's locale
 * and currency, for the card only (hosts give the model the content and structured content).
 *
 * @param variant - the business's variant.
 */
export function cardResultMeta(variant: 'de' | 'pt'): Record<typeof CARD_META_KEY, CardLocale> {
  return { [CARD_META_KEY]: LOCALES[variant] };
}
