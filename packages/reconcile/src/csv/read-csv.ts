/** One CSV record and the 1-based line of the input where it starts. */
export interface CsvRecord {
  readonly cells: string[];
  readonly line: number;
}

/**
 * Reads RFC 4180 records: fields quoted with `"` may hold the delimiter, `""` and line breaks; CRLF,
 * LF or CR end a record. Stops after `limit` records. An unclosed quote is reported by its line.
 */
export function readCsv(
  text: string,
  delimiter: string,
  limit: number = Number.POSITIVE_INFINITY,
): { records: CsvRecord[]; unclosedQuote?: number } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let i = 0;
  const n = text.length;
  const endRecord = (): void => {
    cells.push(cell);
    records.push({ cells, line: start });
    cells = [];
    cell = '';
  };
  while (i < n && records.length < limit) {
    const c = text[i] as string;
    if (c === '"' && cell.trim() === '') {
      const open = line;
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return { records, unclosedQuote: open };
        value += text.slice(j, q);
        if (text[q + 1] === '"') {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      for (const ch of text.slice(i, j)) if (ch === '\n') line++;
      cell = value;
      i = j;
      // Text after the closing quote (outside RFC 4180) is kept as banks wrote it.
      while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
      continue;
    }
    if (c === delimiter) {
      cells.push(cell);
      cell = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      start = line;
    } else {
      let j = i + 1;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j++;
      cell += text.slice(i, j);
      i = j;
    }
  }
  if (records.length < limit && (cell !== '' || cells.length > 0)) endRecord();
  return { records };
}
