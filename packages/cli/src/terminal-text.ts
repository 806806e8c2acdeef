/**
 * Terminal escape sequences, in their 7-bit (ESC …) and 8-bit (C1) forms: CSI (`ESC [` … final byte),
 * the string commands OSC, DCS, SOS, PM and APC (up to BEL or ST, or the next control or line end
 * when unterminated) and the two-byte escapes (`ESC 7`, `ESC c`, …).
 */
const SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its purpose.
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0000-\u001f\u007f-\u009f]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;

/**
 * What is left after the sequences: C0 controls but tab and line feed, DEL, C1 controls, and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a
 * terminal show text in another order than it is stored (a name that reads as a different amount).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its purpose.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the service, a stored file or another program, made safe to show on a terminal: every
 * escape sequence and control character is removed, so a record or client name cannot clear the
 * screen, move the cursor, retitle the window, plant a link or reorder what is shown. Tab and line feed are kept, or with
 * `oneLine` turned into spaces (for a table cell). Text without control characters comes back as it was.
 *
 * @param text - The text to show.
 * @param options - `oneLine` (default false): also turn tabs and line feeds into spaces.
 * @returns The text without escape sequences and control characters.
 * @example
 * ```ts
 * terminalText('\u001b[2Jdemo\u001b]8;;https://x.test\u0007link\u001b]8;;\u0007'); // 'demolink'
 * ```
 */
export function terminalText(text: string, options: { readonly oneLine?: boolean } = {}): string {
  const clean = text.replace(SEQUENCE, '').replace(CONTROL, '');
  return options.oneLine ? clean.replace(/[\t\n]/g, ' ') : clean;
}

/**
 * `JSON.stringify`, with DEL, the C1 controls and the bidirectional controls (which JSON leaves raw)
 * written as `\u` escapes: the same JSON value, and nothing a terminal acts on.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
