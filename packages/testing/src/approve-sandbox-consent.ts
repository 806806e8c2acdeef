import type { Page } from 'playwright-core';

/** A demo user's credentials on the sandbox's sign-in page. */
export interface SandboxCredentials {
  readonly email: string;
  readonly password: string;
}

/** Options of {@link approveSandboxConsent}. */
export interface SandboxConsentOptions extends SandboxCredentials {
  /**
   * The business to grant: its id, or its label on the consent page (`"Name (country)"`) as text or a
   * pattern. Defaults to the one the page preselects (the user's first business).
   */
  readonly business?: number | string | RegExp;
  /** The button to press; defaults to `'approve'`. */
  readonly decision?: 'approve' | 'deny';
  /**
   * The client's redirect URI: waits until the browser reaches it. Defaults to waiting until the page
   * leaves the sandbox's origin.
   */
  readonly redirectUri?: string;
}

/**
 * Signs in on the sandbox's sign-in page (`/oauth2/auth`, fields `#email` and `#password`) and waits
 * for the consent page. Locale-neutral: it finds the fields by id, not by their translated labels.
 *
 * @param page - a page showing the sandbox's sign-in page.
 * @param credentials - a demo user's email and password (see the sandbox's `DEMO_USERS`).
 * @example
 * ```ts
 * import { signInToSandbox } from '@acctkit/testing/browser';
 * import type { Page } from 'playwright-core';
 *
 * declare const page: Page, authorizationUrl: string;
 * await page.goto(authorizationUrl);
 * await signInToSandbox(page, { email: 'anna@demo.acctkit.test', password: 'sandbox-de' });
 * ```
 */
export async function signInToSandbox(page: Page, credentials: SandboxCredentials): Promise<void> {
  await page.locator('#email').fill(credentials.email);
  await page.locator('#password').fill(credentials.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === '/oauth2/auth');
}

/**
 * Completes the sandbox's authorization pages in a real browser: signs in when the sign-in form is
 * shown (a session cookie skips it), chooses the business, presses Allow (or Deny), and waits for
 * the redirect to the client. Uses the pages' form fields (`business_id`, `decision`), so it works in
 * every language the pages speak.
 *
 * @param page - a page showing the sandbox's `/oauth2/auth` (sign-in or consent).
 * @param options - the demo user, and optionally the business, the decision and the redirect URI.
 * @returns the URL the sandbox redirected to, with `code` (or `error`), `state` and `country`.
 * @example
 * ```ts
 * import { approveSandboxConsent, launchChromium } from '@acctkit/testing/browser';
 *
 * declare const authorizationUrl: string;
 * const chromium = await launchChromium();
 * const page = await chromium.newPage();
 * await page.goto(authorizationUrl);
 * const callback = await approveSandboxConsent(page, {
 *   email: 'both@demo.acctkit.test',
 *   password: 'sandbox-both',
 *   business: /Ferreira & Costa Design/,
 *   redirectUri: 'http://127.0.0.1:3000/callback',
 * });
 * const code = callback.searchParams.get('code');
 * ```
 */
export async function approveSandboxConsent(page: Page, options: SandboxConsentOptions): Promise<URL> {
  if (await page.locator('#password').count()) await signInToSandbox(page, options);
  const { business } = options;
  if (typeof business === 'number') {
    await page.locator(`input[name=business_id][value="${business}"]`).check();
  } else if (business !== undefined) {
    await page.locator('form').getByRole('radio', { name: business }).check();
  }
  const sandboxOrigin = new URL(page.url()).origin;
  const { redirectUri } = options;
  await page.locator(`button[name=decision][value=${options.decision ?? 'approve'}]`).click();
  await page.waitForURL((u) => (redirectUri ? u.href.startsWith(redirectUri) : u.origin !== sandboxOrigin));
  return new URL(page.url());
}
