import type { StatementLine } from '../bank-statement.js';

/** References shorter than this (after punctuation is dropped) are too common to be evidence. */
export const MIN_REFERENCE_LENGTH = 4;

const compact = (text: string): string => text.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
const spaced = (text: string): string =>
  ` ${text
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== '')
    .join(' ')} `;

/** Where in a line a record's reference was found. */
export type ReferenceField = 'endToEndId' | 'bankReference' | 'remittance';

/**
 * The field of `line` that carries `reference`: the end-to-end id or bank reference equal to it, or
 * the remittance holding it as whole words (`RE-2024-7` is in `Rechnung RE 2024 7 vom 2.1.`, not in
 * `RE-2024-71`) or as one word written without its punctuation (`RE20247`). Case and punctuation do
 * not count; a reference shorter than {@link MIN_REFERENCE_LENGTH} characters is never found.
 */
export function findReference(
  line: StatementLine,
  reference: string | undefined,
): ReferenceField | undefined {
  if (reference === undefined) return undefined;
  const ref = compact(reference);
  if (ref.length < MIN_REFERENCE_LENGTH) return undefined;
  if (line.endToEndId !== undefined && compact(line.endToEndId) === ref) return 'endToEndId';
  if (line.bankReference !== undefined && compact(line.bankReference) === ref) return 'bankReference';
  const text = line.remittance;
  if (text === undefined) return undefined;
  if (spaced(text).includes(spaced(reference))) return 'remittance';
  for (const word of text.split(' ')) if (compact(word) === ref) return 'remittance';
  return undefined;
}
