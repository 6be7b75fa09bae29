import { describe, expect, it } from 'vitest';
import { placeToasts, type Box, type PlaceInput } from './toaster-placement.ts';

// An 800 px high screen, the toaster's column on its right (toaster.css: 380 px, 16 px in).
const AREA: Box = { left: 884, right: 1264, top: 16, bottom: 784 };
const box = (top: number, bottom: number, left = 900, right = 1240): Box => ({
  left,
  right,
  top,
  bottom,
});
const input = (over: Partial<PlaceInput>): PlaceInput => ({
  heights: [90, 90, 90, 90],
  gap: 8,
  area: AREA,
  strict: [],
  soft: [],
  ...over,
});

describe('placeToasts', () => {
  it('stacks every toast at the bottom when no form is in the way', () => {
    expect(placeToasts(input({}))).toEqual({ at: 'bottom', shown: 4 });
  });

  it('moves them to the top when the bottom would cover a form’s controls', () => {
    // The answer form's Send button, low on the right.
    const send = box(700, 736);
    expect(placeToasts(input({ soft: [send] }))).toEqual({ at: 'top', shown: 4 });
  });

  it('shows as many as fit clear of the form, oldest first; the others wait', () => {
    // Four toasts stacked cover 384 px: a form in the middle of the column leaves room for
    // two above it and two below, not four anywhere.
    const form = [box(260, 300), box(480, 520)];
    expect(placeToasts(input({ soft: form }))).toEqual({ at: 'bottom', shown: 2 });
  });

  it('never covers the form being typed into, rather another one', () => {
    const typing = [box(40, 500)];
    const other = [box(520, 780)];
    expect(placeToasts(input({ strict: typing, soft: other }))).toEqual({
      at: 'bottom',
      shown: 2,
    });
  });

  it('holds every toast back when none fits clear of the form being typed into', () => {
    const typing = [box(60, 100), box(700, 760)];
    expect(placeToasts(input({ strict: typing }))).toEqual({ at: 'bottom', shown: 0 });
  });

  it('caps the stack at the screen’s height', () => {
    const short = { ...AREA, bottom: 300 };
    expect(placeToasts(input({ area: short }))).toEqual({ at: 'bottom', shown: 2 });
  });

  it('keeps where the toasts stand when the other place is no better', () => {
    expect(placeToasts(input({ current: 'top' }))).toEqual({ at: 'top', shown: 4 });
  });

  it('ignores what is beside the column, not under it', () => {
    const left = box(700, 736, 100, 800);
    expect(placeToasts(input({ strict: [left] }))).toEqual({ at: 'bottom', shown: 4 });
  });
});
