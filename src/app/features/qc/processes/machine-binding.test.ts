import { describe, expect, it } from 'vitest';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { bindingBody, bindingOf, isSuggested, savedBinding } from './machine-binding.ts';
import { bodyOf, formOf } from './process-settings-form.ts';

const ITEMS = ['Signer matches ID', 'Notary seal legible', 'Dated', 'Venue completed', 'Legible'];

const none: ProcessSettings = {
  processId: 'p1',
  processName: 'Deeds',
  targetAgeHours: null,
  samplePercent: 0,
  updatedBy: { id: 'u1', name: 'Alex' },
  updatedOn: '2026-11-20T10:00:00.000Z',
};
// Saved: the seal's item to none (left out), an item of an older version bound, and a value
// this console does not know (a newer gateway's check), which is dropped.
const saved: ProcessSettings = {
  ...none,
  checks: { 'Signer matches ID': 'names', 'Old item': 'pages-complete', Dated: 'dates' },
};

describe("a process's machine checks", () => {
  it('start from the suggested binding when none was saved, and say which are suggested', () => {
    const choices = bindingOf(none, ITEMS);
    expect(choices).toEqual({
      'Signer matches ID': 'names',
      'Notary seal legible': 'seal',
      Dated: 'dates',
      'Venue completed': 'venue',
      Legible: '',
    });
    expect(bindingOf(null, ['Dated'])).toEqual({ Dated: 'dates' });
    expect(isSuggested(undefined, 'Dated', 'dates')).toBe(true);
    expect(isSuggested(undefined, 'Dated', 'venue')).toBe(false);
    expect(isSuggested(undefined, 'Legible', '')).toBe(false);
  });

  it('start from the saved binding once there is one: an item it does not name has none', () => {
    expect(bindingOf(saved, ITEMS)).toEqual({
      'Signer matches ID': 'names',
      'Notary seal legible': '',
      Dated: 'dates',
      'Venue completed': '',
      Legible: '',
    });
    expect(isSuggested(savedBinding(saved), 'Dated', 'dates')).toBe(false);
    // Saved empty is saved: nothing is suggested then.
    expect(bindingOf({ ...none, checks: {} }, ['Dated'])).toEqual({ Dated: '' });
    const odd = { ...none, checks: { Dated: 'astrology' } } as unknown as ProcessSettings;
    expect(savedBinding(odd)).toEqual({});
  });

  it('send the whole binding: saved items not listed kept, listed ones over them, none left out', () => {
    const choices = { ...bindingOf(saved, ITEMS), Dated: '', Legible: 'no-blank-page' } as const;
    expect(bindingBody(choices, savedBinding(saved))).toEqual({
      'Signer matches ID': 'names',
      'Old item': 'pages-complete',
      Legible: 'no-blank-page',
    });
  });

  it('leave the binding alone when nothing is listed, or the suggestion stands untouched', () => {
    expect(bindingBody({}, savedBinding(saved))).toBeUndefined();
    expect(bindingBody(bindingOf(none, ITEMS), undefined)).toBeUndefined();
    // Changed from the suggestion: the whole binding is sent, the suggestion with the change.
    const changed = { ...bindingOf(none, ITEMS), Dated: '' } as const;
    expect(bindingBody(changed, undefined)).toEqual({
      'Signer matches ID': 'names',
      'Notary seal legible': 'seal',
      'Venue completed': 'venue',
    });
  });

  it('go in the settings body as `checks`, and only when there is one to send', () => {
    const form = formOf(saved, ITEMS);
    const body = bodyOf({ ...form, checks: { ...form.checks, Dated: '' } }, {}, saved.checks);
    expect(body.body?.checks).toEqual({
      'Signer matches ID': 'names',
      'Old item': 'pages-complete',
    });
    expect(bodyOf(formOf(none, ITEMS), {}, undefined).body).not.toHaveProperty('checks');
    const many = Object.fromEntries(
      Array.from({ length: 201 }, (_, n) => [`Item ${n}`, 'seal' as const]),
    );
    expect(bodyOf({ ...form, checks: many }, {}, {}).errors?.checks).toMatch(/At most 200/);
  });
});
