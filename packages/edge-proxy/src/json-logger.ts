/**
 * Where the proxy writes its log: each record as one line of JSON, and the same record as an object
 * (already redacted) for sinks that take structure, such as `console.log` on Workers, whose Workers
 * Logs index an object's fields.
 */
export type LogSink = (line: string, record: Readonly<Record<string, unknown>>) => void;

// Field names whose values are never logged, whatever they hold.
const secretField = /authorization|token|secret|password|cookie|signature|nonce|^key$|^code$/i;
// Values that look like a proxy key or a bearer credential are masked wherever they appear.
const secretValue = /akp_[rw]_[A-Za-z0-9_-]+|Bearer\s+\S+/g;

// Whether a field name is a secret's, by name: log records repeat a few names, so each is tested once
// (at most 1 024 kept, then the memo starts again).
const secretFields = new Map<string, boolean>();
function isSecretField(field: string): boolean {
  let secret = secretFields.get(field);
  if (secret === undefined) {
    secret = secretField.test(field);
    if (secretFields.size >= 1024) secretFields.clear();
    secretFields.set(field, secret);
  }
  return secret;
}

// The record's time as ISO 8601: every line written within one millisecond shares the string.
let lastMs = Number.NaN;
let lastTime = '';
function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = new Date(ms).toISOString();
  }
  return lastTime;
}

/**
 * Replaces secrets in a log record: fields named like secrets, and key-shaped or `Bearer` values
 * anywhere. The proxy's own log lines go through it; use it for lines of your own beside them.
 *
 * @param value - Any JSON-like value.
 * @param field - The field name `value` sits under, if any.
 * @returns A copy with secrets replaced by `[REDACTED]`.
 * @example
 * ```ts
 * import { redact } from '@acctkit/edge-proxy';
 * redact({ refresh_token: 'r', note: 'Bearer abc' }); // { refresh_token: '[REDACTED]', note: '[REDACTED]' }
 * ```
 */
export function redact(value: unknown, field = ''): unknown {
  if (field && isSecretField(field)) return '[REDACTED]';
  if (typeof value === 'string')
    // Both patterns start with one of these literals: a value holding neither has nothing to mask.
    return value.includes('akp_') || value.includes('Bearer')
      ? value.replace(secretValue, '[REDACTED]')
      : value;
  if (Array.isArray(value)) return value.map((v) => redact(v));
  if (value && typeof value === 'object') {
    // Defined, not assigned: a field named `__proto__` (JSON.parse makes them) stays a field.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  }
  return value;
}

/**
 * A logger writing JSON lines with a time and level, redacted (see {@link redact}).
 *
 * @param sink - Receives each line without the newline, and its record; nothing is written when absent.
 * @returns `log(level, fields)`.
 */
export function jsonLogger(
  sink: LogSink | undefined,
): (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>) => void {
  if (!sink) return () => {};
  return (level, fields) => {
    const record: Record<string, unknown> = { time: isoTime(Date.now()), level };
    // One pass: fields not known for this request are left out (not written as null or undefined),
    // the others redacted as `redact` does, without copying the record twice.
    for (const k of Object.keys(fields)) {
      const v = fields[k];
      if (v !== undefined) record[k] = redact(v, k);
    }
    sink(JSON.stringify(record), record);
  };
}
