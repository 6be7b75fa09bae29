import fc from 'fast-check';
import {
  AccountUpsertSchema,
  EntityCreateSchema,
  EntityPatchSchema,
} from '../../../contract/accounts.ts';
import { FileCreateSchema } from '../../../contract/files.ts';
import { QcProcessPatchSchema, QcRequestPatchSchema } from '../../../contract/qc.ts';
import { ClockAdvanceSchema } from '../../../contract/sandbox.ts';
import {
  SignatureRequestCreateSchema,
  SignatureRequestPatchSchema,
} from '../../../contract/signatures.ts';
import { UserImagesRequestSchema, UserPutSchema } from '../../../contract/users.ts';
import { z } from '../../../contract/zod.ts';
import { PREPARED_KEY, type Body, type Route } from './request.ts';
import {
  arbitraryOf,
  hostileString,
  mutate,
  mutation,
  ODD_CONTENT_TYPES,
  RAW_BODIES,
  type Hint,
  type JsonSchema,
} from './values.ts';
import { anyIdOf, idOf, type Caller, type Owner, type RealCaller, type World } from './world.ts';

// JSON bodies for the API's routes: from the contract's request schemas (through JSON Schema),
// made acceptable where the schemas' refinements ask more, or mutated and malformed.

// Request bodies by route, as the handlers validate them; a route missing here gets JSON
// values of every kind (so a route added later is still fuzzed, only less cleverly).
const BODY_SCHEMAS: Record<string, z.ZodMiniType> = {
  'PUT /accounts/v1/accounts': AccountUpsertSchema,
  'POST /accounts/v1/accounts/:accountId/entities': EntityCreateSchema,
  'PATCH /accounts/v1/accounts/:accountId/entities/:entityId': EntityPatchSchema,
  'POST /files/v1/files': FileCreateSchema,
  'PATCH /qc/v2/qc/processes/:qcpID': QcProcessPatchSchema,
  'PATCH /qc/v2/qc/requests/:qcrID': QcRequestPatchSchema,
  'POST /signatures/v2/requests': SignatureRequestCreateSchema,
  'PATCH /signatures/v2/requests/:signatureRequestId': SignatureRequestPatchSchema,
  'PUT /users/v1/users/:userId': UserPutSchema,
  'POST /users/v1/users/:userId/images': UserImagesRequestSchema,
  'POST /sandbox/v1/clock/advance': ClockAdvanceSchema,
};

type Fixup = (body: Record<string, unknown>, ownId: (table: string) => string) => unknown;

// What JSON Schema cannot say (zod refinements), for the bodies generated to be accepted.
const FIXUPS: Record<string, Fixup> = {
  'PATCH /accounts/v1/accounts/:accountId/entities/:entityId': (b) =>
    Object.keys(b).length > 0 ? b : { name: 'Renamed' },
  'PATCH /qc/v2/qc/processes/:qcpID': (b) =>
    Object.keys(b).length > 0 ? b : { displayName: 'Renamed' },
  // An approval needs every item of the request's checklist approved, which the schema cannot
  // know: a valid decision is a rejection with notes.
  'PATCH /qc/v2/qc/requests/:qcrID': ({ reviewedBy, notes }) => ({
    status: 'rejected',
    reviewedBy,
    notes: typeof notes === 'string' && notes.trim() ? notes : 'needs rework',
  }),
  'POST /signatures/v2/requests': ({ fileId, documentId, ...rest }, ownId) => ({
    ...rest,
    fileId: fileId ?? documentId ?? ownId('files'),
  }),
  // Keys must name images uploaded beforehand; the deprecated filenames need nothing.
  'PUT /users/v1/users/:userId': ({ signatureKey: _s, notarySealKey: _n, ...rest }) => rest,
  'POST /users/v1/users/:userId/images': (b) => ({
    images: [...new Set(b.images as string[])],
  }),
};

function hint(world: World, caller: Caller, owner: Owner, valid: boolean): Hint {
  return (name) => {
    if (name === 'key') {
      if (valid) return fc.constant(PREPARED_KEY);
      return fc.oneof(fc.constant(PREPARED_KEY), fc.constant('files/x.pdf'), hostileString);
    }
    if (name === 'reviewedBy' && valid) {
      const user = world.userOf(caller as RealCaller);
      if (user) return fc.constant(user);
    }
    const table = TABLE_OF_BODY[name];
    if (!table) return undefined;
    return valid ? idOf(world, table, owner) : anyIdOf(world, table, owner);
  };
}

const TABLE_OF_BODY: Record<string, string> = {
  fileId: 'files',
  documentId: 'files',
  firmId: 'firms',
  accountId: 'accounts',
  checklistId: 'checklists',
  reviewedBy: 'users',
};

const jsonSchemas = new Map<z.ZodMiniType, JsonSchema>();
function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, json);
  }
  return json;
}

export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>('application/json') },
  { weight: 1, arbitrary: fc.constant<string | undefined>('application/json; charset=utf-8') },
  { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...ODD_CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
);

export type BodyPart = { body?: Body; contentType?: string | undefined };

export function bodyOf(world: World, route: Route, caller: Caller, owner: Owner, valid: boolean) {
  const schema = BODY_SCHEMAS[route.key];
  const ownId = (table: string) => String(world.rows(table, owner)[0]?.id ?? '');
  const value: fc.Arbitrary<unknown> = schema
    ? arbitraryOf(jsonSchemaOf(schema), hint(world, caller, owner, valid)).map((v) =>
        valid ? (FIXUPS[route.key]?.(v as Record<string, unknown>, ownId) ?? v) : v,
      )
    : fc.constant(undefined);
  if (valid) {
    return value.map((v): BodyPart =>
      v === undefined ? {} : { body: JSON.stringify(v), contentType: 'application/json' },
    );
  }
  if (route.method === 'GET') return contentType.map((type): BodyPart => ({ contentType: type }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(value, mutation, contentType)
        .map(([v, m, type]): BodyPart => ({ body: mutate(v ?? {}, m), contentType: type })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...RAW_BODIES), contentType)
        .map(([text, type]): BodyPart => ({ body: text, contentType: type })),
    },
    {
      // Not UTF-8: a UTF-16 byte order mark, a broken two-byte sequence, an encoded surrogate.
      weight: 1,
      arbitrary: fc
        .constantFrom(
          [0xff, 0xfe, 0x7b, 0x7d],
          [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d],
          [0xed, 0xa0, 0x80],
        )
        .map((bytes): BodyPart => ({
          body: { base64: Buffer.from(bytes).toString('base64') },
          contentType: 'application/json',
        })),
    },
    { weight: 1, arbitrary: contentType.map((type): BodyPart => ({ contentType: type })) },
    {
      weight: 1,
      arbitrary: fc.constant<BodyPart>({
        body: { hugeJson: 1_100_000 },
        contentType: 'application/json',
      }),
    },
  );
}
