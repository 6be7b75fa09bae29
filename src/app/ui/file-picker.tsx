import { useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_RULES } from '../../contract/file-types.ts';
import { fileProblem, type UploadKind } from './check-file.ts';
import './file-picker.css';

export interface FilePickerProps {
  kind: UploadKind;
  /** What the person is choosing, e.g. "Wet-ink scan". */
  label: string;
  /** Called with a file that passed the type (by content) and size checks. */
  onFile: (file: File) => void;
  /** Called with the reason a chosen file was refused. */
  onRefused: (message: string) => void;
  disabled?: boolean;
}

const ACCEPT: Record<string, string> = {
  'application/pdf': 'application/pdf,.pdf',
  'image/png': 'image/png,.png',
  'image/jpeg': 'image/jpeg,.jpg,.jpeg',
};

/** Choose or drop one file; it is checked by its first bytes and its size before anyone sees it. */
export function FilePicker({ kind, label, onFile, onRefused, disabled }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const rule = UPLOAD_RULES[kind];

  const take = async (file: File | undefined) => {
    if (!file || disabled) return;
    const problem = await fileProblem(file, kind);
    if (problem) onRefused(problem);
    else onFile(file);
    // The same file chosen again (after a fix elsewhere) must fire a change again.
    if (input.current) input.current.value = '';
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`file-picker${over ? ' file-picker--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        ref={input}
        id={id}
        type="file"
        className="file-picker__input"
        accept={rule.types.map((type) => ACCEPT[type]).join(',')}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void take(event.target.files?.[0])}
      />
      <label htmlFor={id} className="file-picker__label">
        <span className="file-picker__action">{label}</span>
        <span className="file-picker__or"> — choose a file or drop it here</span>
      </label>
      <p id={`${id}-hint`} className="file-picker__hint">
        {rule.label.replace(/^an? /, '').replace(/^./, (c) => c.toUpperCase())}, up to{' '}
        {rule.maxBytes / (1024 * 1024)} MB
      </p>
    </div>
  );
}
