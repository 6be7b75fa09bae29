import { Button } from './button.tsx';
import './upload-progress.css';

export interface UploadProgressProps {
  /** What is being uploaded, e.g. the file's name. */
  name: string;
  loaded: number;
  total: number;
  /** Shown while the upload runs; absent once it is done. */
  onCancel?: (() => void) | undefined;
}

const percentOf = (loaded: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;

/** A real progress bar (bytes sent of the whole request) with a way out. */
export function UploadProgress({ name, loaded, total, onCancel }: UploadProgressProps) {
  const percent = percentOf(loaded, total);
  return (
    <div className="upload-progress">
      <div className="upload-progress__head">
        <span className="upload-progress__name">{name}</span>
        <span className="upload-progress__percent" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <progress
        className="upload-progress__bar"
        max={100}
        value={percent}
        aria-label={`Uploading ${name}`}
      />
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancel upload
        </Button>
      )}
    </div>
  );
}
