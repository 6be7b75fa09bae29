import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { USER_IMAGE_KINDS, type User, type UserImageKind } from '../../../../contract/users.ts';
import { Button } from '../../../ui/button.tsx';
import { userQueries } from '../users.queries.ts';
import { ImageSlot, type ChosenImage } from './image-slot.tsx';
import { imageWarnings } from './image-verdict.ts';
import { inspectImage, UnreadableImageError } from './inspect-image.ts';
import { saveFailure, saveImages, type ChosenImages } from './save-images.ts';
import './images.css';

type PerKind<T> = Partial<Record<UserImageKind, T>>;

function statusText(saved: boolean, busy: boolean, pending: number): string {
  if (busy) return '';
  if (pending > 0) return `${pending === 1 ? 'One new image' : 'Two new images'} not saved yet.`;
  if (saved) return 'Saved. The new images are on file.';
  return 'Choose an image above to add or replace it.';
}

/**
 * A user's signature and notary seal: choose, check and preview each in the browser, then
 * upload them and save the profile in one step. Used by /profile and /users/:userId.
 */
export function ImageManager({ user }: { user: User }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<PerKind<ChosenImage>>({});
  const [checking, setChecking] = useState<PerKind<boolean>>({});
  const [refusals, setRefusals] = useState<PerKind<string>>({});
  const [progress, setProgress] = useState<PerKind<{ loaded: number; total: number }>>({});
  const controller = useRef<AbortController | null>(null);

  // Every preview URL made here is released when the screen goes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const made = urls.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
      made.clear();
    };
  }, []);
  const release = (image: ChosenImage | undefined) => {
    if (!image) return;
    URL.revokeObjectURL(image.url);
    urls.current.delete(image.url);
  };

  const save = useMutation({
    mutationFn: (images: ChosenImages) => {
      const abort = new AbortController();
      controller.current = abort;
      // The bars (and their cancel) show from the start, before storage reports any bytes.
      const start: PerKind<{ loaded: number; total: number }> = {};
      for (const kind of USER_IMAGE_KINDS) {
        const file = images[kind];
        if (file) start[kind] = { loaded: 0, total: file.size };
      }
      setProgress(start);
      return saveImages(user.id, images, {
        signal: abort.signal,
        onProgress: (kind, loaded, total) =>
          setProgress((all) => ({ ...all, [kind]: { loaded, total } })),
      });
    },
    onSuccess: (saved) => {
      client.setQueryData(userQueries.detail(saved.id).queryKey, saved);
      for (const image of Object.values(chosen)) release(image);
      setChosen({});
      return client.invalidateQueries({ queryKey: userQueries.lists() });
    },
    onSettled: () => {
      controller.current = null;
      setProgress({});
    },
  });
  const busy = save.isPending;

  const choose = async (kind: UserImageKind, file: File) => {
    setRefusals((all) => ({ ...all, [kind]: undefined }));
    setChecking((all) => ({ ...all, [kind]: true }));
    save.reset();
    try {
      const facts = await inspectImage(file);
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      setChosen((all) => {
        release(all[kind]);
        return { ...all, [kind]: { file, url, facts, warnings: imageWarnings(kind, facts) } };
      });
    } catch (error) {
      const message =
        error instanceof UnreadableImageError ? error.message : 'The image could not be checked.';
      setRefusals((all) => ({ ...all, [kind]: message }));
    } finally {
      setChecking((all) => ({ ...all, [kind]: false }));
    }
  };

  const discard = (kind: UserImageKind) => {
    release(chosen[kind]);
    setChosen(({ [kind]: _gone, ...rest }) => rest);
    save.reset();
  };

  const pending = USER_IMAGE_KINDS.filter((kind) => chosen[kind]);
  const submit = () => {
    const files: ChosenImages = {};
    for (const kind of pending) files[kind] = chosen[kind]?.file;
    save.mutate(files);
  };

  return (
    <div className="image-manager">
      <div className="image-manager__slots">
        {USER_IMAGE_KINDS.map((kind) => (
          <ImageSlot
            key={kind}
            kind={kind}
            storedUrl={kind === 'signature' ? user.signatureImageUrl : user.notarySealImageUrl}
            expected={kind === 'signature' || user.isNotary === true}
            chosen={chosen[kind]}
            checking={checking[kind] ?? false}
            refusal={refusals[kind]}
            progress={progress[kind]}
            busy={busy}
            onFile={(file) => void choose(kind, file)}
            onRefused={(message) => setRefusals((all) => ({ ...all, [kind]: message }))}
            onDiscard={() => discard(kind)}
            onCancel={() => controller.current?.abort()}
          />
        ))}
      </div>
      <div className="image-manager__actions panel">
        <div className="image-manager__outcome">
          {save.isError && (
            <p className="image-manager__error" role="alert">
              {saveFailure(save.error)}
            </p>
          )}
          <p className="image-manager__status" role="status">
            {statusText(save.isSuccess, busy, pending.length)}
          </p>
        </div>
        <Button variant="primary" onClick={submit} disabled={pending.length === 0} pending={busy}>
          Save images
        </Button>
      </div>
    </div>
  );
}
