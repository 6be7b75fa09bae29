import { describe, expect, it } from 'vitest';
import { bodyOf, formOf } from './process-settings-form.ts';

describe('process settings form', () => {
  it('reads empty as no target, and a share as a number', () => {
    expect(bodyOf({ targetAgeHours: ' ', samplePercent: '10' })).toEqual({
      body: { targetAgeHours: null, samplePercent: 10 },
    });
    expect(bodyOf({ targetAgeHours: '36.5', samplePercent: '100' })).toEqual({
      body: { targetAgeHours: 36.5, samplePercent: 100 },
    });
  });

  it('says what is wrong beside each field', () => {
    const result = bodyOf({ targetAgeHours: '0', samplePercent: '101' });
    expect(result.errors?.targetAgeHours).toMatch(/more than 0/);
    expect(result.errors?.samplePercent).toMatch(/0 to 100/);
    expect(bodyOf({ targetAgeHours: 'two days', samplePercent: '' }).errors).toEqual({
      targetAgeHours: expect.stringMatching(/number of hours/),
      samplePercent: expect.stringMatching(/0 to 100/),
    });
    expect(bodyOf({ targetAgeHours: '2161', samplePercent: '5' }).errors?.targetAgeHours).toMatch(
      /At most/,
    );
  });

  it('starts from the saved values, or none', () => {
    expect(formOf(undefined)).toEqual({ targetAgeHours: '', samplePercent: '0' });
  });
});
