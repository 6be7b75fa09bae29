import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../client/api-error.ts';
import {
  confirmFailedMessage,
  initialWetInk,
  isSending,
  linkRefusedMessage,
  uploadFailedMessage,
  wetInk,
  type WetInkEvent,
  type WetInkState,
} from './wet-ink-machine.ts';

const file = { name: 'scan.pdf', size: 1000 };
const run = (...events: WetInkEvent[]) => events.reduce<WetInkState>(wetInk, initialWetInk);
const http = (status: number, message: string) => new ApiError({ code: 'http', status, message });

describe('wet-ink steps', () => {
  it('goes choose → link → upload with progress → confirm → done', () => {
    expect(run({ type: 'start', file })).toEqual({ step: 'preparing', file });
    expect(run({ type: 'start', file }, { type: 'linkReady' })).toEqual({
      step: 'uploading',
      file,
      loaded: 0,
      total: 1000,
    });
    const halfway = run(
      { type: 'start', file },
      { type: 'linkReady' },
      { type: 'progress', loaded: 600, total: 1200 },
    );
    expect(halfway).toMatchObject({ step: 'uploading', loaded: 600, total: 1200 });
    expect(isSending(halfway)).toBe(true);
    const done = run(
      { type: 'start', file },
      { type: 'linkReady' },
      { type: 'uploaded' },
      { type: 'confirmed' },
    );
    expect(done).toEqual({ step: 'done', file });
    expect(isSending(done)).toBe(false);
  });

  it('keeps the upload when the confirmation is refused, and confirms again without it', () => {
    const refused = run(
      { type: 'start', file },
      { type: 'linkReady' },
      { type: 'uploaded' },
      { type: 'confirmFailed', message: 'no' },
    );
    expect(refused).toEqual({ step: 'confirmFailed', file, message: 'no' });
    // Choosing or starting again is not offered here: the upload already happened.
    expect(wetInk(refused, { type: 'start', file })).toBe(refused);
    const again = wetInk(refused, { type: 'retryConfirm' });
    expect(again).toEqual({ step: 'confirming', file });
    expect(wetInk(again, { type: 'confirmed' })).toEqual({ step: 'done', file });
  });

  it('keeps the file when the link is refused or the upload fails, so it can be sent again', () => {
    const link = run({ type: 'start', file }, { type: 'linkRefused', message: 'not awaiting' });
    expect(link).toEqual({ step: 'failed', stage: 'link', file, message: 'not awaiting' });
    const upload = run(
      { type: 'start', file },
      { type: 'linkReady' },
      { type: 'uploadFailed', message: 'storage down' },
    );
    expect(upload).toEqual({ step: 'failed', stage: 'upload', file, message: 'storage down' });
    expect(wetInk(upload, { type: 'start', file })).toEqual({ step: 'preparing', file });
    // Another file may be chosen instead, and refused like any other.
    expect(wetInk(upload, { type: 'refused', message: 'not a PDF' })).toMatchObject({
      step: 'choose',
      notice: { kind: 'refused' },
    });
  });

  it('a refused file never leaves the choose step', () => {
    expect(run({ type: 'refused', message: '“a.png” is not a PDF.' })).toEqual({
      step: 'choose',
      notice: { kind: 'refused', message: '“a.png” is not a PDF.' },
    });
  });

  it('cancel goes back to choosing, and late reports after it move nothing', () => {
    const cancelled = run(
      { type: 'start', file },
      { type: 'linkReady' },
      { type: 'progress', loaded: 100, total: 1000 },
      { type: 'cancelled' },
    );
    expect(cancelled).toMatchObject({ step: 'choose', notice: { kind: 'cancelled' } });
    for (const late of [
      { type: 'progress', loaded: 1000, total: 1000 },
      { type: 'uploaded' },
      { type: 'uploadFailed', message: 'aborted' },
      { type: 'confirmed' },
    ] as const) {
      expect(wetInk(cancelled, late)).toBe(cancelled);
    }
    expect(run({ type: 'start', file }, { type: 'cancelled' })).toMatchObject({ step: 'choose' });
  });

  it('ignores a second start while sending, and a cancel once confirming', () => {
    const uploading = run({ type: 'start', file }, { type: 'linkReady' });
    expect(wetInk(uploading, { type: 'start', file: { name: 'other.pdf', size: 1 } })).toBe(
      uploading,
    );
    const confirming = wetInk(uploading, { type: 'uploaded' });
    expect(wetInk(confirming, { type: 'cancelled' })).toBe(confirming);
  });

  it('never reports more sent than the total', () => {
    const state = run(
      { type: 'start', file },
      { type: 'linkReady' },
      { type: 'progress', loaded: 1500, total: 1000 },
    );
    expect(state).toMatchObject({ loaded: 1000, total: 1000 });
  });
});

describe('wet-ink messages', () => {
  it('says which step failed, with the service’s reason', () => {
    expect(
      linkRefusedMessage(http(400, 'this signature request is not awaiting a wet-ink scan')),
    ).toBe(
      'The service refused an upload link. This signature request is not awaiting a wet-ink scan.',
    );
    expect(uploadFailedMessage(http(413, 'the file is too large'))).toBe(
      'The scan did not upload. The file is too large. Nothing was recorded; try again.',
    );
    expect(confirmFailedMessage(http(400, 'no scan has been uploaded'))).toMatch(
      /^The scan is uploaded but not yet confirmed\. The service refused the confirmation\. No scan has been uploaded\. Confirm again/,
    );
  });

  it('says when the service cannot be reached', () => {
    const offline = new ApiError({ code: 'network', status: 0, message: 'unreachable' });
    expect(linkRefusedMessage(offline)).toMatch(/cannot be reached/);
    expect(confirmFailedMessage(offline)).toMatch(/cannot be reached\. Confirm again/);
  });
});
