/** Whether `iban` (no spaces, upper case) passes the ISO 13616 mod-97 check. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1;
}

/** Builds a valid IBAN from a country code and a BBAN by computing the check digits. */
export function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}
