import { describe, expect, it } from 'vitest';
import { AccountingError, formBody } from '../src/index.js';

describe('formBody (resource[field] form keys)', () => {
  it('nests objects into bracketed keys and percent-encodes by RFC 3986', () => {
    expect(
      formBody({ contact: { name: 'My Customer', contact_type_id: 1, main_address: { town: 'Köln' } } }),
    ).toBe(
      'contact%5Bname%5D=My%20Customer&contact%5Bcontact_type_id%5D=1&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln',
    );
  });

  it('indexes arrays and leaves out null and undefined, keeping empty strings, 0 and false', () => {
    expect(formBody({ a: [1, { b: 'x' }], n: null, u: undefined, e: '', z: 0, f: false })).toBe(
      'a%5B0%5D=1&a%5B1%5D%5Bb%5D=x&e=&z=0&f=false',
    );
  });

  it('encodes + & = * ~ so they survive the round trip', () => {
    expect(formBody({ q: 'a+b&c=d*e~f' })).toBe('q=a%2Bb%26c%3Dd%2Ae~f');
    expect(new URLSearchParams(formBody({ q: 'a+b&c=d' })).get('q')).toBe('a+b&c=d');
  });

  it('passes strings and URLSearchParams through', () => {
    expect(formBody('a=1')).toBe('a=1');
    expect(formBody(new URLSearchParams({ a: 'b c' }))).toBe('a=b+c');
  });

  it('rejects values with no form representation', () => {
    expect(() => formBody({ date: new Date(0) })).toThrow(AccountingError);
    expect(() => formBody({ n: Number.NaN })).toThrow(/form field/);
    expect(() => formBody([1])).toThrow(AccountingError);
  });
});
