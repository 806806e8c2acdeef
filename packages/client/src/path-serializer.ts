/**
 * Fills `{name}` path parameters, percent-encoding each value; `dataPath` (the `/test/{dataPath}`
 * operations) keeps its `/` separators unencoded, as the service requires.
 */
export function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  return pathname.replace(/\{([^{}]+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return match;
    const encoded = encodeURIComponent(String(value));
    return name === 'dataPath' ? encoded.replace(/%2F/gi, '/') : encoded;
  });
}
