/**
 * Remembers the JSON wire form of stored records. An entry is reused only while the record's stored
 * data text is unchanged, so a list page of unchanged records is not parsed, rebuilt and serialised
 * again on every request. Use it only for bodies that depend on the record alone (and static
 * reference data), never on other records. Bounded: when full, the oldest entries go first.
 */
export class WireCache {
  readonly #max: number;
  readonly #entries = new Map<string, { readonly raw: string; readonly json: string }>();

  constructor(max = 5_000) {
    this.#max = max;
  }

  /** The JSON text of `build()` for the record stored as `raw` under `key`. */
  json(key: string, raw: string, build: () => unknown): string {
    const hit = this.#entries.get(key);
    if (hit !== undefined && hit.raw === raw) return hit.json;
    const json = JSON.stringify(build());
    if (hit !== undefined) this.#entries.delete(key);
    else if (this.#entries.size >= this.#max)
      this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { raw, json });
    return json;
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
  }
}
