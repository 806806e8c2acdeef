/** A row of the `records` table as read from SQLite. */
export interface Row {
  id: number;
  business_id: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  data: string;
}

/** The columns of {@link Row}, in order, for raw (array) reads. */
export const ROW_COLUMNS = 'id, business_id, created_at, updated_at, deleted_at, data';

/** A {@link Row} read in raw (array) mode. */
export type RawRow = [number, number, number, number, number | null, string];

/** The {@link Row} of a raw read. */
export function fromRaw(r: RawRow): Row {
  return { id: r[0], business_id: r[1], created_at: r[2], updated_at: r[3], deleted_at: r[4], data: r[5] };
}
