import type { User, UserField } from '../../contract/users.ts';
import type { ServiceContext } from '../context.ts';
import { presignDownload } from '../files/presign.ts';

export const USER_COLUMNS =
  'u.id, u.owner, u.display_name, u.email, u.job_title, u.phone_number, u.is_notary,' +
  ' u.deactivated_on, u.signature_image_key, u.notary_seal_image_key, u.created_on';

export type UserRow = {
  id: string;
  owner: string;
  display_name: string;
  email: string;
  job_title: string | null;
  phone_number: string | null;
  is_notary: number;
  deactivated_on: string | null;
  signature_image_key: string | null;
  notary_seal_image_key: string | null;
  created_on: string;
};

/** The user of an owner, or undefined: another owner's user is as unknown as a missing one. */
export function findUser(ctx: ServiceContext, owner: string, id: string): UserRow | undefined {
  return ctx.db
    .prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ? AND u.owner = ?`)
    .get(id, owner) as UserRow | undefined;
}

/** The lean record of a list: what the console needs to show names and contacts. */
function leanJson(row: UserRow): User {
  return {
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    // The contract has these as optional strings, so an unset column is left out.
    ...(row.job_title === null ? {} : { jobTitle: row.job_title }),
    ...(row.phone_number === null ? {} : { phoneNumber: row.phone_number }),
    deactivatedOn: row.deactivated_on,
  };
}

// Presigned afresh on every read, so a URL is always good for the full 60 minutes.
const imageUrl = (ctx: ServiceContext, key: string | null) =>
  key === null ? null : presignDownload(ctx, key);

/** A list record: the lean fields plus whatever the `fields=` mask asks for. */
export function listUserJson(
  ctx: ServiceContext,
  row: UserRow,
  fields: readonly UserField[],
): User {
  // The lean fields are always there; the mask only adds the others.
  const wants = new Set(fields);
  return {
    ...leanJson(row),
    ...(wants.has('isNotary') ? { isNotary: row.is_notary === 1 } : {}),
    ...(wants.has('signatureImageUrl')
      ? { signatureImageUrl: imageUrl(ctx, row.signature_image_key) }
      : {}),
    ...(wants.has('notarySealImageUrl')
      ? { notarySealImageUrl: imageUrl(ctx, row.notary_seal_image_key) }
      : {}),
  };
}

/** The detail view (GET and PUT of one user): always the notary flag and the image URLs. */
export function userJson(ctx: ServiceContext, row: UserRow): User {
  return {
    ...leanJson(row),
    isNotary: row.is_notary === 1,
    signatureImageUrl: imageUrl(ctx, row.signature_image_key),
    notarySealImageUrl: imageUrl(ctx, row.notary_seal_image_key),
  };
}
