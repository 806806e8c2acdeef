/** What a CSV column holds. */
export type CsvColumn =
  | 'bookingDate'
  | 'valueDate'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'currency'
  | 'name'
  | 'iban'
  | 'bic'
  | 'remittance'
  | 'reference'
  | 'endToEndId'
  | 'mandateId'
  | 'creditorId'
  | 'bookingText'
  | 'balance'
  | 'sign';

/** Header names (lower case, without accents, spaces or punctuation) of German, Portuguese and English exports. */
const NAMES: Record<CsvColumn, readonly string[]> = {
  bookingDate: [
    'buchungstag',
    'buchungsdatum',
    'buchung',
    'datum',
    'data',
    'datamovimento',
    'datadomovimento',
    'datalancamento',
    'datadelancamento',
    'dataoperacao',
    'date',
    'bookingdate',
    'transactiondate',
    'postingdate',
    'bookeddate',
  ],
  valueDate: [
    'valutadatum',
    'valuta',
    'wertstellung',
    'wertstellungsdatum',
    'datavalor',
    'datadevalor',
    'valuedate',
  ],
  amount: ['betrag', 'umsatz', 'montante', 'valor', 'importancia', 'amount', 'transactionamount'],
  debit: [
    'soll',
    'belastung',
    'ausgang',
    'debito',
    'debit',
    'debitamount',
    'withdrawal',
    'withdrawals',
    'paidout',
    'moneyout',
  ],
  credit: [
    'haben',
    'gutschrift',
    'eingang',
    'credito',
    'credit',
    'creditamount',
    'deposit',
    'deposits',
    'paidin',
    'moneyin',
  ],
  currency: ['wahrung', 'waehrung', 'whrung', 'moeda', 'divisa', 'currency', 'ccy'],
  name: [
    'auftraggeberempfanger',
    'auftraggeberempfaenger',
    'empfangerauftraggeber',
    'beguenstigterzahlungspflichtiger',
    'begunstigterzahlungspflichtiger',
    'zahlungspflichtigerempfanger',
    'auftraggeber',
    'empfanger',
    'empfaenger',
    'name',
    'nome',
    'ordenante',
    'beneficiario',
    'contraparte',
    'payee',
    'payer',
    'counterparty',
    'counterpartyname',
    'beneficiary',
  ],
  iban: [
    'iban',
    'kontonummeriban',
    'ibanauftraggeber',
    'ibanempfanger',
    'ibandacontraparte',
    'counterpartyiban',
    'accountiban',
  ],
  bic: ['bic', 'bicswiftcode', 'swift', 'bicswift'],
  remittance: [
    'verwendungszweck',
    'zahlungsreferenzverwendungszweck',
    'descricao',
    'descritivo',
    'descricaodomovimento',
    'movimento',
    'description',
    'memo',
    'details',
    'purpose',
    'remittance',
    'remittanceinformation',
  ],
  reference: ['referencia', 'referenz', 'bankreferenz', 'reference', 'bankreference', 'transactionid', 'id'],
  endToEndId: ['endtoendreferenz', 'endezuendereferenz', 'endtoendid', 'endtoend', 'eref'],
  mandateId: ['mandatsreferenz', 'mandatereference', 'mandateid'],
  creditorId: ['glaubigerid', 'glaeubigerid', 'creditorid'],
  bookingText: [
    'bookingtext',
    'buchungstext',
    'umsatzart',
    'vorgang',
    'tipo',
    'tipodemovimento',
    'type',
    'transactiontype',
  ],
  balance: [
    'saldo',
    'kontostand',
    'saldonachbuchung',
    'saldodisponivel',
    'saldocontabilistico',
    'balance',
    'runningbalance',
  ],
  sign: ['sollhaben', 'sh', 'debitcredit', 'dc', 'creditdebit', 'cd'],
};

const BY_NAME = new Map<string, CsvColumn>();
for (const [column, names] of Object.entries(NAMES) as [CsvColumn, readonly string[]][])
  for (const name of names) BY_NAME.set(name, column);

/** The header's key: accents, spaces and punctuation removed, a `(EUR)` suffix taken off. */
export function headerKey(cell: string): { key: string; currency?: string } {
  const paren = /\(([A-Z]{3}|€)\)\s*$/i.exec(cell.trim());
  const base = paren ? cell.trim().slice(0, paren.index) : cell;
  const key = base
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
  const code = paren?.[1]?.toUpperCase();
  return code === undefined ? { key } : { key, currency: code === '€' ? 'EUR' : code };
}

/** The columns a header row names, first column of each kind winning; `undefined` when it is no header. */
export function headerColumns(
  cells: readonly string[],
): { columns: Map<CsvColumn, number>; currency?: string; score: number } | undefined {
  const columns = new Map<CsvColumn, number>();
  let currency: string | undefined;
  cells.forEach((cell, i) => {
    const { key, currency: suffix } = headerKey(cell);
    const column = BY_NAME.get(key);
    if (column === undefined || columns.has(column)) return;
    columns.set(column, i);
    if (suffix && (column === 'amount' || column === 'debit' || column === 'credit' || column === 'balance'))
      currency ??= suffix;
  });
  const hasDate = columns.has('bookingDate') || columns.has('valueDate');
  if (!hasDate || columns.size < 2) return undefined;
  return currency === undefined
    ? { columns, score: columns.size }
    : { columns, currency, score: columns.size };
}
