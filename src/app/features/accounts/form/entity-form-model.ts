import type { z } from '../../../../contract/zod.ts';
import {
  EntityCreateSchema,
  type Address,
  type EntityCreate,
  type EntityType,
  type Metadata,
} from '../../../../contract/accounts.ts';
import { CalendarDateSchema } from '../../../../contract/common.ts';
import '../../../../shared/zod-messages.ts';

// The new-entity form as plain data, and the one place that turns it into the contract's
// body: trimmed, blanks left out, checked by the contract's own schema so the browser refuses
// exactly what the service would.

export const ADDRESS_LINES = [
  'addressLine1',
  'addressLine2',
  'city',
  'stateProvCode',
  'postalCode',
  'country',
] as const;
export type AddressForm = Record<(typeof ADDRESS_LINES)[number], string>;

export const ADDRESS_KINDS = ['officialAddress', 'mailingAddress', 'physicalAddress'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

export interface EntityForm {
  type: EntityType | '';
  name: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  alsoKnown: string;
  externalEntityId: string;
  languagePreference: string;
  officialAddress: AddressForm;
  mailingAddress: AddressForm;
  physicalAddress: AddressForm;
}

/** Errors by field path: `name`, `officialAddress.city`, `metadata`. */
export type FieldErrors = Partial<Record<string, string>>;

export const emptyAddress = (): AddressForm => ({
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateProvCode: '',
  postalCode: '',
  country: '',
});

export const emptyForm = (): EntityForm => ({
  type: '',
  name: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  alsoKnown: '',
  externalEntityId: '',
  languagePreference: '',
  officialAddress: emptyAddress(),
  mailingAddress: emptyAddress(),
  physicalAddress: emptyAddress(),
});

export const isPersonType = (type: EntityType | ''): boolean => type !== 'DEBT_SETTLEMENT_COMPANY';

function addressBody(address: AddressForm): Address | undefined {
  const lines = Object.fromEntries(
    ADDRESS_LINES.map((line) => [line, address[line].trim()]).filter(([, value]) => value !== ''),
  );
  return Object.keys(lines).length > 0 ? lines : undefined;
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The body as the contract wants it; not yet validated. `ssn` is passed in, never stored. */
export function entityBody(form: EntityForm, ssn: string, metadata: Metadata): unknown {
  const body: Record<string, unknown> = {
    type: form.type === '' ? undefined : form.type,
    name: form.name.trim(),
    dateOfBirth: optional(form.dateOfBirth),
    phone: optional(form.phone),
    email: optional(form.email),
    alsoKnown: optional(form.alsoKnown),
    externalEntityId: optional(form.externalEntityId),
    languagePreference: optional(form.languagePreference),
    ssn: optional(ssn),
    officialAddress: addressBody(form.officialAddress),
    mailingAddress: addressBody(form.mailingAddress),
    physicalAddress: addressBody(form.physicalAddress),
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

// zod's own wording for a missing enum value names every option; a person needs less.
const MESSAGE_FOR: Partial<Record<string, string>> = {
  type: 'Choose the role this entity has on the account',
};

/** "ssn must be 9 digits" beside the SSN field reads "Must be 9 digits". */
function humanize(field: string, message: string): string {
  const bare = message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * The contract's issues as one message per field path (the first issue wins). Metadata
 * issues all land on `metadata`: the editor checks its own rows as they are typed.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [head] = issue.path;
    const path = head === 'metadata' ? 'metadata' : issue.path.map(String).join('.') || '(form)';
    const last = String(issue.path.at(-1) ?? '');
    errors[path] ??= MESSAGE_FOR[path] ?? humanize(last, issue.message);
  }
  return errors;
}

/** A date of birth is a real calendar date, and not one after today. */
export function dateOfBirthError(value: string, today: Date): string | undefined {
  const date = value.trim();
  if (date === '') return undefined;
  if (!CalendarDateSchema.safeParse(date).success) {
    return 'Enter a real calendar date as YYYY-MM-DD, e.g. 1984-07-21';
  }
  if (date > today.toISOString().slice(0, 10)) return 'A date of birth cannot be in the future';
  return undefined;
}

export type Checked = { ok: true; body: EntityCreate } | { ok: false; errors: FieldErrors };

/** The body to send, or the errors to show beside each field. */
export function checkEntity(
  form: EntityForm,
  ssn: string,
  metadata: Metadata,
  today: Date,
): Checked {
  const parsed = EntityCreateSchema.safeParse(entityBody(form, ssn, metadata));
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  const dob = dateOfBirthError(form.dateOfBirth, today);
  if (dob) errors.dateOfBirth = dob;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** The first field path with an error, in the order the form shows them. */
export function firstErrorPath(errors: FieldErrors): string | undefined {
  const order = [
    'type',
    'name',
    'dateOfBirth',
    'phone',
    'email',
    'alsoKnown',
    'externalEntityId',
    'languagePreference',
    'ssn',
    ...ADDRESS_KINDS.flatMap((kind) => ADDRESS_LINES.map((line) => `${kind}.${line}`)),
    'metadata',
  ];
  return order.find((path) => errors[path]) ?? Object.keys(errors)[0];
}
