import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../../../client/api-error.ts';
import { confirmWetInk, getUploadUrl } from '../../../../client/signatures.ts';
import { uploadForm } from '../../../../client/upload.ts';
import { areaKeys } from '../../../area-keys.ts';
import { signatureQueries } from '../signatures.queries.ts';
import {
  confirmFailedMessage,
  initialWetInk,
  linkRefusedMessage,
  uploadFailedMessage,
  wetInk,
  type WetInkState,
} from './wet-ink-machine.ts';

const wasCancelled = (error: unknown) => error instanceof ApiError && error.code === 'aborted';

/**
 * Sends a wet-ink scan for one request: upload link, upload with progress, confirmation.
 * The file has already passed the type and size checks (FilePicker). Leaving the page
 * cancels an upload under way.
 */
export function useWetInkUpload(requestId: string) {
  const client = useQueryClient();
  const [state, dispatch] = useReducer(wetInk<File>, initialWetInk as WetInkState<File>);
  const sending = useRef<AbortController | null>(null);

  useEffect(() => () => sending.current?.abort(), []);

  const confirm = useCallback(async () => {
    try {
      const saved = await confirmWetInk(requestId);
      client.setQueryData(signatureQueries.detail(requestId).queryKey, saved);
      dispatch({ type: 'confirmed' });
      void client.invalidateQueries({ queryKey: signatureQueries.lists() });
      void client.invalidateQueries({ queryKey: signatureQueries.allCounts() });
      // The scan is now a QC request: any cached queue is out of date.
      void client.invalidateQueries({ queryKey: areaKeys.qc() });
    } catch (error) {
      dispatch({ type: 'confirmFailed', message: confirmFailedMessage(error) });
    }
  }, [client, requestId]);

  const send = useCallback(
    async (file: File) => {
      const controller = new AbortController();
      sending.current = controller;
      const { signal } = controller;
      dispatch({ type: 'start', file });
      let target;
      try {
        target = await getUploadUrl(requestId, { signal });
      } catch (error) {
        if (wasCancelled(error)) return dispatch({ type: 'cancelled' });
        return dispatch({ type: 'linkRefused', message: linkRefusedMessage(error) });
      }
      dispatch({ type: 'linkReady' });
      try {
        await uploadForm(target.uploadUrl, target.uploadValues, file, {
          signal,
          onProgress: (loaded, total) => dispatch({ type: 'progress', loaded, total }),
        });
      } catch (error) {
        if (wasCancelled(error)) return dispatch({ type: 'cancelled' });
        return dispatch({ type: 'uploadFailed', message: uploadFailedMessage(error) });
      } finally {
        sending.current = null;
      }
      dispatch({ type: 'uploaded' });
      await confirm();
    },
    [requestId, confirm],
  );

  return {
    state,
    send: (file: File) => void send(file),
    refuse: (message: string) => dispatch({ type: 'refused', message }),
    cancel: () => sending.current?.abort(),
    confirmAgain: () => {
      dispatch({ type: 'retryConfirm' });
      void confirm();
    },
  };
}
