import { randomUUID } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import {
  applyMetadataPatch,
  MetadataSchema,
  type EntityCreate,
  type EntityPatch,
  type EntityType,
  type Metadata,
} from '../../contract/accounts.ts';
import type { AddressChangePayload, AddressType } from '../../contract/webhooks.ts';
import type { ServiceContext } from '../context.ts';
import { publish } from '../events/outbox.ts';
import { badRequest, describeIssues } from '../http/errors.ts';
import type { AccountRef } from './account-store.ts';
import { splitPersonName } from './names.ts';
import { encryptSsn, lastFour } from './ssn.ts';

// Entity writes. Callers run them inside one transaction, so the row and its ADDRESS_CHANGE
// outbox row are stored together or not at all. The SSN is encrypted here and goes nowhere
// else: not into a log, an error message or an event.

type Columns = Record<string, SQLInputValue>;

const ADDRESSES = [
  { type: 'official', field: 'officialAddress', column: 'official_address' },
  { type: 'mailing', field: 'mailingAddress', column: 'mailing_address' },
  { type: 'physical', field: 'physicalAddress', column: 'physical_address' },
] as const satisfies readonly { type: AddressType; field: keyof EntityPatch; column: string }[];

const PLAIN_FIELDS = [
  { field: 'dateOfBirth', column: 'date_of_birth' },
  { field: 'phone', column: 'phone' },
  { field: 'email', column: 'email' },
  { field: 'alsoKnown', column: 'also_known' },
  { field: 'externalEntityId', column: 'external_entity_id' },
  { field: 'languagePreference', column: 'language_preference' },
] as const satisfies readonly { field: keyof EntityPatch; column: string }[];

/** Every type but the debt settlement company is a person, whose name is split. */
export const isPerson = (type: EntityType) => type !== 'DEBT_SETTLEMENT_COMPANY';

function nameColumns(type: EntityType, name: string): Columns {
  const parts = isPerson(type)
    ? splitPersonName(name)
    : { first: null, middle: null, last: null, suffix: null };
  return {
    name,
    first_name: parts.first,
    middle_name: parts.middle,
    last_name: parts.last,
    suffix: parts.suffix,
  };
}

/** Columns of an entity as a whole: a create, or one entity of an upsert's snapshot. */
function snapshotColumns(ctx: ServiceContext, body: EntityCreate): Columns {
  const columns: Columns = { type: body.type, ...nameColumns(body.type, body.name) };
  for (const { field, column } of PLAIN_FIELDS) columns[column] = body[field] ?? null;
  for (const { field, column } of ADDRESSES) {
    const address = body[field];
    columns[column] = address === undefined ? null : JSON.stringify(address);
  }
  columns.ssn_encrypted = body.ssn === undefined ? null : encryptSsn(ctx.keys.ssnKey, body.ssn);
  columns.ssn_last_four = body.ssn === undefined ? null : lastFour(body.ssn);
  columns.metadata = JSON.stringify(body.metadata ?? {});
  return columns;
}

/** The addresses a body writes, in a fixed order: the event's addressTypes. */
export function writtenAddressTypes(body: EntityPatch | EntityCreate): AddressType[] {
  return ADDRESSES.filter(({ field }) => body[field] !== undefined).map(({ type }) => type);
}

function announceAddresses(
  ctx: ServiceContext,
  owner: string,
  account: AccountRef,
  entityId: string,
  addressTypes: AddressType[],
): void {
  if (addressTypes.length === 0) return;
  const payload: AddressChangePayload = {
    matterUUID: account.matterId,
    crid: account.crid,
    entityId,
    addressTypes,
  };
  publish(ctx, owner, 'ADDRESS_CHANGE', payload);
}

function update(ctx: ServiceContext, entityId: string, columns: Columns): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  ctx.db
    .prepare(`UPDATE entities SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE id = ?`)
    .run(...Object.values(columns), entityId);
}

export function insertEntity(
  ctx: ServiceContext,
  owner: string,
  account: AccountRef,
  body: EntityCreate,
  now: string,
): string {
  const id = randomUUID();
  const columns: Columns = {
    id,
    owner,
    account_id: account.id,
    ...snapshotColumns(ctx, body),
    created_on: now,
  };
  const names = Object.keys(columns);
  ctx.db
    .prepare(
      `INSERT INTO entities (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    )
    .run(...Object.values(columns));
  announceAddresses(ctx, owner, account, id, writtenAddressTypes(body));
  return id;
}

/** The upsert: an existing entity takes the snapshot's values whole (absent fields cleared). */
export function replaceEntity(
  ctx: ServiceContext,
  owner: string,
  account: AccountRef,
  entityId: string,
  body: EntityCreate,
): void {
  update(ctx, entityId, snapshotColumns(ctx, body));
  announceAddresses(ctx, owner, account, entityId, writtenAddressTypes(body));
}

export interface StoredEntity {
  id: string;
  type: EntityType;
  metadata: Metadata;
}

/** PATCH: sent fields replace stored ones; sent metadata keys merge ("" removes a key). */
export function patchEntity(
  ctx: ServiceContext,
  owner: string,
  account: AccountRef,
  current: StoredEntity,
  patch: EntityPatch,
): void {
  const columns: Columns = patch.name === undefined ? {} : nameColumns(current.type, patch.name);
  for (const { field, column } of PLAIN_FIELDS) {
    const value = patch[field];
    if (value !== undefined) columns[column] = value;
  }
  for (const { field, column } of ADDRESSES) {
    const address = patch[field];
    if (address !== undefined) columns[column] = JSON.stringify(address);
  }
  if (patch.metadata !== undefined) {
    const merged = MetadataSchema.safeParse(applyMetadataPatch(current.metadata, patch.metadata));
    if (!merged.success) {
      throw badRequest(`metadata after the merge: ${describeIssues(merged.error)}`);
    }
    columns.metadata = JSON.stringify(merged.data);
  }
  update(ctx, current.id, columns);
  announceAddresses(ctx, owner, account, current.id, writtenAddressTypes(patch));
}
