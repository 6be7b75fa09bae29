import type { AccountSummary, Address, Creditor, Entity, Firm } from '../../contract/accounts.ts';

// Database rows to the interface's JSON. The SSN column is never read here: the only
// SSN-derived value that leaves the service is ssn_last_four.

export interface FirmRow extends Record<string, unknown> {
  id: string;
  owner: string;
  firm_code: string;
  name: string;
  metadata: string;
}

export const firmJson = (row: FirmRow): Firm => ({
  firmId: row.id,
  owner: row.owner,
  firmCode: row.firm_code,
  name: row.name,
  metadata: JSON.parse(row.metadata) as Record<string, string>,
});

export interface AccountRow extends Record<string, unknown> {
  id: string;
  owner: string;
  crid: string;
  matter_id: string;
  created_on: string;
  updated_on: string;
  entity_count: number;
}

export const ACCOUNT_COLUMNS =
  'a.id, a.owner, a.crid, a.matter_id, a.created_on, a.updated_on, ' +
  '(SELECT COUNT(*) FROM entities e WHERE e.account_id = a.id) AS entity_count';

export const accountJson = (row: AccountRow): AccountSummary => ({
  id: row.id,
  owner: row.owner,
  crid: row.crid,
  matterId: row.matter_id,
  createdOn: row.created_on,
  updatedOn: row.updated_on,
  entityCount: Number(row.entity_count),
});

export interface EntityRow extends Record<string, unknown> {
  id: string;
  matter_id: string;
  type: Entity['type'];
  name: string;
  date_of_birth: string | null;
  phone: string | null;
  email: string | null;
  also_known: string | null;
  external_entity_id: string | null;
  language_preference: string | null;
  ssn_last_four: string | null;
  official_address: string | null;
  mailing_address: string | null;
  physical_address: string | null;
  metadata: string;
  created_on: string;
}

/** Columns of an entity joined with its account's matter; deliberately without ssn_encrypted. */
export const ENTITY_COLUMNS =
  'e.id, a.matter_id, e.type, e.name, e.date_of_birth, e.phone, e.email, e.also_known, ' +
  'e.external_entity_id, e.language_preference, e.ssn_last_four, e.official_address, ' +
  'e.mailing_address, e.physical_address, e.metadata, e.created_on';

const optional = <K extends string, V>(key: K, value: V | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;
const address = (text: string | null): Address | null =>
  text === null ? null : (JSON.parse(text) as Address);

export const entityJson = (row: EntityRow): Entity => ({
  entityId: row.id,
  matterId: row.matter_id,
  type: row.type,
  name: row.name,
  ...optional('dateOfBirth', row.date_of_birth),
  ...optional('phone', row.phone),
  ...optional('email', row.email),
  ...optional('alsoKnown', row.also_known),
  ...optional('externalEntityId', row.external_entity_id),
  ...optional('languagePreference', row.language_preference),
  ...optional('ssnLastFour', row.ssn_last_four),
  ...optional('officialAddress', address(row.official_address)),
  ...optional('mailingAddress', address(row.mailing_address)),
  ...optional('physicalAddress', address(row.physical_address)),
  metadata: JSON.parse(row.metadata) as Record<string, string>,
  createdOn: row.created_on,
});

export interface CreditorRow extends Record<string, unknown> {
  id: string;
  owner: string;
  creditor_code: string;
  name: string;
  created_on: string;
}

export const creditorJson = (row: CreditorRow): Creditor => ({
  id: row.id,
  owner: row.owner,
  name: row.name,
  creditorCode: row.creditor_code,
  createdOn: row.created_on,
});
