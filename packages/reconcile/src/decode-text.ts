// Windows-1252 differs from Latin-1 only in 0x80–0x9F; undefined bytes there keep their C1 code.
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Text of a statement file: UTF-8 when the bytes are valid UTF-8 (a byte order mark is dropped), else
 * Windows-1252, which German banks still use for MT940 and CSV. Decoded by hand: not every runtime's
 * `TextDecoder` knows Windows-1252.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const chunks: string[] = [];
    const codes: number[] = [];
    for (const byte of bytes) {
      codes.push(byte >= 0x80 && byte <= 0x9f ? (CP1252_80_9F[byte - 0x80] ?? byte) : byte);
      if (codes.length === 8192) chunks.push(String.fromCharCode(...codes.splice(0)));
    }
    chunks.push(String.fromCharCode(...codes));
    return chunks.join('');
  }
}
