import type { Responsible } from '../../contract/findings.ts';
import type { Actor } from '../../contract/qc.ts';

// Who must fix a failed item (ADR 029): the request's actor in the item's role; failing
// that, its notary (the actor of the notary role, ATTEST_NOTARY_ROLE); failing that, the
// document's signer; failing that, nobody, and a manager assigns one.

export function responsibleFor(
  roleId: string | undefined,
  actors: readonly Actor[],
  signedBy: string | undefined,
  notaryRole: string,
): Responsible | null {
  const inRole = (role: string) => actors.find((actor) => actor.roleId === role)?.userId;
  const id = (roleId !== undefined ? inRole(roleId) : undefined) ?? inRole(notaryRole) ?? signedBy;
  return id ? { id } : null;
}
