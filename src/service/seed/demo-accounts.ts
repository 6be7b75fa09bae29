import type { EntityType } from '../../contract/accounts.ts';
import { splitPersonName } from '../accounts/names.ts';
import { encryptSsn, lastFour } from '../accounts/ssn.ts';
import type { ServiceContext } from '../context.ts';
import { daysAgo, demoId } from './ids.ts';
import type { OwnerSeed } from './seed-types.ts';

// The demo accounts and their entities: one to three per account, the first a borrower, each
// with an encrypted SSN and addresses.

const ENTITY_TYPES: EntityType[] = [
  'AUTHORIZED_USER',
  'DEBT_SETTLEMENT_COMPANY',
  'NON_BORROWING_DEFENDANT',
];

export function insertAccounts(ctx: ServiceContext, seed: OwnerSeed): void {
  const { db } = ctx;
  const { owner, faker } = seed;
  const insertAccount = db.prepare(
    'INSERT INTO accounts (id, owner, crid, matter_id, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertEntity = db.prepare(
    `INSERT INTO entities (id, owner, account_id, type, name, first_name, middle_name, last_name, suffix, date_of_birth, phone, email,
      also_known, external_entity_id, language_preference, ssn_encrypted, ssn_last_four, official_address, mailing_address,
      physical_address, metadata, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  seed.accounts.forEach((account, i) => {
    const createdOn = daysAgo(400 - i * 2);
    insertAccount.run(
      account.id,
      owner,
      account.crid,
      account.matterId,
      createdOn,
      daysAgo(faker.number.int({ min: 1, max: 60 })),
    );
    const count = faker.number.int({ min: 1, max: 3 });
    for (let n = 0; n < count; n += 1) {
      const type: EntityType = n === 0 ? 'BORROWER' : faker.helpers.arrayElement(ENTITY_TYPES);
      const isCompany = type === 'DEBT_SETTLEMENT_COMPANY';
      const name = isCompany
        ? `${faker.company.name()} Debt Relief`.toUpperCase()
        : [
            faker.person.firstName(),
            faker.datatype.boolean() ? faker.person.middleName() : '',
            faker.person.lastName(),
            faker.helpers.maybe(() => 'JR', { probability: 0.1 }) ?? '',
          ]
            .filter(Boolean)
            .join(' ')
            .toUpperCase();
      const parts = isCompany
        ? { first: null, middle: null, last: null, suffix: null }
        : splitPersonName(name);
      const ssn = isCompany
        ? faker.string.numeric(9)
        : `${faker.string.numeric(3)}-${faker.string.numeric(2)}-${faker.string.numeric(4)}`;
      const address = {
        addressLine1: faker.location.streetAddress(),
        city: faker.location.city(),
        stateProvCode: faker.location.state({ abbreviated: true }),
        postalCode: faker.location.zipCode('#####'),
        country: 'US',
      };
      const mailing = faker.datatype.boolean()
        ? { ...address, addressLine1: `PO Box ${faker.number.int({ min: 100, max: 9999 })}` }
        : null;
      insertEntity.run(
        demoId(account.id, 'entity', n),
        owner,
        account.id,
        type,
        name,
        parts.first,
        parts.middle,
        parts.last,
        parts.suffix,
        isCompany
          ? null
          : faker.date
              .birthdate({ min: 21, max: 80, mode: 'age', refDate: '2026-11-01' })
              .toISOString()
              .slice(0, 10),
        faker.phone.number({ style: 'national' }),
        faker.internet.email().toLowerCase(),
        null,
        `EXT-${faker.string.alphanumeric(8).toUpperCase()}`,
        faker.helpers.arrayElement(['en', 'en', 'en', 'es']),
        encryptSsn(ctx.keys.ssnKey, ssn),
        lastFour(ssn),
        JSON.stringify(address),
        mailing ? JSON.stringify(mailing) : null,
        n === 0 ? JSON.stringify(address) : null,
        JSON.stringify({
          source: faker.helpers.arrayElement(['intake', 'import', 'portal']),
          segment: faker.helpers.arrayElement(['A', 'B', 'C']),
        }),
        createdOn,
      );
    }
  });
}
