/**
 * Stable codes carried by {@link ReconcileError}; switch on them, never on the message.
 *
 * - `UNKNOWN_FORMAT`: the input is neither CAMT.053 XML, MT940 nor a bank CSV export with a header row.
 * - `MALFORMED_CAMT`: the XML is not well formed, declares a DOCTYPE, or a CAMT.053 element that a
 *   statement needs is missing or invalid; `path` names the element.
 * - `MALFORMED_MT940`: a field of the MT940 text is missing, out of place or invalid; `line` names it.
 * - `MALFORMED_CSV`: no header row, no amount column, or a row whose date or amount cannot be read;
 *   `line` names the row.
 * - `TOO_LARGE`: the input is larger than the `maxBytes` option (10 MiB by default); nothing was read.
 * - `INVALID_STATEMENT`: a statement given to `serializeStatement` holds an amount, date or currency
 *   that is not in the form the parser produces.
 * - `BANK_ACCOUNT_NOT_FOUND`: `reconcileStatement` found no bank account of the books (or more than
 *   one) with the statement's IBAN or account number, or none with the `bankAccountId` given.
 * - `INVALID_BOOKS`: a record given to `reconcileStatement` holds an amount or date that is not in the
 *   form the service sends.
 * - `INVALID_OPTIONS`: a date window given to `reconcileStatement` is not a whole number of days from 0
 *   to 366.
 */
export type ReconcileErrorCode =
  | 'UNKNOWN_FORMAT'
  | 'MALFORMED_CAMT'
  | 'MALFORMED_MT940'
  | 'MALFORMED_CSV'
  | 'TOO_LARGE'
  | 'INVALID_STATEMENT'
  | 'BANK_ACCOUNT_NOT_FOUND'
  | 'INVALID_BOOKS'
  | 'INVALID_OPTIONS';

/** Where in the input a {@link ReconcileError} was found. */
export interface ReconcileErrorLocation {
  /** 1-based line of the input (MT940 and CSV). */
  readonly line?: number;
  /** Element path in the XML, such as `Document/BkToCstmrStmt/Stmt[2]/Ntry[5]/Amt` (CAMT.053). */
  readonly path?: string;
}

/**
 * The one error this package throws. A parse either returns every statement of the input or throws
 * this: never a part of the input presented as the whole.
 *
 * @example
 * ```ts
 * import { parseStatement, ReconcileError } from '@acctkit/reconcile';
 * try {
 *   parseStatement(':20:STARTUMS\n:25:10020030/1234567\n:28C:1/1\n:60F:C240102EUR100,00\n');
 * } catch (err) {
 *   if (err instanceof ReconcileError && err.code === 'MALFORMED_MT940') {
 *     console.log(err.line, err.message); // 1, the statement has no closing balance :62F:
 *   }
 * }
 * ```
 */
export class ReconcileError extends Error {
  /** Stable machine-readable reason. */
  declare readonly code: ReconcileErrorCode;
  /** 1-based line of the input where the problem is (MT940 and CSV). */
  declare readonly line: number | undefined;
  /** Element path of the problem in CAMT.053 XML. */
  declare readonly path: string | undefined;

  constructor(
    code: ReconcileErrorCode,
    message: string,
    options?: ReconcileErrorLocation & { readonly cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ReconcileError';
    this.code = code;
    this.line = options?.line;
    this.path = options?.path;
  }
}

/**
 * Every error this package throws, discriminated by `code`: `switch (err.code)` narrows to the
 * member of that code. The package has one error class, so each member is a {@link ReconcileError}
 * whose `code` is one literal.
 *
 * @example
 * ```ts
 * import { type AnyReconcileError, parseStatement, ReconcileError } from '@acctkit/reconcile';
 * try {
 *   parseStatement('not a statement');
 * } catch (caught) {
 *   if (!(caught instanceof ReconcileError)) throw caught;
 *   const err = caught as AnyReconcileError;
 *   switch (err.code) {
 *     case 'UNKNOWN_FORMAT': // ask for a CAMT.053, MT940 or CSV export
 *       break;
 *     default:
 *       throw err;
 *   }
 * }
 * ```
 */
export type AnyReconcileError = {
  [C in ReconcileErrorCode]: ReconcileError & { readonly code: C };
}[ReconcileErrorCode];
