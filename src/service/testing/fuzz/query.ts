import fc from 'fast-check';
import {
  CreditorListQuerySchema,
  EntityListQuerySchema,
  FirmListQuerySchema,
} from '../../../contract/accounts.ts';
import { ListQuerySchema } from '../../../contract/common.ts';
import { QC_REQUEST_STATUSES, QcRequestListQuerySchema } from '../../../contract/qc.ts';
import { RedactionListQuerySchema } from '../../../contract/redactions.ts';
import { DELIVERY_STATUSES, DeliveryListQuerySchema } from '../../../contract/sandbox.ts';
import {
  SIGNATURE_REQUEST_STATUSES,
  SignatureRequestListQuerySchema,
  TRANSACTION_STATUSES,
  TransactionListQuerySchema,
} from '../../../contract/signatures.ts';
import { USER_FIELDS, UserListQuerySchema } from '../../../contract/users.ts';
import type { z } from '../../../contract/zod.ts';
import type { Route } from './request.ts';
import { HOSTILE_RAW, hostileString, PROTOTYPE_NAMES } from './values.ts';
import { anyIdOf, encode, otherOwner, type Owner, type World } from './world.ts';

// Query strings for the API's routes: the parameters a route reads, with valid values, values
// of the wrong kind, prototype names and percent-encodings that decode to nothing good.

// The query parameters each route reads, from the contract's schemas (the rest of the lists
// read ListQuerySchema's); the fuzz tries these most, then any route's, then made-up names.
const QUERY_SCHEMAS: Record<string, z.ZodMiniObject> = {
  'GET /qc/v2/qc/requests': QcRequestListQuerySchema,
  'GET /signatures/v2/requests': SignatureRequestListQuerySchema,
  'GET /signatures/v2/transactions': TransactionListQuerySchema,
  'GET /users/v1/users': UserListQuerySchema,
  'GET /sandbox/v1/deliveries': DeliveryListQuerySchema,
  'GET /accounts/v1/firms': FirmListQuerySchema,
  'GET /accounts/v1/creditors': CreditorListQuerySchema,
  'GET /accounts/v1/accounts/:accountId/entities': EntityListQuerySchema,
  'GET /files/v1/redactions': RedactionListQuerySchema,
};
// Read by handlers outside any contract schema: the processes' filter, presigned URLs.
const EXTRA_QUERY: Record<string, string[]> = { 'GET /qc/v2/qc/processes': ['archived'] };
const OTHER_QUERY_NAMES = ['archived', 'expires', 'signature', 'policy'];

const namesOf = (route: Route) => [
  ...Object.keys((QUERY_SCHEMAS[route.key] ?? ListQuerySchema).shape),
  ...(EXTRA_QUERY[route.key] ?? []),
];
const QUERY_NAMES = [
  ...new Set([
    ...Object.values(QUERY_SCHEMAS).flatMap((schema) => Object.keys(schema.shape)),
    ...OTHER_QUERY_NAMES,
  ]),
];

const STATUSES = [
  ...new Set([
    ...QC_REQUEST_STATUSES,
    ...SIGNATURE_REQUEST_STATUSES,
    ...TRANSACTION_STATUSES,
    ...DELIVERY_STATUSES,
  ]),
];

function queryValue(world: World, route: Route, owner: Owner, name: string): fc.Arbitrary<string> {
  const id = (table: string) => anyIdOf(world, table, owner);
  const known: Record<string, fc.Arbitrary<string>> = {
    owner: fc.constantFrom(owner, otherOwner(owner), owner.toUpperCase(), ''),
    limit: fc.oneof(
      fc.integer({ min: 1, max: 500 }).map(String),
      fc.constantFrom('0', '501', '-1', '1e2', ' 5', '0x10', '1.5', '99999'),
    ),
    cursor: fc.constantFrom(...world.cursors.values(), 'abc', 'a.b', `${'A'.repeat(2049)}.x`),
    orderBy: fc.constantFrom(
      'name',
      'createdOn',
      'crid',
      'displayName',
      'matterReference',
      ...PROTOTYPE_NAMES,
    ),
    orderDirection: fc.constantFrom('asc', 'desc', 'ASC', 'up'),
    status: fc.constantFrom(...STATUSES, ...PROTOTYPE_NAMES),
    filter: fc.oneof(
      fc.constantFrom('status:pending', 'otpMethod:sms', 'status:pending,failed', 'status:', ':'),
      fc
        .tuple(
          fc.constantFrom(...PROTOTYPE_NAMES, 'status', 'otpMethod', 'owner', 'id'),
          fc.array(fc.oneof(fc.constantFrom(...STATUSES), hostileString), {
            minLength: 1,
            maxLength: 3,
          }),
        )
        .map(([field, values]) => `${field}:${values.join(',')}`),
    ),
    fields: fc
      .array(fc.constantFrom(...USER_FIELDS, ...PROTOTYPE_NAMES, '', ' '), { maxLength: 4 })
      .map((names) => names.join(',')),
    archived: fc.constantFrom('true', 'false', 'TRUE', '1'),
    processId: id('qc_processes'),
    checklistId: id('checklists'),
    firmId: id('firms'),
    fileId: id('files'),
  };
  // Object.hasOwn: the name may well be "constructor".
  const values =
    (Object.hasOwn(known, name) ? known[name] : undefined) ?? fc.string({ maxLength: 20 });
  return fc.oneof(
    { weight: 3, arbitrary: values.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW) },
    { weight: 1, arbitrary: hostileString.map(encode) },
  );
}

export function validQuery(world: World, route: Route, owner: Owner): fc.Arbitrary<string> {
  if (route.method !== 'GET') return fc.constant('');
  const cursor = world.cursors.get(`${route.key} ${owner}`);
  return fc
    .record(
      {
        limit: fc.integer({ min: 1, max: 500 }).map(String),
        orderDirection: fc.constantFrom('asc', 'desc'),
        ...(cursor ? { cursor: fc.constant(cursor) } : {}),
      },
      { requiredKeys: [] },
    )
    .map(({ cursor: c, ...rest }) => {
      // A cursor is bound to the limit and order it was issued for (limit=1, the default order).
      const params: Record<string, string> = c
        ? { owner, limit: '1', cursor: c }
        : {
            owner,
            ...(rest.limit ? { limit: rest.limit } : {}),
            ...(rest.orderDirection ? { orderDirection: rest.orderDirection } : {}),
          };
      return `?${new URLSearchParams(params).toString()}`;
    });
}

export function hostileQuery(world: World, route: Route, owner: Owner): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...namesOf(route)) },
    { weight: 2, arbitrary: fc.constantFrom(...QUERY_NAMES) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...PROTOTYPE_NAMES,
        '',
        'owner[]',
        '%00',
        '%ED%A0%80',
        'q'.repeat(500),
      ),
    },
  );
  const pair = name.chain((n) => queryValue(world, route, owner, n).map((v) => `${n}=${v}`));
  return fc
    .tuple(fc.boolean(), fc.boolean(), fc.array(pair, { maxLength: 4 }))
    .map(([withOwner, first, pairs]) => {
      // Mostly with the right owner first, so the request gets past the owner check.
      const all = withOwner || first ? [`owner=${owner}`, ...pairs] : pairs;
      return all.length > 0 ? `?${all.join('&')}` : '';
    });
}
