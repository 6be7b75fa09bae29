import { useId, useState } from 'react';
import type { UserImageKind } from '../../../../contract/users.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';
import { UploadProgress } from '../../../ui/upload-progress.tsx';
import { describeImage, type ImageFacts, type ImageWarning } from './image-verdict.ts';
import '../../../ui/alert.css';

/** An image chosen in the browser, not yet saved; `url` is a blob: URL of `file`. */
export interface ChosenImage {
  file: File;
  url: string;
  facts: ImageFacts;
  warnings: ImageWarning[];
}

const TITLES: Record<UserImageKind, string> = { signature: 'Signature', notarySeal: 'Notary seal' };
const PURPOSES: Record<UserImageKind, string> = {
  signature:
    'Placed on the signature line of documents. A PNG with a transparent background prints cleanest.',
  notarySeal:
    'Stamped beside each notarization. A square PNG with a transparent background works best.',
};

export interface ImageSlotProps {
  kind: UserImageKind;
  /** The stored image's download URL, or null when there is none. */
  storedUrl: string | null | undefined;
  /** Whether a missing image is worth a warning (a notary without a seal cannot notarize). */
  expected: boolean;
  chosen: ChosenImage | undefined;
  /** Set while the chosen image is decoded. */
  checking: boolean;
  /** Why the last choice was refused. */
  refusal: string | undefined;
  progress: { loaded: number; total: number } | undefined;
  busy: boolean;
  onFile: (file: File) => void;
  onRefused: (message: string) => void;
  onDiscard: () => void;
  onCancel: () => void;
}

/** One image of a user: what is stored, or the new choice on a checkerboard, with its checks. */
export function ImageSlot(props: ImageSlotProps) {
  const { kind, storedUrl, chosen, checking, refusal, progress, busy } = props;
  const headingId = useId();
  const title = TITLES[kind];
  const name = title.toLowerCase();
  // Size of the stored image, once it has loaded (keyed by URL: a new one starts unknown).
  const [stored, setStored] = useState<{ url: string; width: number; height: number } | null>(null);
  const [broken, setBroken] = useState<string | null>(null);

  let picture;
  let meta: string | undefined;
  if (chosen) {
    picture = (
      <img className="image-slot__img" src={chosen.url} alt={`New ${name}, not saved yet`} />
    );
    meta = describeImage(chosen.facts, chosen.file.size);
  } else if (storedUrl && broken !== storedUrl) {
    picture = (
      <img
        className="image-slot__img"
        src={storedUrl}
        alt={`Current ${name}`}
        onLoad={(event) =>
          setStored({
            url: storedUrl,
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
        onError={() => setBroken(storedUrl)}
      />
    );
    meta = stored?.url === storedUrl ? describeImage(stored) : undefined;
  } else if (storedUrl) {
    picture = (
      <span className="image-slot__none">
        The stored {name} could not be loaded. Reload the page to try again.
      </span>
    );
  } else {
    picture = <span className="image-slot__none">No {name} on file</span>;
  }

  let badge;
  if (chosen) badge = <Badge tone="accent">New, not saved</Badge>;
  else if (storedUrl) badge = <Badge>On file</Badge>;
  else badge = <Badge tone={props.expected ? 'warning' : 'neutral'}>Not set</Badge>;

  return (
    <section className="image-slot panel" aria-labelledby={headingId}>
      <div className="image-slot__head">
        <h2 className="section-title" id={headingId}>
          {title}
        </h2>
        {badge}
      </div>
      <p className="image-slot__purpose">{PURPOSES[kind]}</p>
      <figure className="image-slot__figure">
        <div className="image-slot__frame checkerboard">{picture}</div>
        <figcaption className="image-slot__meta">
          {checking ? 'Checking the image…' : (meta ?? '\u00a0')}
        </figcaption>
      </figure>
      {chosen && chosen.warnings.length > 0 && (
        <ul className="image-slot__warnings" aria-label={`Warnings about the new ${name}`}>
          {chosen.warnings.map((warning) => (
            <li key={warning.code}>{warning.message}</li>
          ))}
        </ul>
      )}
      {refusal && (
        <p className="alert" role="alert">
          {refusal}
        </p>
      )}
      {progress ? (
        <UploadProgress
          name={chosen?.file.name ?? title}
          loaded={progress.loaded}
          total={progress.total}
          onCancel={progress.loaded < progress.total ? props.onCancel : undefined}
        />
      ) : (
        <div className="image-slot__choose">
          <FilePicker
            kind={kind}
            label={chosen || storedUrl ? `Replace the ${name}` : `Choose a ${name} image`}
            onFile={props.onFile}
            onRefused={props.onRefused}
            disabled={busy || checking}
          />
          {chosen && (
            <Button variant="ghost" onClick={props.onDiscard} disabled={busy}>
              {storedUrl ? `Keep the current ${name}` : 'Remove the new image'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
