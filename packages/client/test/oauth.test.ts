import { describe, expect, it } from 'vitest';
import {
  AccountingError,
  authorizationUrl,
  OAuthError,
  parseCallback,
  variantFromCountry,
} from '../src/index.js';

const base = { authUrl: 'https://auth.example.test/', clientId: 'app', redirectUri: 'https://my.app/cb?x=1' };

describe('authorizationUrl (authorize)', () => {
  it('builds {authUrl}/oauth2/auth with response_type=code, the scope and a fresh unguessable state', () => {
    const { url, state } = authorizationUrl({ ...base, scope: 'readonly' });
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe('https://auth.example.test/oauth2/auth');
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe('app');
    expect(u.searchParams.get('redirect_uri')).toBe('https://my.app/cb?x=1');
    expect(u.searchParams.get('scope')).toBe('readonly');
    expect(u.searchParams.get('state')).toBe(state);
    expect(state).toMatch(/^[A-Za-z0-9]{40,}$/);
    expect(authorizationUrl(base).state).not.toBe(state);
    expect(new URL(authorizationUrl(base).url).searchParams.has('scope')).toBe(false);
  });
});

describe('parseCallback (receiveAuthorizationResult)', () => {
  it('returns the code, the country and its variant', () => {
    expect(parseCallback('https://my.app/cb?code=abc&country=pt&state=s1', 's1')).toEqual({
      code: 'abc',
      country: 'pt',
      variant: 'pt',
    });
    expect(parseCallback('code=abc&country=DE&state=s1', 's1').variant).toBe('de');
  });

  it('refuses a state mismatch before looking at anything else', () => {
    let err: unknown;
    try {
      parseCallback('https://my.app/cb?error=access_denied&state=other', 's1');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AccountingError);
    expect((err as AccountingError).code).toBe('STATE_MISMATCH');
    expect(() => parseCallback('https://my.app/cb?code=abc&country=de', 's1')).toThrow(/state/);
    expect(() => parseCallback('https://my.app/cb?code=abc&country=de&state=', '')).toThrow(AccountingError);
  });

  it('turns an error parameter into OAuthError with its code and description', () => {
    let err: unknown;
    try {
      parseCallback('https://my.app/cb?error=access_denied&error_description=User+declined&state=s1', 's1');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OAuthError);
    expect(err).toMatchObject({ code: 'OAUTH_ERROR', error: 'access_denied', description: 'User declined' });
  });

  it('names an unknown country clearly', () => {
    expect(() => parseCallback('?code=abc&country=fr&state=s1', 's1')).toThrow(/'fr'.*'de'.*'pt'/);
    expect(() => variantFromCountry('gb')).toThrow(AccountingError);
  });

  it('refuses a callback with neither an error nor a code', () => {
    expect(() => parseCallback('?country=de&state=s1', 's1')).toThrow(OAuthError);
  });
});
