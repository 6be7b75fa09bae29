import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '../../../contract/signatures.ts';
import { awaitsScan, offersScan, shownStatusOf, statusOf } from './request-status.tsx';
import { SPEC_REQUEST } from '../../testing/signatures.ts';

// ADR 016: the spec's signature request has no `status` and no `wetInk`; the reference
// service sends both. Each derivation must hold with and without them.
const base: SignatureRequest = SPEC_REQUEST;
const completed = { ...base, completedOn: '2026-11-02T10:00:00.000Z' };

describe('signature requests with only the spec’s fields', () => {
  it('are completed when completedOn is set, open otherwise', () => {
    // Shown as Open, not Pending: an open request may be any of the reference's other states.
    expect(shownStatusOf(base)).toBe('open');
    expect(shownStatusOf(completed)).toBe('completed');
    // Acted on as the reference's pending (it may be deleted; the service has the last word).
    expect(statusOf(base)).toBe('pending');
    expect(statusOf(completed)).toBe('completed');
  });

  it('offer a wet-ink scan whenever not completed: uploadUrl decides, and says why not', () => {
    expect(offersScan(base)).toBe(true);
    expect(awaitsScan(base)).toBe(true);
    expect(offersScan(completed)).toBe(false);
  });
});

describe('signature requests with the reference service’s status and wetInk', () => {
  it('follow them', () => {
    expect(offersScan({ ...base, wetInk: false, status: 'pending' })).toBe(false);
    expect(offersScan({ ...base, wetInk: true, status: 'awaitingWetInk' })).toBe(true);
    expect(awaitsScan({ ...base, wetInk: true, status: 'awaitingWetInk' })).toBe(true);
    expect(offersScan({ ...base, wetInk: true, status: 'wetInkUploaded' })).toBe(true);
    expect(awaitsScan({ ...base, wetInk: true, status: 'wetInkUploaded' })).toBe(false);
    expect(offersScan({ ...base, wetInk: true, status: 'completed' })).toBe(false);
    expect(statusOf({ ...completed, status: 'wetInkUploaded' })).toBe('wetInkUploaded');
    expect(shownStatusOf({ ...base, status: 'pending' })).toBe('pending');
    expect(shownStatusOf({ ...base, status: 'awaitingWetInk' })).toBe('awaitingWetInk');
  });
});
