import fc from 'fast-check';
import { bodyOf, type BodyPart } from './bodies.ts';
import { hostileQuery, validQuery } from './query.ts';
import { PREPARED_KEY, type FuzzRequest, type Requests, type Route } from './request.ts';
import { HOSTILE_RAW } from './values.ts';
import {
  anyIdOf,
  columnOf,
  encode,
  FORGED_CALLERS,
  idOf,
  ownerOf,
  rowOf,
  tableOf,
  type Caller,
  type Owner,
  type RealCaller,
  type World,
} from './world.ts';

/** Rows a route can act on, for the requests generated to be accepted. */
const ACTIONABLE: Record<string, string> = {
  'PATCH /qc/v2/qc/requests/:qcrID': "status = 'pending'",
  'GET /signatures/v2/requests/:signatureRequestId/uploadUrl': `status = 'awaitingWetInk' AND EXISTS
    (SELECT 1 FROM qc_processes p WHERE p.owner = signature_requests.owner
     AND p.stage = 'postSigning' AND p.archived_on IS NULL)`,
  'DELETE /signatures/v2/requests/:signatureRequestId': "status = 'pending'",
  'POST /sandbox/v1/signature-requests/:id/complete': "status != 'completed'",
  'POST /sandbox/v1/qc/requests/:qcrID/review-started': "status = 'pending'",
};

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

function fill(route: Route, values: Record<string, string>): string {
  return route.path
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? '')
    .replace(/\*$/, () => values['*'] ?? 'x');
}

function validPath(world: World, route: Route, owner: Owner): fc.Arbitrary<string> {
  const params = paramsOf(route.path);
  const last = params.at(-1);
  if (!last) return fc.constant(fill(route, {}));
  const lastTable = tableOf(route.path, last);
  return fc
    .tuple(
      lastTable
        ? rowOf(world, lastTable, owner, ACTIONABLE[route.key])
        : fc.constant<Record<string, unknown>>({}),
      fc.tuple(...params.map((p) => idOf(world, tableOf(route.path, p), owner))),
    )
    .map(([row, ids]) => {
      // The last parameter's row also names its parents (an entity's account_id).
      const values = Object.fromEntries(
        params.map((p, i) => [p, String(row[p === last ? 'id' : columnOf(p)] ?? ids[i])]),
      );
      return fill(
        route,
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encode(v)])),
      );
    });
}

function hostilePath(world: World, route: Route, owner: Owner): fc.Arbitrary<string> {
  const params = [...paramsOf(route.path), ...(route.path.endsWith('*') ? ['*'] : [])];
  const segment = (p: string) =>
    fc.oneof(
      { weight: 3, arbitrary: anyIdOf(world, tableOf(route.path, p), owner).map(encode) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_RAW) },
    );
  return fc
    .tuple(...params.map(segment))
    .map((values) => fill(route, Object.fromEntries(params.map((p, i) => [p, values[i] ?? '']))));
}

const extraHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { accept: 'text/html' },
      { 'x-http-method-override': 'DELETE' },
      { 'content-encoding': 'gzip' },
      { origin: 'https://evil.example' },
      { 'accept-language': '\u00ff' },
      { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' },
      { range: 'bytes=0-1' },
    ),
  },
);

const methodsOf = (route: Route) =>
  route.method === 'ALL'
    ? fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
    : fc.constant(route.method);

/**
 * Requests for a route of the API: valid ones (a demo admin, the owner's ids, a body from the
 * contract's schema), and hostile ones from any caller, with ids of either owner or none,
 * hostile query parameters and mutated or malformed bodies.
 */
export function apiRequests(world: World, route: Route, callers: fc.Arbitrary<Caller>): Requests {
  const valid = fc.constantFrom<RealCaller>('acme-admin', 'globex-admin').chain((caller) => {
    const owner = ownerOf(caller);
    return fc.record({
      caller: fc.constant<Caller>(caller),
      method: methodsOf(route),
      path: validPath(world, route, owner),
      query: validQuery(world, route, owner),
      headers: fc.constant({}),
      part: bodyOf(world, route, caller, owner, true),
      valid: fc.constant(true),
    });
  });
  const hostile = callers.chain((caller) => {
    const owner = ownerOf(caller);
    return fc.record({
      caller: fc.constant(caller),
      method: methodsOf(route),
      path: fc.oneof(validPath(world, route, owner), hostilePath(world, route, owner)),
      query: fc.oneof(validQuery(world, route, owner), hostileQuery(world, route, owner)),
      headers: extraHeaders,
      part: bodyOf(world, route, caller, owner, false),
      valid: fc.constant(false),
    });
  });
  return { valid: valid.map(toRequest), hostile: hostile.map(toRequest) };
}

function toRequest({ part, headers, ...rest }: Generated): FuzzRequest {
  const owner = ownerOf(rest.caller);
  const withType =
    part.contentType === undefined ? headers : { ...headers, 'content-type': part.contentType };
  const needsKey = typeof part.body === 'string' && part.body.includes(PREPARED_KEY);
  return {
    ...rest,
    headers: withType,
    ...(part.body === undefined ? {} : { body: part.body }),
    ...(needsKey ? { prepare: { kind: 'file-key' as const, owner } } : {}),
  };
}

interface Generated {
  caller: Caller;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  part: BodyPart;
  valid: boolean;
}

/** Callers of a hostile request: mostly real ones, so requests get past authentication. */
export const anyCaller: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Caller>('acme-admin') },
  { weight: 2, arbitrary: fc.constant<Caller>('globex-admin') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Caller>('acme-reviewer', 'acme-notary', 'acme-integration'),
  },
  { weight: 2, arbitrary: fc.constantFrom<Caller>(...FORGED_CALLERS) },
);
