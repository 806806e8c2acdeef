/** A regional variant of the API: `de` (Variant A) or `pt` (Variant B), chosen by the business. */
export type Variant = 'de' | 'pt';
