// How the reference service presents itself (ADR 016). As the reference it sends its
// extension fields, names its token claims `owner`/`uid`/`perms` and serves presigned URLs on
// its own origin. Spec-strict, it is a stand-in for a real deployment: only the spec's fields,
// claims under other names, no sandbox routes, and storage on an origin of its own, so the
// console can be shown to need nothing the spec does not show.

/** The names of the token claims that carry the owner, the user and the permissions. */
export interface ClaimNames {
  owner: string;
  user: string;
  permissions: string;
}

export interface ServiceProfile {
  strict: boolean;
  claims: ClaimNames;
}

export const REFERENCE_PROFILE: ServiceProfile = {
  strict: false,
  claims: { owner: 'owner', user: 'uid', permissions: 'perms' },
};

/** URL-style names, as identity providers name custom claims. */
export const STRICT_PROFILE: ServiceProfile = {
  strict: true,
  claims: {
    owner: 'https://claims.example.com/org',
    user: 'https://claims.example.com/user',
    permissions: 'https://claims.example.com/permissions',
  },
};
