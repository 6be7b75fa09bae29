import { PERMISSIONS, type Permission, SCOPE_AREAS } from '../../contract/auth.ts';

type ScopeArea = (typeof SCOPE_AREAS)[number];

export interface DemoClient {
  clientId: string;
  clientSecret: string;
  owner: 'acme' | 'globex';
  /** Display name of the client's user; null for a machine client. */
  user: string | null;
  /**
   * The seeded user this login signs in as, by their place among the owner's users, named
   * `user` in place of the name the seed draws there (the rest of the seed is unchanged).
   * Unset: the logins' users come first, in this list's order.
   */
  seat?: number;
  perms: readonly Permission[];
  scopes: readonly ScopeArea[];
  summary: string;
}

const ALL = PERMISSIONS;
const ALL_BUT_SANDBOX = PERMISSIONS.filter((p) => p !== 'sandbox');

/** The demo logins of docs/design.md. Fixed, so docs and tests can name them. */
export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    clientId: 'acme-reviewer',
    clientSecret: 'acme-reviewer-secret',
    owner: 'acme',
    user: 'Riley Reviewer',
    perms: ['qc.review'],
    scopes: ['qc', 'files'],
    summary: 'Riley Reviewer: QC review',
  },
  {
    clientId: 'acme-notary',
    clientSecret: 'acme-notary-secret',
    owner: 'acme',
    user: 'Nora Notary',
    perms: ['signatures.write'],
    scopes: ['signatures', 'users', 'files'],
    summary: 'Nora Notary (notary): signatures, own profile',
  },
  {
    // A second notary, responsible for none of Nora's findings: what another notary sees.
    // The seed's seventh acme user, a notary whatever the logins before it.
    clientId: 'acme-second-notary',
    clientSecret: 'acme-second-notary-secret',
    owner: 'acme',
    user: 'Noah Notary',
    seat: 6,
    perms: ['signatures.write'],
    scopes: ['signatures', 'users', 'files'],
    summary: 'Noah Notary (notary): a second notary, signatures, own profile',
  },
  {
    // A second QC manager, so a dispute Alex answered or raised has someone to settle it
    // (four eyes). The seed's ninth acme user, a QC reviewer by the draw, named in place.
    clientId: 'acme-qc-manager',
    clientSecret: 'acme-qc-manager-secret',
    owner: 'acme',
    user: 'Morgan Manager',
    seat: 8,
    perms: ['qc.review', 'qc.manage'],
    scopes: ['qc', 'files'],
    summary: 'Morgan Manager: QC review and management (a second pair of eyes)',
  },
  {
    clientId: 'acme-admin',
    clientSecret: 'acme-admin-secret',
    owner: 'acme',
    user: 'Alex Admin',
    perms: ALL,
    scopes: SCOPE_AREAS,
    summary: 'Alex Admin: everything, incl. users and sandbox controls',
  },
  {
    clientId: 'acme-integration',
    clientSecret: 'acme-integration-secret',
    owner: 'acme',
    user: null,
    perms: ALL_BUT_SANDBOX,
    scopes: SCOPE_AREAS,
    summary: 'machine client: every scope',
  },
  {
    clientId: 'globex-admin',
    clientSecret: 'globex-admin-secret',
    owner: 'globex',
    user: 'Gwen Globex',
    perms: ALL,
    scopes: SCOPE_AREAS,
    summary: 'Gwen Globex: everything, for owner globex',
  },
];

export function demoClient(clientId: string): DemoClient {
  const client = DEMO_CLIENTS.find((c) => c.clientId === clientId);
  if (!client) throw new Error(`no demo client ${clientId}`);
  return client;
}
