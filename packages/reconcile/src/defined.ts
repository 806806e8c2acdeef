/** The object without its `undefined` properties: the types use optional fields, never `undefined`. */
export function defined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
