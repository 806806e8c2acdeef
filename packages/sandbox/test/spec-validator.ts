import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS; its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => void;

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }
    >
  >;
};

/** A bundled document of the service (`de`, `pt`) or the sandbox's admin API document (`admin`). */
export function loadSpec(variant: 'de' | 'pt' | 'admin'): Doc {
  const file =
    variant === 'admin'
      ? new URL('../admin-api.openapi.json', import.meta.url)
      : require.resolve(`@acctkit/openapi/${variant}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Doc;
}

/** Every operationId of a bundle, callbacks excluded. */
export function operationIds(variant: 'de' | 'pt'): string[] {
  const doc = loadSpec(variant);
  return Object.values(doc.paths).flatMap((ops) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'delete'].includes(m))
      .map(([, o]) => o.operationId as string),
  );
}

/** Validates response bodies against an OpenAPI document of {@link loadSpec} (ajv, JSON Schema 2020-12). */
export class SpecValidator {
  readonly #ajv: Ajv2020;
  readonly #doc: Doc;
  readonly #variant: string;

  constructor(variant: 'de' | 'pt' | 'admin') {
    this.#variant = variant;
    this.#doc = loadSpec(variant);
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema(this.#doc as object, variant);
  }

  /** Returns `null` when `body` is a documented response of `operationId` with `status`, else the errors. */
  check(operationId: string, status: number, body: unknown): string | null {
    for (const [path, ops] of Object.entries(this.#doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        if (op.operationId !== operationId) continue;
        const response = op.responses?.[String(status)];
        if (!response) return `${operationId}: status ${status} is not documented`;
        const content = response.content ?? {};
        const type = Object.keys(content)[0];
        if (type === undefined) return null;
        if (type !== 'application/json')
          return typeof body === 'string' ? null : `${operationId}: expected ${type}`;
        const pointer = ['paths', path, method, 'responses', String(status), 'content', type, 'schema']
          .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
          .join('/');
        const validate = this.#ajv.getSchema(`${this.#variant}#/${pointer}`);
        if (!validate) return `no schema at ${pointer}`;
        return validate(body)
          ? null
          : `${operationId} ${status}: ${this.#ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 400)}`;
      }
    return `unknown operationId ${operationId}`;
  }
}
