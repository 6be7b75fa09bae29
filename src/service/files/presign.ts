import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from '../../contract/zod.ts';
import type { ServiceContext } from '../context.ts';

/**
 * Presigned URLs on the service's own origin, the way a storage bucket issues them: an
 * HMAC over what the URL allows and until when, checked without a bearer token.
 */

export const DOWNLOAD_TTL_SECONDS = 60 * 60;
export const UPLOAD_TTL_SECONDS = 15 * 60;

function mac(ctx: ServiceContext, purpose: string, value: string): string {
  return createHmac('sha256', ctx.keys.urlSecret).update(`${purpose}|${value}`).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A GET URL for a stored blob, valid for ttl seconds of the service clock. */
export function presignDownload(
  ctx: ServiceContext,
  blobKey: string,
  ttl = DOWNLOAD_TTL_SECONDS,
): string {
  const expires = ctx.clock.nowSeconds() + ttl;
  const signature = mac(ctx, 'get', `${blobKey}|${expires}`);
  return `${ctx.storageUrl}/blobs/${blobKey}?expires=${expires}&signature=${signature}`;
}

export type UrlCheck = { ok: true } | { ok: false; status: 403; message: string };

export function checkDownload(
  ctx: ServiceContext,
  blobKey: string,
  expires: string | undefined,
  signature: string | undefined,
): UrlCheck {
  if (!expires || !signature || !/^\d+$/.test(expires)) {
    return { ok: false, status: 403, message: 'this URL is not signed' };
  }
  if (!same(signature, mac(ctx, 'get', `${blobKey}|${expires}`))) {
    return { ok: false, status: 403, message: 'URL signature does not match' };
  }
  if (Number(expires) < ctx.clock.nowSeconds())
    return { ok: false, status: 403, message: 'this URL has expired' };
  return { ok: true };
}

export const UPLOAD_KINDS = ['scan', 'signature', 'notarySeal', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** What an upload policy allows: one key, one kind, a size and an expiry. */
export const UploadPolicySchema = z.object({
  key: z.string().check(z.minLength(1)),
  kind: z.enum(UPLOAD_KINDS),
  owner: z.string().check(z.minLength(1)),
  maxBytes: z.int().check(z.positive()),
  expires: z.int().check(z.positive()),
});
export type UploadPolicy = z.infer<typeof UploadPolicySchema>;

/** The POST form of a presigned upload: `uploadValues` go first, then the file as `file`. */
export function presignUpload(
  ctx: ServiceContext,
  policy: Omit<UploadPolicy, 'expires'>,
  ttl = UPLOAD_TTL_SECONDS,
) {
  const full: UploadPolicy = { ...policy, expires: ctx.clock.nowSeconds() + ttl };
  const encoded = Buffer.from(JSON.stringify(full)).toString('base64url');
  return {
    uploadUrl: `${ctx.storageUrl}/uploads`,
    uploadValues: { key: full.key, policy: encoded, signature: mac(ctx, 'post', encoded) },
    expiresOn: new Date(full.expires * 1000).toISOString(),
  };
}

export type PolicyCheck =
  { ok: true; policy: UploadPolicy } | { ok: false; status: 400 | 403; message: string };

/** Verifies the form fields of a presigned POST. */
export function checkUploadFields(
  ctx: ServiceContext,
  fields: Record<string, unknown>,
): PolicyCheck {
  const { key, policy, signature } = fields;
  if (typeof key !== 'string' || typeof policy !== 'string' || typeof signature !== 'string') {
    return {
      ok: false,
      status: 400,
      message: 'upload form must carry key, policy and signature before file',
    };
  }
  if (!same(signature, mac(ctx, 'post', policy))) {
    return { ok: false, status: 403, message: 'upload policy signature does not match' };
  }
  let parsed: UploadPolicy;
  try {
    parsed = UploadPolicySchema.parse(
      JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')),
    );
  } catch {
    return { ok: false, status: 403, message: 'upload policy is unreadable' };
  }
  if (parsed.key !== key)
    return { ok: false, status: 403, message: 'key does not match the upload policy' };
  if (parsed.expires < ctx.clock.nowSeconds())
    return { ok: false, status: 403, message: 'this upload URL has expired' };
  return { ok: true, policy: parsed };
}

/** A PUT URL for one key (the deprecated `uploadImageUrls` of users). */
export function presignPut(
  ctx: ServiceContext,
  policy: Omit<UploadPolicy, 'expires'>,
  ttl = UPLOAD_TTL_SECONDS,
): string {
  const { uploadValues } = presignUpload(ctx, policy, ttl);
  return `${ctx.storageUrl}/uploads/${policy.key}?policy=${uploadValues.policy}&signature=${uploadValues.signature}`;
}
