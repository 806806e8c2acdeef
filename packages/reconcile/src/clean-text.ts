/** Longest name, IBAN, id or reference kept (SEPA allows 140 characters; ISO 20022 `Max140Text`). */
export const NAME_LIMIT = 140;
/** Longest remittance text kept (CAMT allows several `Ustrd` of 140; MT940 14 lines of 27 plus tags). */
export const REMITTANCE_LIMIT = 500;

// Control characters (C0, DEL, C1), line and paragraph separators become spaces; invisible format
// characters (zero-width, bidirectional overrides and isolates, BOM) go: they can make one text show
// as another.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const SPACES = /\s+/g;

/**
 * Text from a statement as plain data: control and invisible characters removed, whitespace
 * collapsed to single spaces, trimmed and cut to `limit` characters (never inside a surrogate pair).
 * Returns `undefined` for text that is empty afterwards.
 */
export function cleanText(value: string | undefined, limit: number): string | undefined {
  if (value === undefined) return undefined;
  let text = value.replace(CONTROLS, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
  if (text.length > limit) {
    const code = text.charCodeAt(limit - 1);
    const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
    text = text.slice(0, end).trimEnd();
  }
  return text === '' ? undefined : text;
}

/** An IBAN or BIC as one upper-case token, or `undefined` when the text is not one. */
export function cleanCode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = value.replace(SPACES, '').toUpperCase();
  return /^[A-Z0-9]{4,34}$/.test(code) ? code : undefined;
}
