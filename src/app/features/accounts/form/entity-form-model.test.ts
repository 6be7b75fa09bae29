import { describe, expect, it } from 'vitest';
import { EntityCreateSchema } from '../../../../contract/accounts.ts';
import {
  checkEntity,
  dateOfBirthError,
  emptyForm,
  entityBody,
  fieldErrorsOf,
  firstErrorPath,
  type EntityForm,
} from './entity-form-model.ts';

const TODAY = new Date('2026-05-01T12:00:00Z');

const filled = (): EntityForm => ({
  ...emptyForm(),
  type: 'BORROWER',
  name: '  JANE Q PUBLIC JR ',
  email: 'jane@example.com',
  officialAddress: { ...emptyForm().officialAddress, addressLine1: '1 Main St', city: 'Austin' },
});

describe('date of birth', () => {
  it('accepts real dates, up to today', () => {
    expect(dateOfBirthError('', TODAY)).toBeUndefined();
    expect(dateOfBirthError('2024-02-29', TODAY)).toBeUndefined();
    expect(dateOfBirthError('2026-05-01', TODAY)).toBeUndefined();
  });

  it('refuses dates that are not on the calendar, or not written YYYY-MM-DD', () => {
    for (const bad of ['2023-02-29', '1990-02-30', '1990-13-01', '1990-04-31', '21/07/1984']) {
      expect(dateOfBirthError(bad, TODAY)).toMatch(/real calendar date/);
    }
  });

  it('refuses a date after today', () => {
    expect(dateOfBirthError('2026-05-02', TODAY)).toMatch(/future/);
  });
});

describe('entity body', () => {
  it('trims, leaves blanks and empty addresses out, and passes the contract', () => {
    const body = entityBody(filled(), ' 123-45-6789 ', { region: 'west' });
    expect(body).toEqual({
      type: 'BORROWER',
      name: 'JANE Q PUBLIC JR',
      email: 'jane@example.com',
      ssn: '123-45-6789',
      officialAddress: { addressLine1: '1 Main St', city: 'Austin' },
      metadata: { region: 'west' },
    });
    expect(EntityCreateSchema.safeParse(body).success).toBe(true);
  });
});

describe('field errors from the contract', () => {
  it('puts each issue on its field path, in plain words', () => {
    const form: EntityForm = {
      ...filled(),
      type: '',
      name: '   ',
      email: 'not-an-email',
      dateOfBirth: '1990-02-30',
    };
    const result = checkEntity(form, '12345', {}, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      type: 'Choose the role this entity has on the account',
      name: 'Must not be empty',
      email: 'Must be an email address',
      dateOfBirth: 'Enter a real calendar date as YYYY-MM-DD, e.g. 1984-07-21',
      ssn: expect.stringMatching(/^Must be 9 digits/),
    });
    expect(firstErrorPath(result.errors)).toBe('type');
  });

  it('maps nested address paths, and every metadata issue to the editor', () => {
    const errors = fieldErrorsOf([
      { code: 'custom', path: ['officialAddress', 'city'], message: 'too long', input: '' },
      { code: 'custom', path: ['metadata', 'k'.repeat(41)], message: 'metadata keys…', input: '' },
      { code: 'custom', path: ['metadata'], message: 'at most 50 keys', input: '' },
    ]);
    expect(errors).toEqual({ 'officialAddress.city': 'Too long', metadata: 'Metadata keys…' });
  });

  it('gives the contract body when everything is right', () => {
    const result = checkEntity(filled(), '', {}, TODAY);
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({ type: 'BORROWER', name: 'JANE Q PUBLIC JR' }),
    });
    if (result.ok) expect(result.body).not.toHaveProperty('ssn');
  });
});
