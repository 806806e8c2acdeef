import { type CodeSample, codeSamples } from './code-samples.js';
import { DEMO_CLIENT } from './demo-accounts.js';
import { specDocument } from './spec-document.js';
import type { Variant } from './variant.js';

// Loose views of the parts of an OpenAPI document this module reads; the documents are the bundles.
type Json = Record<string, unknown>;
interface Parameter {
  readonly $ref?: string;
  readonly name?: string;
  readonly in?: string;
  readonly schema?: Schema;
  readonly examples?: Record<string, { readonly value?: unknown }>;
}
interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly example?: unknown;
  readonly examples?: readonly unknown[];
  readonly required?: readonly string[];
  readonly properties?: Record<string, Schema>;
  readonly allOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
}
interface Operation {
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: Schema }> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const FORM = 'application/x-www-form-urlencoded';

function resolve<T extends { readonly $ref?: string }>(doc: Json, value: T): T {
  let v: T = value;
  for (let i = 0; v.$ref !== undefined && i < 20; i++) {
    const target = v.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
    v = target as T;
  }
  return v;
}

/** A value that satisfies a leaf schema, for a sample: its example, enum, format or pattern. */
function sampleValue(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'date') return '2026-01-15';
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    return ['10.00', '1', 'Example'].find((c) => pattern.test(c)) ?? 'Example';
  }
  return 'Example';
}

/** The fields a schema requires, with the first choice of each `anyOf`/`oneOf` ("name or company"). */
function requiredNames(schema: Schema): string[] {
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  return [
    ...(schema.required ?? []),
    ...(choice ? requiredNames(choice) : []),
    ...(schema.allOf ?? []).flatMap(requiredNames),
  ];
}

/** The required fields of a form schema (or its first field when none is required), nested as sent. */
function sampleForm(doc: Json, ref: Schema, depth = 0): Record<string, unknown> | undefined {
  const schema = resolve(doc, ref);
  const props = schema.properties;
  if (props === undefined || depth > 3) return undefined;
  const required = [...new Set(requiredNames(schema))];
  const names = required.length > 0 ? required : Object.keys(props).slice(0, 1);
  const form: Record<string, unknown> = {};
  for (const name of names) {
    const prop = props[name];
    if (prop === undefined) continue;
    const child = resolve(doc, prop);
    form[name] = child.properties ? (sampleForm(doc, child, depth + 1) ?? {}) : sampleValue(child);
  }
  return form;
}

function pathValue(doc: Json, parameter: Parameter): string {
  const p = resolve(doc, parameter);
  const example = Object.values(p.examples ?? {})[0]?.value;
  return String(example ?? sampleValue(p.schema ?? {}));
}

function samplesOf(doc: Json, origin: string, path: string, method: string, op: Operation): CodeSample[] {
  const params = [
    ...((doc.paths as Record<string, { parameters?: Parameter[] }>)[path]?.parameters ?? []),
    ...(op.parameters ?? []),
  ];
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const param = params.find((q) => resolve(doc, q).in === 'path' && resolve(doc, q).name === name);
    return param ? pathValue(doc, param) : whole;
  });
  const formSchema = op.requestBody?.content?.[FORM]?.schema;
  return codeSamples(
    {
      method: method.toUpperCase(),
      url: `${origin}${filled}`,
      isTest: path.startsWith('/test/'),
      form: formSchema === undefined ? undefined : sampleForm(doc, formSchema),
    },
    DEMO_CLIENT.signingSecret,
  );
}

/** The signature and nonce schemes say first that Test Request fills them in, so no one types a value. */
function computedHere(scheme: Json | undefined): Json {
  const note = '**This reference computes it for every Test Request: leave the value empty.**';
  return { ...scheme, description: `${note} ${String(scheme?.description ?? '')}` };
}

/**
 * The bundled document of `variant` as the reference at `/docs` serves it: this sandbox as its server,
 * its own authorization and token URLs in the OAuth flow, and on every signed operation `x-codeSamples`
 * that compute the signature (`acctkit sign --curl`, `@acctkit/signer`) instead of a fixed value.
 */
export function referenceDocument(variant: Variant, origin: string): Json {
  const doc = specDocument(variant);
  const components = doc.components as Json & { securitySchemes: Record<string, Json> };
  const oauth2 = components.securitySchemes.oauth2 as {
    description?: string;
    flows: { authorizationCode: Json };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    const next: Record<string, unknown> = { ...item };
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      const security = op.security ?? (doc.security as Operation['security']) ?? [];
      if (!security.some((s) => 'signature' in s)) continue;
      next[method] = { ...op, 'x-codeSamples': samplesOf(doc, origin, path, method, op) };
    }
    paths[path] = next;
  }
  return {
    ...doc,
    servers: [{ url: origin, description: 'This acctkit sandbox' }],
    paths,
    components: {
      ...components,
      securitySchemes: {
        ...components.securitySchemes,
        signature: computedHere(components.securitySchemes.signature),
        nonce: computedHere(components.securitySchemes.nonce),
        oauth2: {
          ...oauth2,
          description: `**On this sandbox: the authorization page is ${origin}/oauth2/auth; Authorize signs in as the demo app with a demo login (see /docs/guide#demo-logins).** ${String(oauth2.description ?? '')}`,
          flows: {
            ...oauth2.flows,
            authorizationCode: {
              ...oauth2.flows.authorizationCode,
              authorizationUrl: `${origin}/oauth2/auth`,
              tokenUrl: `${origin}/oauth2/token`,
              refreshUrl: `${origin}/oauth2/token`,
            },
          },
        },
      },
    },
  };
}
