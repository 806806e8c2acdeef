import { parseDmyDate, parseIsoDate } from '@acctkit/openapi/formats';
import { parseAmount, parsePercentage } from './money.js';
import type { FormObject } from './parse-form-body.js';
import { specProblems } from './request-rules.js';
import { malformed, ValidationFailedError } from './sandbox-error.js';
import type { Variant } from './variant.js';

const EMAIL =
  /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

interface StringRule {
  readonly required?: boolean;
  readonly max?: number;
  readonly min?: number;
  readonly email?: boolean;
}

/**
 * Reads the fields of one `resource[...]` group and collects one diagnosis per failing field, so a
 * 422 names every problem at once. `$source` is the field name (the group name for nested fields).
 */
export class Fields {
  readonly #input: FormObject;
  readonly #source: (name: string) => string;
  readonly #problems: { $source: string; $message: string }[];

  constructor(
    input: FormObject,
    options: { group?: string; problems?: { $source: string; $message: string }[] } = {},
  ) {
    this.#input = input;
    const group = options.group;
    this.#source = (name) => group ?? name;
    this.#problems = options.problems ?? [];
  }

  /**
   * The fields of a request body, already checked against the operation's request schema in the spec
   * (lengths, patterns, formats, enums, required fields, types: see `specProblems`). The handler adds
   * what the spec cannot say (references to other records, rules across fields, unknown fields).
   *
   * @param resource - The `resource[...]` wrapper (`contact`), or undefined for a flat body.
   */
  static forOperation(variant: Variant, operationId: string, body: FormObject, resource?: string): Fields {
    const input = resource === undefined ? body : Fields.wrapper(body, resource);
    const problems = specProblems(variant, operationId, body, resource).map((p) => ({
      $source: p.source,
      $message: p.message,
    }));
    return new Fields(input, { problems });
  }

  /** Reads the `resource[...]` wrapper of a body: missing → 400, a plain value → 400. */
  static wrapper(body: FormObject, name: string, optionalFlat = false): FormObject {
    const unknown = Object.keys(body).filter((k) => k !== name);
    const value = body[name];
    if (value === undefined) {
      if (optionalFlat) return body;
      throw malformed(`Missing ${name}[...] parameters: send the fields as ${name}[field]=value.`);
    }
    if (typeof value === 'string')
      throw malformed(`${name} must be sent as ${name}[field]=value, not as a plain value.`);
    if (unknown.length > 0)
      throw new ValidationFailedError(
        unknown.map((k) => ({
          source: k,
          message: `Unknown parameter '${k}'; send fields as ${name}[field].`,
        })),
      );
    return value;
  }

  get problems(): { $source: string; $message: string }[] {
    return this.#problems;
  }

  /** Whether the field was sent. */
  has(name: string): boolean {
    return this.#input[name] !== undefined;
  }

  /** Records a problem, unless the field already has one (the spec's rules are checked first). */
  fail(source: string, message: string): void {
    if (this.#problems.some((p) => p.$source === source)) return;
    this.#problems.push({ $source: source, $message: message });
  }

  /** Flags every field not in `allowed`. */
  allow(allowed: readonly string[]): void {
    for (const k of Object.keys(this.#input))
      if (!allowed.includes(k)) this.fail(this.#source(k), `Unknown field '${k}'.`);
  }

  #raw(name: string, required: boolean | undefined): string | undefined {
    const v = this.#input[name];
    if (v === undefined) {
      if (required) this.fail(this.#source(name), `${name} is required.`);
      return undefined;
    }
    if (typeof v !== 'string') {
      this.fail(this.#source(name), `${name} must be a single value, not a group.`);
      return undefined;
    }
    return v;
  }

  str(name: string, rule: StringRule = {}): string | undefined {
    const v = this.#raw(name, rule.required);
    if (v === undefined) return undefined;
    if (rule.required && v.trim() === '')
      return void this.fail(this.#source(name), `${name} must not be empty.`);
    if (rule.min !== undefined && v.length < rule.min)
      return void this.fail(this.#source(name), `${name} must have at least ${rule.min} characters.`);
    if (rule.max !== undefined && [...v].length > rule.max)
      return void this.fail(this.#source(name), `${name} is too long (maximum is ${rule.max} characters).`);
    if (rule.email && v !== '' && !EMAIL.test(v))
      return void this.fail(this.#source(name), `${name} is not a valid e-mail address.`);
    return v;
  }

  int(name: string, rule: { required?: boolean; oneOf?: readonly number[] } = {}): number | undefined {
    const v = this.#raw(name, rule.required);
    if (v === undefined) return undefined;
    if (!/^-?\d{1,9}$/.test(v)) return void this.fail(this.#source(name), `${name} must be an integer.`);
    const n = Number(v);
    if (rule.oneOf && !rule.oneOf.includes(n))
      return void this.fail(this.#source(name), `${name} must be one of ${rule.oneOf.join(', ')}.`);
    return n;
  }

  bool(name: string): boolean | undefined {
    const v = this.#raw(name, false);
    if (v === undefined) return undefined;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return void this.fail(this.#source(name), `${name} must be true or false.`);
  }

  amount(name: string, required = false): bigint | undefined {
    const v = this.#raw(name, required);
    if (v === undefined) return undefined;
    const cents = parseAmount(v);
    if (cents === null)
      return void this.fail(
        this.#source(name),
        `${name} must be a decimal with at most 2 places and at most 99999999.99.`,
      );
    return cents;
  }

  percentage(name: string): bigint | undefined {
    const v = this.#raw(name, false);
    if (v === undefined) return undefined;
    const p = parsePercentage(v);
    if (p === null || p > 1_000_000n)
      return void this.fail(this.#source(name), `${name} must be a percentage between 0 and 100.`);
    return p;
  }

  isoDate(name: string, required = false): string | undefined {
    const v = this.#raw(name, required);
    if (v === undefined) return undefined;
    return parseIsoDate(v) ?? void this.fail(this.#source(name), `${name} must be a date YYYY-MM-DD.`);
  }

  dmyDate(name: string, required = false): string | undefined {
    const v = this.#raw(name, required);
    if (v === undefined) return undefined;
    return parseDmyDate(v) ?? void this.fail(this.#source(name), `${name} must be a date dd/mm/yyyy.`);
  }

  /** A nested group such as `main_address`; a plain value there is a problem. */
  group(name: string): Fields | undefined {
    const v = this.#input[name];
    if (v === undefined) return undefined;
    if (typeof v === 'string') return void this.fail(name, `${name} must be sent as ${name}[field]=value.`);
    return new Fields(v, { group: name, problems: this.#problems });
  }

  /** Throws 422 with every collected problem. */
  check(): void {
    if (this.#problems.length > 0)
      throw new ValidationFailedError(
        this.#problems.map((p) => ({ source: p.$source, message: p.$message })),
      );
  }
}
