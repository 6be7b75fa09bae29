import { z } from './zod.ts';
import { NonEmptyStringSchema, UuidSchema, onlyIfValid } from './common.ts';

export const TokenResponseSchema = z.object({
  access_token: NonEmptyStringSchema,
  // RFC 6749 section 5.1 makes token_type case-insensitive and some identity providers send
  // 'bearer'; we normalise so callers can compare against the spec's 'Bearer'.
  token_type: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && value.toLowerCase() === 'bearer' ? 'Bearer' : value,
    ),
    z.literal('Bearer', { error: 'token_type must be Bearer' }),
  ),
  expires_in: z.int().check(z.positive()),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

// The spec's three codes plus the rest of RFC 6749 section 5.2, so an upstream identity
// provider's other standard answers still parse.
export const OAUTH_ERRORS = [
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'invalid_request',
  'unsupported_grant_type',
  'unauthorized_client',
] as const;
export const OAuthErrorCodeSchema = z.enum(OAUTH_ERRORS);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCodeSchema>;

export const OAuthErrorSchema = z.object({
  error: OAuthErrorCodeSchema,
  error_description: z.optional(z.string()),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

// The form of a token request. Loose on purpose: the token endpoint answers every bad form
// with an OAuth error body of its own choosing (a wrong or missing grant_type is
// `invalid_grant` per the spec; client credentials in the form are `invalid_client`, since
// the spec allows HTTP Basic only), so it checks the values itself.
export const TokenRequestSchema = z.object({
  grant_type: z.string(),
  scope: z.optional(z.string()),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const SCOPE_AREAS = ['files', 'signatures', 'accounts', 'users', 'qc'] as const;
export const ScopeAreaSchema = z.enum(SCOPE_AREAS);
export type ScopeArea = z.infer<typeof ScopeAreaSchema>;

export function scopeFor(baseUrl: string, area: ScopeArea): string {
  // Base URLs are configured by hand; a trailing slash must not yield `//qc/write`.
  return `${baseUrl.replace(/\/+$/, '')}/${area}/write`;
}

// The spec leaves the permission names open ("the manage permission"); these are ours.
export const PERMISSIONS = [
  'qc.review',
  'qc.manage',
  'signatures.write',
  'users.manage',
  'accounts.write',
  'files.write',
  'sandbox',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

export const TokenClaimsSchema = z
  .object({
    iss: z.string(),
    sub: z.string(),
    owner: NonEmptyStringSchema,
    // Absent for machine clients, which act for the owner and not for a person.
    uid: z.optional(UuidSchema),
    perms: z.array(PermissionSchema),
    scope: z.string(),
    iat: z.int(),
    exp: z.int(),
    jti: z.string(),
  })
  .check(
    z.refine((claims) => claims.exp > claims.iat, {
      message: 'exp must be later than iat',
      path: ['exp'],
      when: onlyIfValid,
    }),
  );
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;
