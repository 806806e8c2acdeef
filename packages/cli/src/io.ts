/** A stream the CLI writes to: `process.stdout`, `process.stderr`, or a test's buffer. */
export interface Output {
  write(text: string): unknown;
  /** Whether it is a terminal: JSON is pretty-printed and progress shown only then. */
  readonly isTTY?: boolean | undefined;
}

/** Everything the CLI touches outside itself, so tests and embedders can pass their own. */
export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  /** The environment (`ACCTKIT_*`, `XDG_CONFIG_HOME`). */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Where `login --no-browser` reads the pasted answer from, and `reconcile --book` the answer to its
   * question when it is a terminal (default: `process.stdin`). Nothing else reads it.
   */
  readonly stdin?: NodeJS.ReadableStream | undefined;
  /** Opens a URL in the system browser (default: the `open` package); a rejection means none could be opened. */
  readonly openUrl?: ((url: string) => Promise<void>) | undefined;
  /** The fetch to send with (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
}
