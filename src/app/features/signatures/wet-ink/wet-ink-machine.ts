import { failureMessage } from '../../../ui/failure-message.ts';

// The steps of sending a wet-ink scan: choose a file, get an upload link, upload, confirm.
// Each failure keeps what is needed to go on: a refused link or a failed upload keeps the
// file (try again without choosing it again); a refused confirmation keeps the upload (try
// the confirmation again without uploading again).

/** What the person chose, as far as the steps need it (a File in the browser). */
export interface ScanFile {
  name: string;
  size: number;
}

export type WetInkState<F extends ScanFile = ScanFile> =
  | { step: 'choose'; notice?: { kind: 'refused' | 'cancelled'; message: string } }
  | { step: 'preparing'; file: F }
  | { step: 'uploading'; file: F; loaded: number; total: number }
  | { step: 'failed'; stage: 'link' | 'upload'; file: F; message: string }
  | { step: 'confirming'; file: F }
  | { step: 'confirmFailed'; file: F; message: string }
  | { step: 'done'; file: F };

export type WetInkEvent<F extends ScanFile = ScanFile> =
  | { type: 'refused'; message: string }
  | { type: 'start'; file: F }
  | { type: 'linkReady' }
  | { type: 'linkRefused'; message: string }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'uploaded' }
  | { type: 'uploadFailed'; message: string }
  | { type: 'cancelled' }
  | { type: 'retryConfirm' }
  | { type: 'confirmFailed'; message: string }
  | { type: 'confirmed' };

export const initialWetInk: WetInkState = { step: 'choose' };

/** Whether the scan is on its way: the page asks before it is left, and offers cancel. */
export const isSending = (state: WetInkState) =>
  state.step === 'preparing' || state.step === 'uploading';

/**
 * The next state. An event that does not belong to the current step is ignored: a progress
 * report that arrives after a cancel, or a second click, must not move anything.
 */
export function wetInk<F extends ScanFile>(
  state: WetInkState<F>,
  event: WetInkEvent<F>,
): WetInkState<F> {
  switch (event.type) {
    case 'refused':
      return state.step === 'choose' || state.step === 'failed'
        ? { step: 'choose', notice: { kind: 'refused', message: event.message } }
        : state;
    case 'start':
      return state.step === 'choose' || state.step === 'failed'
        ? { step: 'preparing', file: event.file }
        : state;
    case 'linkReady':
      return state.step === 'preparing'
        ? { step: 'uploading', file: state.file, loaded: 0, total: state.file.size }
        : state;
    case 'linkRefused':
      return state.step === 'preparing'
        ? { step: 'failed', stage: 'link', file: state.file, message: event.message }
        : state;
    case 'progress':
      return state.step === 'uploading'
        ? { ...state, loaded: Math.min(event.loaded, event.total), total: event.total }
        : state;
    case 'uploaded':
      return state.step === 'uploading' ? { step: 'confirming', file: state.file } : state;
    case 'uploadFailed':
      return state.step === 'uploading'
        ? { step: 'failed', stage: 'upload', file: state.file, message: event.message }
        : state;
    case 'cancelled':
      return isSending(state)
        ? {
            step: 'choose',
            notice: {
              kind: 'cancelled',
              message:
                'The upload was cancelled. Nothing was recorded; choose the scan again to send it.',
            },
          }
        : state;
    case 'retryConfirm':
      return state.step === 'confirmFailed' ? { step: 'confirming', file: state.file } : state;
    case 'confirmFailed':
      return state.step === 'confirming'
        ? { step: 'confirmFailed', file: state.file, message: event.message }
        : state;
    case 'confirmed':
      return state.step === 'confirming' ? { step: 'done', file: state.file } : state;
  }
}

const UNKNOWN = 'Something went wrong.';

/** Why no upload link was given. */
export function linkRefusedMessage(error: unknown): string {
  const refused = (why: string) => `The service refused an upload link. ${why}`;
  return failureMessage(error, {
    network: 'The service cannot be reached, so no upload link was given. Try again.',
    said: refused,
    otherwise: refused(UNKNOWN),
  });
}

/** Why the scan did not reach storage: storage's own words, even for no answer. */
export function uploadFailedMessage(error: unknown): string {
  const failed = (why: string) =>
    `The scan did not upload. ${why} Nothing was recorded; try again.`;
  return failureMessage(error, { said: failed, otherwise: failed(UNKNOWN) });
}

/** Why the uploaded scan was not confirmed: the upload itself stands. */
export function confirmFailedMessage(error: unknown): string {
  const unconfirmed = (why: string) =>
    `The scan is uploaded but not yet confirmed. ${why} Confirm again: there is no need to upload it again.`;
  const refused = (why: string) => unconfirmed(`The service refused the confirmation. ${why}`);
  return failureMessage(error, {
    network: unconfirmed('The service cannot be reached.'),
    said: refused,
    otherwise: refused(UNKNOWN),
  });
}
