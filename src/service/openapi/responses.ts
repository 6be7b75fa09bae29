// Shared error answers (components/responses). Every API error body is `{message}` (spec,
// Errors 1), one Error schema; the statuses are docs/interface-gaps.md › Errors and status
// codes. The token endpoint answers OAuth 2.0 error bodies instead.

const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const oauthBody = { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } };
const noStore = {
  'Cache-Control': {
    description: 'Always `no-store`: token answers must not be cached (RFC 6749 §5.1).',
    schema: { type: 'string', const: 'no-store' },
  },
};

/** Status -> component name and the default description of that error. */
export const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Bad input: malformed JSON, a schema violation (an unknown body field too), a path id ' +
      'that is not a UUID, bad list parameters or cursor, a list without `owner`, an id in the ' +
      'body that is unknown or another owner’s, or an operation the record’s state does not allow.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'Token missing, malformed, expired, forged or revoked; the client lacks the permission ' +
      'the operation needs; or a list `owner` the token may not read.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Presigned storage URLs only: an unsigned, tampered or expired URL or policy, a key the ' +
      'service did not issue, or a second upload to the same key.',
  },
  404: { name: 'NotFound', description: 'No such record, or another owner’s.' },
  408: { name: 'RequestTimeout', description: 'The upload sent nothing for 30 seconds.' },
  409: { name: 'Conflict', description: 'The record’s state no longer allows the change.' },
  413: {
    name: 'PayloadTooLarge',
    description:
      'The body is too large (JSON bodies: 1 MB). A body refused before it was read to its end ' +
      'is answered with `Connection: close`.',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A JSON endpoint called without `Content-Type: application/json`.',
  },
  421: {
    name: 'MisdirectedRequest',
    description:
      'The Host header names a host this service does not answer at (DNS rebinding guard); ' +
      'set ATTEST_SERVICE_URL when clients reach it by another name.',
  },
  500: {
    name: 'InternalError',
    description: 'Unexpected error. The body never carries a stack trace or SQL.',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'Too many uploads at once; try again after `Retry-After` seconds.',
  },
};

function errorResponse(status: number) {
  const entry = ERROR_RESPONSES[status];
  if (!entry) throw new Error(`no shared error response for ${status}`);
  const headers: Record<string, unknown> = {};
  if (status === 503) {
    headers['Retry-After'] = {
      description: 'Seconds to wait before trying again.',
      schema: { type: 'integer' },
    };
  }
  if (status === 413 || status === 503 || status === 403 || status === 408) {
    headers.Connection = {
      description: '`close` when the body was not read to its end.',
      schema: { type: 'string' },
    };
  }
  return {
    description: entry.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: errorBody,
  };
}

export function sharedResponses() {
  const out: Record<string, unknown> = {};
  for (const [status, { name }] of Object.entries(ERROR_RESPONSES)) {
    out[name] = errorResponse(Number(status));
  }
  out.OAuthBadRequest = {
    description:
      '`invalid_request` (a body that is not form-urlencoded, or a repeated parameter), ' +
      '`invalid_grant` (`grant_type` is not `client_credentials`) or `invalid_scope` (a scope ' +
      'not provisioned for the client).',
    headers: noStore,
    content: oauthBody,
  };
  out.OAuthInvalidClient = {
    description:
      '`invalid_client`: client id or secret wrong or not sent by HTTP Basic auth (credentials ' +
      'in the form are refused too), or the client’s user is deactivated.',
    headers: {
      ...noStore,
      'WWW-Authenticate': {
        description: 'The scheme to authenticate with: `Basic realm="attest", charset="UTF-8"`.',
        schema: { type: 'string' },
      },
    },
    content: oauthBody,
  };
  return out;
}

/** A `$ref` to a shared error answer, with this operation's causes when it has its own. */
export function errorRef(status: number, description?: string) {
  const entry = ERROR_RESPONSES[status];
  if (!entry) throw new Error(`no shared error response for ${status}`);
  return {
    $ref: `#/components/responses/${entry.name}`,
    ...(description ? { description } : {}),
  };
}
