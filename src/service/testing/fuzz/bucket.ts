import fc from 'fast-check';
import { SCOPE_AREAS } from '../../../contract/auth.ts';
import {
  BYTES,
  FRAMINGS,
  PUT_EDITS,
  UPLOAD_EDITS,
  type FuzzRequest,
  type Prepared,
  type Requests,
  type Route,
} from './request.ts';
import {
  HOSTILE_RAW,
  hostileKey,
  hostileString,
  ODD_CONTENT_TYPES,
  PROTOTYPE_NAMES,
  RAW_BODIES,
} from './values.ts';
import { encode, OWNERS, type Owner, type World } from './world.ts';
import { DEMO_CLIENTS } from '../../seed/demo-clients.ts';
import { basicAuth } from '../service.ts';

// Requests for the routes without a bearer token: the token endpoint and the "storage
// bucket" (presigned POST and PUT uploads, presigned downloads). The parts that need the
// service (a fresh upload slot, a presigned URL) are described here and made when sent.

const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

const methodsOf = (route: Route, fallback: string) =>
  route.method === 'ALL'
    ? fc.constantFrom(fallback, 'GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
    : fc.constant(route.method);

const weighted = <T>(common: T, rare: fc.Arbitrary<T>, weight = 5) =>
  fc.oneof({ weight, arbitrary: fc.constant(common) }, { weight: 1, arbitrary: rare });

/** POST /auth/v1/oauth2/token: Basic credentials and forms, right and wrong. */
export function tokenRequests(world: World, route: Route): Requests {
  const client = fc.constantFrom(...DEMO_CLIENTS);
  const scopesOf = (areas: readonly string[]) => areas.map((a) => `${world.baseUrl}/${a}/write`);
  const valid = client.chain((c) =>
    fc.subarray(scopesOf(c.scopes)).map((scopes): FuzzRequest => ({
      caller: 'none',
      method: 'POST',
      path: route.path,
      query: '',
      headers: {
        authorization: basicAuth(c.clientId, c.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `grant_type=client_credentials${scopes.length ? `&scope=${encode(scopes.join(' '))}` : ''}`,
      valid: true,
    })),
  );
  const authorization = client.chain((c) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constant<string | undefined>(basicAuth(c.clientId, c.clientSecret)),
      },
      { weight: 1, arbitrary: fc.constant<string | undefined>(basicAuth(c.clientId, 'wrong')) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<string | undefined>(
          undefined,
          'Basic',
          'Basic %%%',
          `Basic ${b64('no-colon')}`,
          `Basic ${b64(':secret')}`,
          `Basic ${b64(`${c.clientId}:`)}`,
          `basic ${b64(`${c.clientId}:${c.clientSecret}`)}`,
          `Basic ${b64('%ED%A0%80:x')}`,
          `Basic ${b64('%:%')}`,
          `Basic ${b64('a\u0000b:c')}`,
          `Basic ${'A'.repeat(6000)}`,
          `Basic ${b64(new Uint8Array([0xff, 0xfe, 0x3a, 0x41]))}`,
          'Bearer abc',
        ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(hostileString, hostileString, fc.boolean())
          .map(([id, secret, escaped]) =>
            escaped
              ? `Basic ${b64(`${encode(id)}:${encode(secret)}`)}`
              : `Basic ${b64(`${id}:${secret}`)}`,
          ),
      },
    ),
  );
  const name = fc.constantFrom(
    'grant_type',
    'scope',
    'client_id',
    'client_secret',
    ...PROTOTYPE_NAMES,
    '',
    '%ED%A0%80',
  );
  const value = fc.oneof(
    fc.constantFrom(
      'client_credentials',
      'password',
      'CLIENT_CREDENTIALS',
      ...scopesOf(SCOPE_AREAS),
      'https://evil.example/qc/write',
    ),
    fc.constantFrom(...HOSTILE_RAW),
    hostileString.map(encode),
  );
  const form = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .array(fc.tuple(name, value), { maxLength: 4 })
        .map((pairs) =>
          ['grant_type=client_credentials', ...pairs.map(([n, v]) => `${n}=${v}`)].join('&'),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(name, value), { maxLength: 4 })
        .map((p) => p.map(([n, v]) => `${n}=${v}`).join('&')),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  const type = weighted<string | undefined>(
    'application/x-www-form-urlencoded',
    fc.constantFrom<string | undefined>(undefined, 'application/json', ...ODD_CONTENT_TYPES),
    3,
  );
  const hostile = fc
    .record({ method: methodsOf(route, 'POST'), authorization, type, form })
    .map(({ method, authorization: auth, type: t, form: body }): FuzzRequest => ({
      caller: 'none',
      method,
      path: route.path,
      query: '',
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(t === undefined ? {} : { 'content-type': t }),
      },
      body,
      valid: false,
    }));
  return { valid, hostile };
}

const owner = fc.constantFrom<Owner>(...OWNERS);

/** A request the sender prepares itself (a presigned form, PUT or download), with no caller. */
const prepared = (
  route: Route,
  method: string,
  prepare: Prepared,
  valid: boolean,
): FuzzRequest => ({
  caller: 'none',
  method,
  path: route.path,
  query: '',
  headers: {},
  prepare,
  valid,
});

/** POST /uploads: the presigned form, with its fields, file and framing edited. */
export function uploadRequests(route: Route): Requests {
  const slot = fc.constantFrom('file' as const, 'signature' as const);
  const valid = fc.record({ owner, slot }).map((spec): Prepared => ({
    kind: 'upload',
    ...spec,
    edit: 'none',
    framing: 'ok',
    // A file slot takes a PDF, a signature slot an image.
    bytes: spec.slot === 'file' ? 'pdf' : 'png',
    filename: 'scan.pdf',
    field: 'x',
  }));
  const hostile = fc.record({
    kind: fc.constant('upload' as const),
    owner,
    slot,
    edit: weighted<(typeof UPLOAD_EDITS)[number]>('none', fc.constantFrom(...UPLOAD_EDITS), 1),
    framing: weighted<(typeof FRAMINGS)[number]>('ok', fc.constantFrom(...FRAMINGS), 2),
    bytes: fc.constantFrom(...BYTES),
    filename: weighted('scan.pdf', hostileString, 2),
    field: hostileKey,
  });
  return {
    valid: fc.tuple(valid, methodsOf(route, 'POST')).map(([p, m]) => prepared(route, m, p, true)),
    hostile: fc
      .tuple(hostile, methodsOf(route, 'POST'))
      .map(([p, m]) => prepared(route, m, p, false)),
  };
}

/** PUT /uploads/{key}: the deprecated presigned PUT of profile images. */
export function putRequests(route: Route): Requests {
  const request = (valid: boolean) =>
    fc
      .record({
        owner,
        edit: valid ? fc.constant('none' as const) : fc.constantFrom(...PUT_EDITS),
        bytes: valid ? fc.constantFrom('png' as const, 'jpeg' as const) : fc.constantFrom(...BYTES),
        raw: fc.constantFrom(...HOSTILE_RAW),
        method: valid ? fc.constant('PUT') : methodsOf(route, 'PUT'),
      })
      .map(({ method, ...spec }) => prepared(route, method, { kind: 'put', ...spec }, valid));
  return { valid: request(true), hostile: request(false) };
}

/** GET /blobs/{key}: presigned downloads, signed by the service or not. */
export function blobRequests(route: Route): Requests {
  const raw = fc.oneof(fc.constantFrom(...HOSTILE_RAW), hostileString.map(encode));
  // null: as the service signed it.
  const edited = (valid: boolean, arbitrary: fc.Arbitrary<string>) =>
    valid ? fc.constant(null) : weighted<string | null>(null, arbitrary, 1);
  const request = (valid: boolean) =>
    fc
      .record({
        owner,
        pick: fc.nat(),
        key: edited(valid, fc.oneof(raw, fc.constant('files/x.pdf'))),
        expires: edited(valid, fc.oneof(raw, fc.constantFrom('0', '1', '9'.repeat(30), '', '-1'))),
        signature: edited(valid, fc.oneof(raw, fc.constant(''))),
        method: valid ? fc.constant('GET') : methodsOf(route, 'GET'),
      })
      .map(({ method, ...spec }) => prepared(route, method, { kind: 'blob', ...spec }, valid));
  return { valid: request(true), hostile: request(false) };
}
