/** One tagged field of an MT940 text, its continuation lines included. */
export interface Mt940Field {
  /** `20`, `25`, `28C`, `60F`, `61`, `86`, … */
  readonly tag: string;
  /** The field's lines, the tag removed from the first. */
  readonly lines: string[];
  /** 1-based line of the input where the field starts. */
  readonly line: number;
}

/** A group of fields between `-` separators (or SWIFT block ends). */
export interface Mt940Message {
  readonly fields: Mt940Field[];
}

const TAG = /^:(\d{2}[A-Z]?|NS):/;
// SWIFT envelope around block 4: `{1:F01…}{2:…}{4:` before the fields, `-}` after them.
const BLOCK_START = /^(?:\{\d:[^}]*\})*\{4:\s*$/;

/**
 * Splits MT940 text into messages of tagged fields. Lines that do not start a field continue the one
 * before (banks cut lines at 65 characters); a line `-` (or `-}`) ends a message.
 */
export function readFields(text: string): { messages: Mt940Message[]; stray?: number } {
  const lines = text.split(/\r\n|\r|\n/);
  const messages: Mt940Message[] = [];
  let current: Mt940Field[] = [];
  let field: Mt940Field | undefined;
  let stray: number | undefined;
  const end = (): void => {
    if (current.length > 0) messages.push({ fields: current });
    current = [];
    field = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i] as string;
    if (i === 0 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    const trimmed = raw.trimEnd();
    if (trimmed === '-' || trimmed === '-}' || trimmed === '$') {
      end();
      continue;
    }
    if (BLOCK_START.test(trimmed)) {
      end();
      continue;
    }
    const m = TAG.exec(trimmed);
    if (m) {
      field = { tag: m[1] as string, lines: [trimmed.slice(m[0].length)], line: i + 1 };
      current.push(field);
    } else if (trimmed.trim() === '') {
    } else if (field) {
      field.lines.push(trimmed);
    } else {
      stray ??= i + 1;
    }
  }
  end();
  return stray === undefined ? { messages } : { messages, stray };
}
