import { TokenRequestSchema, TokenResponseSchema } from '../../../contract/auth.ts';
import { answer, gap, get, post, type ApiOperation } from '../api-operation.ts';
import { HealthSchema } from '../schemas.ts';
import { TOKEN_PATH } from '../security.ts';

const NO_STORE = {
  'Cache-Control': {
    description: 'Always `no-store`.',
    schema: { type: 'string', const: 'no-store' },
  },
  Pragma: { description: 'Always `no-cache`.', schema: { type: 'string', const: 'no-cache' } },
};

export const serviceOperations: ApiOperation[] = [
  {
    ...post(TOKEN_PATH, 'issueToken', 'Get an access token (client credentials)'),
    description:
      'OAuth 2.0 `client_credentials` grant. The answer’s `expires_in` is the lifetime in ' +
      'seconds (3600 on the reference service): cache the token for that long minus a small ' +
      'buffer instead of asking per call. Another method on this path gets 405 with ' +
      '`Allow: POST`.',
    tag: 'Authentication',
    access: { kind: 'client-basic' },
    body: {
      media: { type: 'application/x-www-form-urlencoded', schema: TokenRequestSchema },
      description:
        '`grant_type` must be `client_credentials`; `scope` is optional and space-separated ' +
        '(omitted: every scope provisioned for the client). Each parameter at most once.',
    },
    responses: [
      { status: 200, description: 'The token.', schema: TokenResponseSchema, headers: NO_STORE },
    ],
  },
  {
    ...get('/healthz', 'getHealth', 'Health check'),
    description: 'For load balancers: answers at any Host. Another method gets 405.',
    tag: 'Service',
    access: { kind: 'public' },
    responses: [answer(200, 'The service is up.', HealthSchema)],
    extension: gap('General and conventions', 'a probe the spec does not name'),
  },
  {
    ...get('/openapi.json', 'getOpenApiDocument', 'This OpenAPI document'),
    description: 'The OpenAPI 3.1 document of this service, generated from the contract.',
    tag: 'Service',
    access: { kind: 'public' },
    responses: [
      {
        status: 200,
        description: 'The OpenAPI 3.1 document.',
        media: { type: 'application/json', schema: { type: 'object' } },
      },
    ],
    extension: gap(
      'The OpenAPI document and the API reference',
      'the integrator’s kit; the spec publishes no document',
    ),
  },
];
