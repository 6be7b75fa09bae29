import { ApiError } from '../../../../client/api-error.ts';
import { uploadForm } from '../../../../client/upload.ts';
import { requestImageUploads, updateUser } from '../../../../client/users.ts';
import {
  USER_IMAGE_KINDS,
  type User,
  type UserImageKind,
  type UserPut,
} from '../../../../contract/users.ts';
import { failureMessage } from '../../../ui/failure-message.ts';

export type ChosenImages = Partial<Record<UserImageKind, Blob>>;

export const IMAGE_NAMES: Record<UserImageKind, string> = {
  signature: 'signature',
  notarySeal: 'notary seal',
};

const KEY_FIELDS = {
  signature: 'signatureKey',
  notarySeal: 'notarySealKey',
} as const satisfies Record<UserImageKind, keyof UserPut>;

/** An upload that did not finish, naming the image it was for. */
export class ImageUploadError extends Error {
  override name = 'ImageUploadError' as const;
  readonly kind: UserImageKind;
  constructor(kind: UserImageKind, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'the upload failed', { cause });
    this.kind = kind;
  }
}

export interface SaveImagesOptions {
  onProgress: (kind: UserImageKind, loaded: number, total: number) => void;
  signal: AbortSignal;
}

/**
 * The spec's order (Create or update a user, rules 1-2): upload slots and keys first, every
 * image uploaded, then one PUT with the keys. If any upload fails or is cancelled the others
 * are stopped and the profile is not touched, so it never points at a half-finished set.
 */
export async function saveImages(
  userId: string,
  chosen: ChosenImages,
  { onProgress, signal }: SaveImagesOptions,
): Promise<User> {
  const kinds = USER_IMAGE_KINDS.filter((kind) => chosen[kind]);
  const { images } = await requestImageUploads(userId, kinds);

  // Cancelled while the slots were being issued: nothing has been sent yet.
  if (signal.aborted) throw new ImageUploadError(kinds[0] ?? 'signature', cancelled());
  const uploads = new AbortController();
  const stop = () => uploads.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await Promise.all(
      images.map(async ({ image, uploadUrl, uploadValues }) => {
        const file = chosen[image];
        if (!file) throw new ImageUploadError(image, new Error('no file was chosen'));
        try {
          await uploadForm(uploadUrl, uploadValues, file, {
            signal: uploads.signal,
            onProgress: (loaded, total) => onProgress(image, loaded, total),
          });
        } catch (error) {
          // The first failure stops the rest; theirs are "aborted" and come second.
          uploads.abort();
          throw new ImageUploadError(image, error);
        }
      }),
    );
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (signal.aborted) throw new ImageUploadError(kinds[0] ?? 'signature', cancelled());

  const body: UserPut = {};
  for (const { image, key } of images) body[KEY_FIELDS[image]] = key;
  return updateUser(userId, body);
}

const cancelled = () =>
  new ApiError({ code: 'aborted', status: 0, message: 'the upload was cancelled' });

/** A failed save, said plainly beside the images. */
export function saveFailure(error: unknown): string {
  if (error instanceof ImageUploadError) {
    const cause = error.cause;
    if (cause instanceof ApiError && cause.code === 'aborted') {
      return 'The upload was cancelled. Nothing was saved; your chosen images are still here.';
    }
    return `The ${IMAGE_NAMES[error.kind]} could not be uploaded: ${error.message}. Nothing was saved; try again.`;
  }
  const notAllowed = 'Your sign-in does not allow changing this person’s images.';
  return failureMessage(error, {
    network: 'The service cannot be reached. Nothing was saved; your chosen images are still here.',
    401: notAllowed,
    403: notAllowed,
    404: 'This user no longer exists.',
    said: (said) => `${said} Nothing was saved.`,
    otherwise: 'The images could not be saved. Try again.',
  });
}
