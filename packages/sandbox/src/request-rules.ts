import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { FormObject } from './parse-form-body.js';
import type { FieldProblem } from './sandbox-error.js';
import { specDocument } from './spec-document.js';
import type { Variant } from './variant.js';

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

type Json = Record<string, unknown>;
interface Compiled {
  readonly validate: ValidateFunction;
  /** Patterns of the shared string schemas, so that a failed pattern gets the message of its format. */
  readonly patterns: ReadonlyMap<string, string>;
}

/** The request body schemas of one variant's document, by operationId; compiled on first use, once. */
const cache = new Map<string, Compiled | null>();
const docs = new Map<Variant, Json>();
let ajv: Ajv2020 | undefined;

function doc(variant: Variant): Json {
  let d = docs.get(variant);
  if (!d) {
    d = specDocument(variant);
    docs.set(variant, d);
    const instance =
      ajv ??
      new Ajv2020({
        allErrors: true,
        strict: false,
        coerceTypes: true,
        validateFormats: true,
        verbose: true,
      });
    if (ajv === undefined) addFormats(instance, ['email', 'date']);
    ajv = instance;
    // The whole document under its variant's name: `$ref`s inside it resolve against `components`.
    instance.addSchema(d, `acctkit:${variant}`);
  }
  return d;
}

const FORMAT_MESSAGES: Record<string, (name: string) => string> = {
  IsoDate: (n) => `${n} must be a date YYYY-MM-DD.`,
  DmyDate: (n) => `${n} must be a date dd/mm/yyyy.`,
  Amount: (n) => `${n} must be a decimal with at most 2 places and at most 99999999.99.`,
  Percentage: (n) => `${n} must be a percentage between 0 and 100.`,
};

function compile(variant: Variant, operationId: string): Compiled | null {
  const key = `${variant}:${operationId}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const d = doc(variant);
  let pointer: string | undefined;
  for (const [path, item] of Object.entries(d.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(item))
      if (op?.operationId === operationId)
        pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody/content/application~1x-www-form-urlencoded/schema`;
  const schemas = (d.components as { schemas: Record<string, Json> }).schemas;
  const patterns = new Map<string, string>();
  for (const name of Object.keys(FORMAT_MESSAGES)) {
    const pattern = schemas[name]?.pattern;
    if (typeof pattern === 'string') patterns.set(pattern, name);
  }
  const compiled =
    pointer === undefined
      ? null
      : { validate: (ajv as Ajv2020).compile({ $ref: `acctkit:${variant}${pointer}` }), patterns };
  cache.set(key, compiled);
  return compiled;
}

function message(e: ErrorObject, name: string, patterns: ReadonlyMap<string, string>): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${name} is required.`;
    case 'maxLength':
      return `${name} is too long (maximum is ${p.limit} characters).`;
    case 'minLength':
      return p.limit === 1
        ? `${name} must not be empty.`
        : `${name} must have at least ${p.limit} characters.`;
    case 'enum':
      return `${name} must be one of ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'format':
      return p.format === 'email'
        ? `${name} is not a valid e-mail address.`
        : `${name} must be a date YYYY-MM-DD.`;
    case 'pattern': {
      const format = patterns.get(String(p.pattern));
      return format
        ? (FORMAT_MESSAGES[format] as (n: string) => string)(name)
        : `${name} must match ${p.pattern} (see ${name} in the API reference).`;
    }
    case 'type':
      return p.type === 'integer' || p.type === 'number'
        ? `${name} must be an integer.`
        : p.type === 'boolean'
          ? `${name} must be true or false.`
          : p.type === 'object'
            ? `${name} must be sent as ${name}[field]=value.`
            : `${name} must be a single value, not a group.`;
    case 'minProperties':
      return 'Send at least one field to change.';
    default:
      return `${name} ${e.message ?? 'is not valid'}.`;
  }
}

/**
 * Checks a form body against the request schema the spec gives `operationId` in `variant` (maximum and
 * minimum lengths, patterns, formats, enums, required fields, types), compiled once with ajv. Returns
 * one problem per failing field, `$source` being the field inside `resource[...]` (the group, such as
 * `main_address`, for nested fields; `base` for the body as a whole). Rules across fields (`anyOf`,
 * `allOf`) are left to the handlers, which word them for the caller.
 *
 * @param resource - The wrapper key (`contact`), or undefined for a flat body (Variant B expenses).
 */
export function specProblems(
  variant: Variant,
  operationId: string,
  form: FormObject,
  resource?: string,
): FieldProblem[] {
  const compiled = compile(variant, operationId);
  if (!compiled) return [];
  // coerceTypes converts in place: validate a copy, the handlers read the strings as sent.
  const data = structuredClone(resource === undefined ? form : { [resource]: form[resource] });
  if (compiled.validate(data)) return [];
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const e of compiled.validate.errors ?? []) {
    // Form booleans are also sent as 1 and 0 (DECISIONS B24); ajv only coerces true and false.
    if (
      e.keyword === 'type' &&
      (e.params as { type: string }).type === 'boolean' &&
      (e.data === '1' || e.data === '0')
    )
      continue;
    if (/\/(anyOf|allOf|oneOf)\//.test(e.schemaPath) || ['anyOf', 'allOf', 'oneOf'].includes(e.keyword))
      continue;
    const segments = e.instancePath.split('/').slice(1);
    if (resource !== undefined) {
      if (segments[0] !== resource) continue; // the wrapper itself is checked by the handler (400)
      segments.shift();
    }
    const missing =
      e.keyword === 'required'
        ? String((e.params as { missingProperty: string }).missingProperty)
        : undefined;
    const field = segments[segments.length - 1] ?? missing;
    const source = segments[0] ?? missing ?? 'base';
    if (seen.has(source)) continue;
    seen.add(source);
    const text = message(
      e,
      missing && segments.length === 0 ? missing : (field ?? source),
      compiled.patterns,
    );
    problems.push({ source, message: segments.length > 1 ? `${source}: ${text}` : text });
  }
  return problems;
}
