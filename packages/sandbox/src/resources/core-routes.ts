import type { Hono } from 'hono';
import { countries } from '../countries.js';
import type { Business } from '../directory.js';
import { Fields } from '../fields.js';
import type { BusinessData } from '../models.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import type { AnySchema, Variant } from '../variant.js';

const BUSINESS_FIELDS = [
  'name',
  'website',
  'telephone',
  'mobile',
  'street_1',
  'street_2',
  'city',
  'county',
  'postcode',
] as const;
const KEYS: Record<(typeof BUSINESS_FIELDS)[number], keyof BusinessData> = {
  name: 'name',
  website: 'website',
  telephone: 'telephone',
  mobile: 'mobile',
  street_1: 'street1',
  street_2: 'street2',
  city: 'city',
  county: 'county',
  postcode: 'postcode',
};

function businessBody(variant: Variant, b: Business): AnySchema<'Business'> {
  const d = b.data;
  const country = countries(variant).find((k) => k.code === d.countryCode);
  return {
    name: d.name,
    website: d.website,
    telephone: d.telephone,
    mobile: d.mobile,
    street_1: d.street1,
    street_2: d.street2,
    city: d.city,
    county: d.county,
    postcode: d.postcode,
    country: { name: country?.name ?? d.countryCode, code: d.countryCode },
    $key: b.id,
  };
}

/** `getBusiness`, `updateBusiness` (with the user's names, DECISIONS G7), `listBusinessRelationships`, `getMe`. */
export function coreRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/core/v2/business', (c) => c.json(businessBody(c.get('auth').variant, c.get('auth').business)));

  app.put('/core/v2/business', (c) => {
    const { business, variant, userId } = c.get('auth');
    const f = Fields.forOperation(variant, 'updateBusiness', c.get('form'), 'business');
    f.allow([...BUSINESS_FIELDS, 'first_name', 'last_name']);
    const data: BusinessData = { ...business.data };
    for (const field of BUSINESS_FIELDS) {
      // The spec sets no maximum here; the sandbox keeps its storage bounds (DECISIONS B25).
      const v = f.str(field, { max: field === 'postcode' ? 20 : 255 });
      if (v !== undefined) data[KEYS[field] as 'name'] = v;
    }
    if (
      variant === 'pt' &&
      f.has('postcode') &&
      data.countryCode === 'PT' &&
      !/^\d{4}-\d{3}$/.test(data.postcode)
    )
      f.fail('postcode', 'postcode must have the format 0000-000 for Portuguese addresses.');
    const first = f.str('first_name', { max: 50 });
    const last = f.str('last_name', { max: 50 });
    f.check();
    state.store.transaction(() => {
      state.directory.updateBusiness(business.id, data);
      if (userId !== null && (first !== undefined || last !== undefined)) {
        const user = state.directory.user(userId);
        if (user) state.directory.updateUser(userId, first ?? user.firstName, last ?? user.lastName);
      }
    });
    return c.json(businessBody(variant, { ...business, data }));
  });

  app.get('/core/v2/business_relationships', (c) => {
    const body: AnySchema<'BusinessRelationshipList'> = { business_relationships: [] };
    return c.json(body);
  });

  app.get('/core/v2/me', (c) => {
    const { userId, business } = c.get('auth');
    const user = userId === null ? undefined : state.directory.user(userId);
    const owned = userId === null ? [business] : state.directory.ownedBusinesses(userId);
    const body: AnySchema<'Me'> = {
      business: { is_demo: true },
      user: {
        first_name: user?.firstName ?? '',
        last_name: user?.lastName ?? '',
        email: user?.email ?? '',
        ownerships: owned.map((b) => ({
          name: b.data.name,
          service_guid: b.guid,
          services: [
            { uid: `acct-${b.country}-${b.id}`, name: b.country === 'de' ? 'Buchhaltung' : 'Contabilidade' },
          ],
        })),
      },
    };
    return c.json(body);
  });
}
