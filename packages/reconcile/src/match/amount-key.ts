/**
 * A decimal string without sign and without the zeros that do not change its value (`-119.50` →
 * `119.5`, `7.00` → `7`): two amounts are equal exactly when their keys are, with no float involved.
 */
export function amountKey(decimal: string): string {
  const abs = decimal.startsWith('-') ? decimal.slice(1) : decimal;
  const [int = '0', frac = ''] = abs.split('.');
  const i = int.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f === '' ? i : `${i}.${f}`;
}
