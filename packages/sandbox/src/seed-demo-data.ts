import type { SqliteDatabase } from './database.js';
import { DEMO_BUSINESS_IDS, DEMO_CLIENT, DEMO_CODE_ONLY_CLIENT, DEMO_USERS } from './demo-accounts.js';
import type { BusinessData } from './models.js';
import { RecordStore } from './record-store.js';
import { hashPassword } from './secrets.js';
import { seedDemoRecords } from './seed-demo-records.js';
import type { Variant } from './variant.js';

/** Loads the demo businesses, users, clients and records into an empty database. */
export function seedDemoData(db: SqliteDatabase): void {
  db.transaction(() => {
    const business = (id: number, country: Variant, data: BusinessData) =>
      db
        .prepare('INSERT INTO businesses (id, country, guid, data) VALUES (?, ?, ?, ?)')
        .run(
          id,
          country,
          `${country === 'de' ? 'b7d3c0de' : 'c4a1f0a7'}-5a1b-4c2d-9e3f-00000000000${id}`,
          JSON.stringify(data),
        );
    business(DEMO_BUSINESS_IDS.de, 'de', {
      name: 'Schneider Werbetechnik GmbH',
      website: 'https://schneider-werbetechnik.example',
      telephone: '+49 30 1234567',
      mobile: '+49 151 2345678',
      street1: 'Friedrichstraße 123',
      street2: 'Mitte',
      city: 'Berlin',
      county: 'Berlin',
      postcode: '10117',
      countryCode: 'DE',
      financialYearEnd: '2026-12-31',
      taxNumber: '37/123/45678',
    });
    business(DEMO_BUSINESS_IDS.pt, 'pt', {
      name: 'Ferreira & Costa Design, Lda.',
      website: 'https://ferreira-costa.example',
      telephone: '+351 21 3456789',
      mobile: '+351 912 345 678',
      street1: 'Rua Augusta 45',
      street2: 'Baixa',
      city: 'Lisboa',
      county: 'Lisboa',
      postcode: '1100-053',
      countryCode: 'PT',
      financialYearEnd: '2026-12-31',
      taxNumber: '509876543',
    });
    for (const [i, u] of DEMO_USERS.entries()) {
      db.prepare(
        'INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (?, ?, ?, ?, ?)',
      ).run(i + 1, u.email, u.firstName, u.lastName, demoHash(u.password));
      for (const country of u.owns)
        db.prepare('INSERT INTO ownerships (user_id, business_id) VALUES (?, ?)').run(
          i + 1,
          DEMO_BUSINESS_IDS[country],
        );
    }
    for (const [c, grants] of [
      [DEMO_CLIENT, ['authorization_code', 'refresh_token']],
      [DEMO_CODE_ONLY_CLIENT, ['authorization_code']],
    ] as const)
      db.prepare('INSERT INTO clients VALUES (?, ?, ?, ?, ?, ?)').run(
        c.clientId,
        c.clientSecret,
        c.signingSecret,
        c.name,
        JSON.stringify(c.redirectUris),
        JSON.stringify(grants),
      );
    const store = new RecordStore(db);
    for (const variant of ['de', 'pt'] as const) seedDemoRecords(store, variant);
  })();
}

const hashes = new Map<string, string>();
// scrypt is slow on purpose; the demo hashes use a fixed salt so they can be computed once per process.
function demoHash(password: string): string {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password, `acctkit-demo-${password}`);
    hashes.set(password, h);
  }
  return h;
}
