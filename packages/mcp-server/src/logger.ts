import type { LoggingLevel } from '@modelcontextprotocol/server';

/** Log lines to the client at the level it set (`logging/setLevel`), secrets redacted. */
export interface Logger {
  log(level: LoggingLevel, message: string, data?: Record<string, unknown>): void;
}

const SECRET_KEY = /secret|token|password|authorization|signature|cookie/i;
const REDACTED = '[redacted]';

/** A copy of `value` with every secret-named field replaced by `[redacted]`, bearer tokens too. */
function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`);
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = SECRET_KEY.test(key) ? REDACTED : redact(item, depth + 1);
  return out;
}

/** One log line, secrets redacted. */
export interface LogEntry {
  readonly level: LoggingLevel;
  readonly logger: string;
  readonly data: unknown;
}

/** Where log lines go besides the client (stderr for stdio). */
export type LogSink = (entry: LogEntry) => void;

const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Whether `value` names a level of the protocol (`debug` … `emergency`). */
export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && (SEVERITY as readonly string[]).includes(value);
}

/** The rank of a level, from `debug` (0) to `emergency` (7). */
export function severityOf(level: LoggingLevel): number {
  return SEVERITY.indexOf(level);
}

/** A logger that sends `notifications/message` through `send`; failures to send are dropped. */
export function createLogger(send: (entry: LogEntry) => Promise<void>): Logger {
  return {
    log(level, message, data) {
      const payload = redact(data ? { message, ...data } : message);
      send({ level, logger: 'acctkit-mcp', data: payload }).catch(() => {
        // Not connected, or the client went away: a log line is not worth failing a call for.
      });
    },
  };
}
