import { describe, expect, it } from 'vitest';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { bodyOf, formOf, type SettingsForm } from './process-settings-form.ts';

const form = (fields: Partial<SettingsForm>): SettingsForm => ({
  targetAgeHours: '',
  samplePercent: '0',
  responseDays: '2',
  escalationDays: '2',
  severities: {},
  checks: {},
  toSuggested: false,
  ...fields,
});

const saved: ProcessSettings = {
  processId: 'p1',
  processName: 'Deeds',
  targetAgeHours: 48,
  samplePercent: 10,
  responseDays: 3,
  escalationDays: 5,
  severities: { 'Seal visible': 'critical', 'Old check': 'minor' },
  updatedBy: { id: 'u1', name: 'Alex' },
  updatedOn: '2026-11-20T10:00:00.000Z',
};

describe('process settings form', () => {
  it('reads empty as no target, and a share as a number', () => {
    expect(bodyOf(form({ targetAgeHours: ' ', samplePercent: '10' }))).toEqual({
      body: {
        targetAgeHours: null,
        samplePercent: 10,
        responseDays: 2,
        escalationDays: 2,
        severities: {},
      },
    });
    expect(bodyOf(form({ targetAgeHours: '36.5', samplePercent: '100' })).body).toMatchObject({
      targetAgeHours: 36.5,
      samplePercent: 100,
    });
  });

  it('says what is wrong beside each field', () => {
    const result = bodyOf(form({ targetAgeHours: '0', samplePercent: '101' }));
    expect(result.errors?.targetAgeHours).toMatch(/more than 0/);
    expect(result.errors?.samplePercent).toMatch(/0 to 100/);
    expect(bodyOf(form({ targetAgeHours: 'two days', samplePercent: '' })).errors).toEqual({
      targetAgeHours: expect.stringMatching(/number of hours/),
      samplePercent: expect.stringMatching(/0 to 100/),
    });
    expect(bodyOf(form({ targetAgeHours: '2161' })).errors?.targetAgeHours).toMatch(/At most/);
  });

  it('takes whole business days from 1 to 30 for the response target', () => {
    for (const days of ['0', '1.5', '31', '', 'two']) {
      expect(bodyOf(form({ responseDays: days })).errors?.responseDays).toMatch(/1 to 30/);
    }
    expect(bodyOf(form({ responseDays: ' 5 ' })).body?.responseDays).toBe(5);
  });

  it('takes whole business days from 1 to 30 before an overdue finding is escalated', () => {
    for (const days of ['0', '2.5', '31', '', 'soon']) {
      expect(bodyOf(form({ escalationDays: days })).errors).toEqual({
        escalationDays: 'Enter whole business days, from 1 to 30.',
      });
    }
    expect(bodyOf(form({ escalationDays: '30' })).body?.escalationDays).toBe(30);
    expect(bodyOf(form({ escalationDays: ' 1 ' })).body?.escalationDays).toBe(1);
  });

  it('starts from the saved values, or none: two days each, every check major', () => {
    expect(formOf(undefined, ['Signed'])).toEqual({
      targetAgeHours: '',
      samplePercent: '0',
      responseDays: '2',
      escalationDays: '2',
      severities: { Signed: 'major' },
      checks: { Signed: 'signatures' },
      toSuggested: false,
    });
    // A gateway from before e-mail answers no escalation days: the default is shown.
    expect(formOf({ ...saved, escalationDays: undefined }).escalationDays).toBe('2');
    expect(formOf(saved, ['Seal visible', 'Signed'])).toEqual({
      targetAgeHours: '48',
      samplePercent: '10',
      responseDays: '3',
      escalationDays: '5',
      severities: { 'Seal visible': 'critical', Signed: 'major' },
      checks: { 'Seal visible': 'seal', Signed: 'signatures' },
      toSuggested: false,
    });
  });

  it('goes back to the suggested checks: a saved binding is removed (null), or a new one sent', () => {
    const bound = { 'Seal visible': 'seal', Signed: 'no-blank-page' } as const;
    // The suggestions as they stand: the saved binding removed.
    const back = form({ checks: { Signed: 'signatures' }, toSuggested: true });
    expect(bodyOf(back, {}, bound).body?.checks).toBeNull();
    // None saved: nothing to remove, nothing sent.
    expect(bodyOf(back, {}, undefined).body).not.toHaveProperty('checks');
    // A choice changed after going back: the choices alone, without the saved binding's items.
    const changed = form({ checks: { Signed: '' }, toSuggested: true });
    expect(bodyOf(changed, {}, bound).body?.checks).toEqual({});
    // Not going back: the saved binding's other items are kept.
    expect(bodyOf(form({ checks: { Signed: '' } }), {}, bound).body?.checks).toEqual({
      'Seal visible': 'seal',
    });
  });

  it('keeps the severities of checks it does not list, and leaves major out', () => {
    const start = formOf(saved, ['Seal visible', 'Signed']);
    const edited = {
      ...start,
      severities: { 'Seal visible': 'major', Signed: 'critical' },
    } as const;
    expect(bodyOf(edited, saved.severities).body?.severities).toEqual({
      'Old check': 'minor',
      Signed: 'critical',
    });
  });
});
