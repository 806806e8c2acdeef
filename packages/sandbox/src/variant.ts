import type { de, pt } from '@acctkit/openapi';

/** The generated components of each variant's OpenAPI document, by variant name. */
export interface VariantComponents {
  readonly de: de.components;
  readonly pt: pt.components;
}

/** A regional variant of the API: `de` (Variant A) or `pt` (Variant B), chosen by the business. */
export type Variant = keyof VariantComponents;

/** The schema `S` of variant `V`, as generated from the spec: a change of the spec changes this type. */
export type Schema<
  V extends Variant,
  S extends keyof VariantComponents[V]['schemas'],
> = VariantComponents[V]['schemas'][S];

/** A schema both variants define, as the union of the two generated types. */
export type AnySchema<S extends keyof de.components['schemas'] & keyof pt.components['schemas']> =
  | de.components['schemas'][S]
  | pt.components['schemas'][S];
