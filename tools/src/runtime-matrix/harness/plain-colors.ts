/**
 * Stands in for `tinyrainbow` (the colour library of @vitest/expect) in matrix bundles: it reads
 * `process.env` when loaded, which Deno refuses without an env permission, and a report collected
 * as text has no use for terminal colours. Every colour is the identity, as tinyrainbow's own
 * colourless mode.
 */
type Formatter = ((input: unknown) => string) & { open: string; close: string };

const plain: Formatter = Object.assign((input: unknown) => String(input), { open: '', close: '' });

const colors: Record<string, Formatter | boolean> = new Proxy(
  {},
  { get: (_target, prop) => (prop === 'isColorSupported' ? false : plain) },
);

export default colors;
