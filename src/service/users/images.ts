import { randomUUID } from 'node:crypto';
import type { UserImageKind, UserImageUpload } from '../../contract/users.ts';
import type { ServiceContext } from '../context.ts';
import { presignPut, presignUpload, UPLOAD_TTL_SECONDS } from '../files/presign.ts';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import { badRequest } from '../http/errors.ts';

/** Where each image's stored key lives on the user row. */
export const IMAGE_COLUMNS = {
  signature: 'signature_image_key',
  notarySeal: 'notary_seal_image_key',
} as const satisfies Record<UserImageKind, string>;

/** The body field that references an uploaded image of each kind. */
export const KEY_FIELDS = {
  signature: 'signatureKey',
  notarySeal: 'notarySealKey',
} as const satisfies Record<UserImageKind, string>;

/** The deprecated body field that asks for a PUT upload URL instead. */
export const FILENAME_FIELDS = {
  signature: 'signatureFilename',
  notarySeal: 'notarySealFilename',
} as const satisfies Record<UserImageKind, string>;

/**
 * Records a new upload key for one image of a user. The blob routes accept bytes only for
 * keys recorded here, and mark the row uploaded when they arrive.
 */
function recordUpload(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  kind: UserImageKind,
  attachOnUpload = false,
): string {
  const key = `images/${userId}/${kind}-${randomUUID()}`;
  const expiresOn = new Date((ctx.clock.nowSeconds() + UPLOAD_TTL_SECONDS) * 1000);
  ctx.db
    .prepare(
      'INSERT INTO uploads (key, owner, kind, subject_id, created_on, expires_on, attach_on_upload) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      key,
      owner,
      kind,
      userId,
      ctx.clock.now().toISOString(),
      expiresOn.toISOString(),
      attachOnUpload ? 1 : 0,
    );
  return key;
}

const policyOf = (key: string, kind: UserImageKind, owner: string) => ({
  key,
  kind,
  owner,
  maxBytes: UPLOAD_RULES[kind].maxBytes,
});

/** A key plus the presigned POST form for it (the images endpoint). */
export function issueImageUpload(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  kind: UserImageKind,
): UserImageUpload {
  const key = recordUpload(ctx, owner, userId, kind);
  const { uploadUrl, uploadValues } = presignUpload(ctx, policyOf(key, kind, owner));
  return { image: kind, key, uploadUrl, uploadValues };
}

/**
 * A key plus a presigned PUT URL for it (the deprecated `*Filename` fields of a PUT). The
 * image is attached to the user when its bytes arrive (files/blob.routes.ts).
 */
export function issueImagePutUrl(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  kind: UserImageKind,
): string {
  const key = recordUpload(ctx, owner, userId, kind, true);
  return presignPut(ctx, policyOf(key, kind, owner));
}

interface UploadRow {
  owner: string;
  kind: string;
  subject_id: string;
  uploaded_on: string | null;
}

/**
 * A key sent in a PUT must name an image issued for this user and kind whose bytes arrived
 * (spec rule 2: the saved profile references images that exist); otherwise 400. Another
 * owner's key gets the same answer as an unknown one.
 */
export function checkImageKey(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  kind: UserImageKind,
  key: string,
): void {
  const field = KEY_FIELDS[kind];
  const row = ctx.db
    .prepare('SELECT owner, kind, subject_id, uploaded_on FROM uploads WHERE key = ?')
    .get(key) as UploadRow | undefined;
  if (!row || row.owner !== owner || row.kind !== kind || row.subject_id !== userId) {
    throw badRequest(
      `${field} is not a key issued for the ${kind} image of user ${userId}; ` +
        `get one from POST /users/v1/users/${userId}/images`,
    );
  }
  if (row.uploaded_on === null || !ctx.blobs.has(key)) {
    throw badRequest(
      `${field}: the ${kind} image has not been uploaded; upload it to its uploadUrl before saving the profile`,
    );
  }
}
