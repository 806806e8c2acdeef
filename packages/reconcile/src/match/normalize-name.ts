// Legal forms, as tokens after dots are dropped and other punctuation made a space: `GmbH & Co. KG`,
// `S.A.`, `Lda.`, `e.V.`, `Unipessoal Lda`.
const LEGAL_FORMS = new Set([
  'ag',
  'bv',
  'co',
  'eg',
  'ek',
  'ev',
  'gbr',
  'gmbh',
  'haftungsbeschrankt',
  'inc',
  'kg',
  'kgaa',
  'lda',
  'limited',
  'llc',
  'ltd',
  'mbh',
  'nv',
  'ohg',
  'plc',
  'sa',
  'sarl',
  'se',
  'sl',
  'srl',
  'ug',
  'unipessoal',
]);

/**
 * A name as a key for comparison: accents, case, punctuation and legal forms removed (`Müller GmbH`
 * and `MULLER` give `muller`; `Águas do Porto, S.A.` gives `aguas do porto`). Empty when nothing is
 * left.
 */
export function normalizeName(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\./g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '' && !LEGAL_FORMS.has(token))
    .join(' ');
}
