import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';
import { UploadProgress } from '../../../ui/upload-progress.tsx';
import { isSending } from './wet-ink-machine.ts';
import { useWetInkUpload } from './use-wet-ink-upload.ts';
import '../signatures.css';

/** Asks before the tab is closed or reloaded while a scan is on its way. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The scan of a request awaiting one: choose or drop it, watch it upload, confirm. */
export function WetInkPanel({
  requestId,
  awaitingScan,
  canSeeQueue,
  again = false,
  onConfirmed,
}: {
  requestId: string;
  /** False once a scan is confirmed (here or elsewhere). */
  awaitingScan: boolean;
  canSeeQueue: boolean;
  /** QC returned an earlier scan: this one replaces it. */
  again?: boolean;
  /** Once, when the scan this panel sent is confirmed (a finding's page answers it cured). */
  onConfirmed?: (fileName: string) => void;
}) {
  const { state, send, refuse, cancel, confirmAgain } = useWetInkUpload(requestId);
  useLeaveWarning(isSending(state));
  const told = useRef(false);
  const confirmedName = state.step === 'done' ? state.file.name : undefined;
  useEffect(() => {
    if (confirmedName === undefined || told.current) return;
    told.current = true;
    onConfirmed?.(confirmedName);
  }, [confirmedName, onConfirmed]);
  const box = useRef<HTMLDivElement>(null);
  // Each step replaces the controls of the last (the file input, the cancel button): keep
  // keyboard focus in the panel rather than let it fall back to the top of the page.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) box.current?.focus();
  }, [state.step]);
  const panel = (content: ReactNode) => (
    <div ref={box} tabIndex={-1} className="sig-wet-ink">
      {content}
    </div>
  );
  const queueLink = canSeeQueue && (
    <Link to="/qc?status=pending&order=newest">Open the QC queue</Link>
  );

  if (!awaitingScan && state.step === 'choose') {
    return panel(
      <>
        <p className="sig-success">The signed scan has been uploaded and sent to QC review.</p>
        {queueLink}
      </>,
    );
  }

  const picker = (label: string) => (
    <FilePicker kind="scan" label={label} onFile={send} onRefused={refuse} />
  );

  // Once the bytes are up (confirming, and after): the full bar, then what became of the scan.
  const uploaded = (name: string, after: ReactNode) =>
    panel(
      <div className="sig-upload">
        <UploadProgress name={name} loaded={1} total={1} />
        {after}
      </div>,
    );

  switch (state.step) {
    case 'choose':
      return panel(
        <>
          <p className="sig-muted">
            {again
              ? 'Upload a new scan of the corrected paper document as one PDF. It goes to QC review again; the returned scan and its review are kept.'
              : 'Upload the signed paper document as one PDF. It is checked before anything is sent, then goes to QC review.'}
          </p>
          {picker(again ? 'Choose the new scan' : 'Choose the signed scan')}
          {state.notice && (
            <p
              className={state.notice.kind === 'refused' ? 'sig-alert' : 'sig-note'}
              role={state.notice.kind === 'refused' ? 'alert' : 'status'}
            >
              {state.notice.message}
            </p>
          )}
        </>,
      );
    case 'preparing':
    case 'uploading':
      return panel(
        <div className="sig-upload">
          <p className="sig-muted" role="status">
            {state.step === 'preparing' ? 'Getting an upload link…' : 'Uploading the scan…'}
          </p>
          <UploadProgress
            name={state.file.name}
            loaded={state.step === 'uploading' ? state.loaded : 0}
            total={state.step === 'uploading' ? state.total : state.file.size}
            onCancel={cancel}
          />
        </div>,
      );
    case 'failed':
      return panel(
        <>
          <p className="sig-alert" role="alert">
            {state.message}
          </p>
          <div className="sig-row">
            <Button variant="primary" onClick={() => send(state.file)}>
              Try again with {state.file.name}
            </Button>
          </div>
          {picker('Or choose another scan')}
        </>,
      );
    case 'confirming':
      return uploaded(
        state.file.name,
        <p className="sig-muted" role="status">
          Uploaded. Confirming the scan…
        </p>,
      );
    case 'confirmFailed':
      return uploaded(
        state.file.name,
        <>
          <p className="sig-alert" role="alert">
            {state.message}
          </p>
          <div className="sig-row">
            <Button variant="primary" onClick={confirmAgain}>
              Confirm again
            </Button>
          </div>
        </>,
      );
    case 'done':
      return uploaded(
        state.file.name,
        <>
          <p className="sig-success" role="status">
            Scan uploaded and confirmed. It is now waiting for QC review.
          </p>
          {queueLink}
        </>,
      );
  }
}
