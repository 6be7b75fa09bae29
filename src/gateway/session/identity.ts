import { decodeJwt, type JWTPayload } from 'jose';

// Who a token is for (ADR 016). The spec shows no claims ("Claims inside the token: not
// shown"), so their names are settings whose defaults are the reference service's, and the
// owner may come from ATTEST_OWNER, which the operator's account manager delivers with the
// client. Nothing else of the token is read: the upstream checks it on every call.

export interface IdentitySettings {
  /** ATTEST_CLAIM_OWNER: the claim naming the owner (organization). */
  ownerClaim: string;
  /** ATTEST_CLAIM_USER: the claim naming the client's user id. */
  userClaim: string;
  /** ATTEST_CLAIM_PERMISSIONS: the claim listing the client's permissions. */
  permissionsClaim: string;
  /** ATTEST_OWNER: the owner when the token names none; must agree when it does. */
  owner?: string;
  /**
   * ATTEST_ASSUME_PERMISSIONS: what a token without a permissions claim is taken to grant.
   * Unset, such a token grants nothing the gateway guards itself (the team's claims, history,
   * settings and figures); the service still decides its own areas.
   */
  assumePermissions?: readonly string[];
}

export const DEFAULT_IDENTITY: IdentitySettings = {
  ownerClaim: 'owner',
  userClaim: 'uid',
  permissionsClaim: 'perms',
};

export interface Identity {
  owner: string;
  /** The user's id; absent when the token names none (a machine client, or no such claim). */
  userId?: string;
  /**
   * Null when the token has no permissions claim (and ATTEST_ASSUME_PERMISSIONS is unset): the
   * console then shows every area, and the service says what it refuses.
   */
  permissions: string[] | null;
}

export type IdentityResult = { ok: true; identity: Identity } | { ok: false; message: string };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** An array of names, or one space-separated string (as many identity providers send it). */
function names(value: unknown): string[] | null {
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return null;
}

/** Reads the identity from a token the token endpoint just issued (no signature check). */
export function readIdentity(token: string, settings: IdentitySettings): IdentityResult {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch {
    return { ok: false, message: 'the service issued a token that is not a JWT' };
  }
  const fromToken = text(claims[settings.ownerClaim]);
  if (fromToken && settings.owner && fromToken !== settings.owner) {
    return {
      ok: false,
      message: `the token's owner (${fromToken}) is not ATTEST_OWNER (${settings.owner}); the console is set up for another organization`,
    };
  }
  const owner = fromToken ?? settings.owner;
  if (!owner) {
    return {
      ok: false,
      message: `the token names no owner in its "${settings.ownerClaim}" claim: set ATTEST_OWNER to the owner identifier delivered with the client, or ATTEST_CLAIM_OWNER to the claim that carries it`,
    };
  }
  const userId = text(claims[settings.userClaim]);
  return {
    ok: true,
    identity: {
      owner,
      ...(userId !== undefined && { userId }),
      permissions:
        names(claims[settings.permissionsClaim]) ??
        (settings.assumePermissions ? [...settings.assumePermissions] : null),
    },
  };
}

/**
 * What a session's permissions grant where the gateway decides itself: the token's list, or,
 * without one, what ATTEST_ASSUME_PERMISSIONS says (a session signed in before it was set),
 * else nothing. Never everything by default: a token that cannot say is no QC manager.
 */
export function grantedPermissions(
  settings: IdentitySettings,
  permissions: readonly string[] | null,
): readonly string[] {
  return permissions ?? settings.assumePermissions ?? [];
}
