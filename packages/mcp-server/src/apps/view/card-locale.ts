// The business's locale and currency, as the server passes them to a card in the result's `_meta`,
// and the amounts and dates a card shows, written in them. Amounts stay the service's decimal
// strings: Intl formats a numeric string exactly, so no float ever rounds one.
import { CARD_META_KEY, type CardLocale } from '../card-locale.js';
import { isObject, type ToolResult } from './tool-result.js';

export type { CardLocale };

/** Used when a host passes no `_meta` on: the amounts stay readable, without a currency sign. */
const FALLBACK: CardLocale = { locale: 'en-GB', currency: '' };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * The locale and currency a result's `_meta` names for the card.
 *
 * @param result - the tool result from the host.
 */
export function cardLocaleOf(result: ToolResult): CardLocale {
  const meta = isObject(result._meta) ? result._meta[CARD_META_KEY] : undefined;
  if (!isObject(meta) || typeof meta.locale !== 'string' || typeof meta.currency !== 'string')
    return FALLBACK;
  try {
    // A locale or currency the browser does not know falls back rather than throwing later.
    new Intl.NumberFormat(meta.locale, meta.currency ? { style: 'currency', currency: meta.currency } : {});
    return { locale: meta.locale, currency: meta.currency };
  } catch {
    return FALLBACK;
  }
}

/**
 * An amount with its currency in the locale (`-1.234,50 €` in de-DE); a value that is not a decimal
 * string is shown as it came.
 *
 * @param amount - a decimal string such as `"-1234.50"`.
 * @param locale - the business's locale and currency.
 * @param currency - the currency when it is not the business's (a statement's own).
 */
export function money(amount: string, locale: CardLocale, currency: string = locale.currency): string {
  if (!DECIMAL.test(amount)) return amount;
  const style: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency }
    : { minimumFractionDigits: 2, maximumFractionDigits: 20 };
  // A numeric string is formatted exactly (Intl.NumberFormat v3); the cast only satisfies the types.
  return new Intl.NumberFormat(locale.locale, style).format(amount as `${number}`);
}

/**
 * An ISO date (`2026-01-03`) as the locale writes it (`03.01.2026` in de-DE); anything else as given.
 *
 * @param iso - a `yyyy-mm-dd` date.
 * @param locale - the business's locale.
 */
export function date(iso: string, locale: CardLocale): string {
  const parts = ISO_DATE.exec(iso);
  if (!parts) return iso;
  const at = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return new Intl.DateTimeFormat(locale.locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/**
 * An ISO month (`2026-01`) as the locale names it (`Januar 2026` in de-DE); anything else as given.
 *
 * @param iso - a `yyyy-mm` month.
 * @param locale - the business's locale.
 */
export function month(iso: string, locale: CardLocale): string {
  const parts = ISO_MONTH.exec(iso);
  if (!parts) return iso;
  const at = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    at,
  );
}
