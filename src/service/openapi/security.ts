import { PERMISSIONS, SCOPE_AREAS, type Permission, type ScopeArea } from '../../contract/auth.ts';
import type { Access } from './api-operation.ts';

// How callers authenticate (spec, Authentication): an OAuth 2.0 client-credentials token,
// sent as a bearer JWT. The spec's scopes are `{base_url}/<area>/write`: recorded in the token
// but not enforced yet (Authentication 7); what an operation really needs is a permission.

export const TOKEN_PATH = '/auth/v1/oauth2/token';

const SCOPE_GRANTS: Record<ScopeArea, string> = {
  files: 'read and write file resources',
  signatures: 'read and write signatures',
  accounts: 'read and write accounts',
  users: 'read and write users',
  qc: 'read and write QC records',
};

const PERMISSION_GRANTS: Record<Permission, string> = {
  'qc.review': 'read QC records and decide QC requests',
  'qc.manage': 'read QC records and change QC processes',
  'signatures.write': 'read and write signature requests and transactions',
  'users.manage': 'edit users other than the caller’s own (the spec’s manage permission)',
  'accounts.write': 'read and write accounts, entities and creditors',
  'files.write': 'write files (reading them is also open to signatures.write and qc.review)',
  sandbox: 'the reference service’s sandbox controls',
};

/** The spec's scope for an area: on a running service its base URL, else `{base_url}`. */
export function scopeName(area: ScopeArea, baseUrl?: string): string {
  return `${baseUrl ? baseUrl.replace(/\/+$/, '') : '{base_url}'}/${area}/write`;
}

export function securitySchemes(baseUrl?: string) {
  const scopes = Object.fromEntries(
    SCOPE_AREAS.map((area) => [scopeName(area, baseUrl), SCOPE_GRANTS[area]]),
  );
  const permissions = PERMISSIONS.map((p) => `\`${p}\`: ${PERMISSION_GRANTS[p]}`).join('; ');
  return {
    oauth2: {
      type: 'oauth2',
      description:
        'OAuth 2.0 client credentials: POST the token endpoint with the client id and secret ' +
        'in HTTP Basic auth. Scopes are space-separated in `scope`; omitted, the token gets every ' +
        'scope provisioned for the client. Scopes are recorded but not enforced yet (spec, ' +
        'Authentication 7): access follows the permissions provisioned with the client.',
      flows: { clientCredentials: { tokenUrl: TOKEN_PATH, scopes } },
    },
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'The access token from the token endpoint, as `Authorization: Bearer <token>` on every ' +
        'API request. One token works for every service prefix. A missing, malformed, expired, ' +
        `revoked or forged token gets 401. The requirement lists the permissions: ${permissions}.`,
    },
    clientBasic: {
      type: 'http',
      scheme: 'basic',
      description:
        'Client authentication at the token endpoint: the client id as user name and the client ' +
        'secret as password (RFC 6749 §2.3.1).',
    },
  };
}

/**
 * An operation's `security`: alternatives, any one of which will do. For a bearer operation
 * that is a token from the flow (with the area's scope) or a token bearing one of the
 * permissions; for the token endpoint HTTP Basic; for public and presigned routes nothing.
 */
export function securityFor(access: Access, baseUrl?: string): Record<string, string[]>[] {
  switch (access.kind) {
    case 'public':
    case 'presigned':
      return [];
    case 'client-basic':
      return [{ clientBasic: [] }];
    case 'bearer': {
      const oauth = { oauth2: access.area ? [scopeName(access.area, baseUrl)] : [] };
      const bearer = access.anyOf.length
        ? access.anyOf.map((p) => ({ bearerAuth: [p] }))
        : [{ bearerAuth: [] }];
      return [oauth, ...bearer];
    }
  }
}

/** One sentence on what the caller needs, for the operation's description. */
export function accessNote(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'No credentials.';
    case 'presigned':
      return 'No Authorization header: the presigned URL (or form) carries its signature.';
    case 'client-basic':
      return 'Client id and secret in HTTP Basic auth.';
    case 'bearer':
      return access.anyOf.length
        ? `Needs a token with the ${access.anyOf.map((p) => `\`${p}\``).join(' or ')} permission (401 otherwise).`
        : 'Any token of the owner.';
  }
}
