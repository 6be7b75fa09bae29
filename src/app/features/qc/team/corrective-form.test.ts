import { describe, expect, it } from 'vitest';
import { actionBodyOf, EMPTY_FORM, type ActionForm } from './corrective-form.ts';

const filled: ActionForm = {
  target: 'firm',
  subject: '  Northwind Title ',
  action: 'Retrain the closers on the seal',
  owner: 'Morgan',
  dueOn: '2025-02-14',
  status: 'in-progress',
};

describe('corrective action form', () => {
  it('says beside each field what an empty form lacks', () => {
    expect(actionBodyOf(EMPTY_FORM, '2025-01').errors).toEqual({
      target: 'Choose what the action is about.',
      subject: 'Name the category, firm, notary or process.',
      action: 'Say what is being done about it.',
      owner: 'Say who owns it.',
      dueOn: 'Choose the day it is due.',
    });
  });

  it('makes the body for the month, trimmed', () => {
    expect(actionBodyOf(filled, '2025-01')).toEqual({
      body: { ...filled, subject: 'Northwind Title', month: '2025-01' },
    });
  });

  it('refuses blank text, a day that is not one and text over the limits', () => {
    const errors = (form: Partial<ActionForm>) =>
      actionBodyOf({ ...filled, ...form }, '2025-01').errors;
    expect(errors({ owner: '   ' })).toEqual({ owner: 'Say who owns it.' });
    expect(errors({ dueOn: '2025-02-30' })).toEqual({ dueOn: 'Choose the day it is due.' });
    expect(errors({ subject: 'x'.repeat(201) })).toEqual({ subject: 'At most 200 characters.' });
    expect(errors({ action: 'x'.repeat(2001) })).toEqual({ action: 'At most 2,000 characters.' });
  });
});
