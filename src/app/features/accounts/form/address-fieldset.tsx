import { useId } from 'react';
import { Field } from '../../../ui/field.tsx';
import type { AddressForm, AddressKind, FieldErrors } from './entity-form-model.ts';
import '../accounts.css';

export const ADDRESS_TITLES: Record<AddressKind, string> = {
  officialAddress: 'Official address',
  mailingAddress: 'Mailing address',
  physicalAddress: 'Physical address',
};

const HINTS: Record<AddressKind, string> = {
  officialAddress: 'Where communications to the entity are sent.',
  mailingAddress: 'Only if post goes somewhere else.',
  physicalAddress:
    'Where the entity is. Decides firm placement and templates; the official address is used when left empty.',
};

/** One address, with one-click copies from the addresses above it. */
export function AddressFieldset({
  kind,
  value,
  errors,
  copyFrom,
  onChange,
  onCopy,
}: {
  kind: AddressKind;
  value: AddressForm;
  errors: FieldErrors;
  copyFrom: AddressKind[];
  onChange: (next: AddressForm) => void;
  onCopy: (from: AddressKind) => void;
}) {
  const hint = useId();
  const field = (line: keyof AddressForm) => ({
    name: `${kind}.${line}`,
    value: value[line],
    error: errors[`${kind}.${line}`],
    autoComplete: 'off',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [line]: e.target.value }),
  });
  const title = ADDRESS_TITLES[kind];
  return (
    <fieldset className="acc-fieldset" aria-describedby={hint}>
      <legend className="acc-address__legend">{title}</legend>
      <p id={hint} className="field__hint acc-address__hint">
        {HINTS[kind]}
      </p>
      {copyFrom.length > 0 && (
        <div className="acc-address__copy">
          {copyFrom.map((from) => (
            <button
              key={from}
              type="button"
              className="button button--ghost acc-address__copy-button"
              onClick={() => onCopy(from)}
            >
              Copy {ADDRESS_TITLES[from].toLowerCase()}
              <span className="visually-hidden"> into the {title.toLowerCase()}</span>
            </button>
          ))}
        </div>
      )}
      <div className="acc-address__grid">
        <div className="acc-address__half">
          <Field label="Address line 1" {...field('addressLine1')} />
        </div>
        <div className="acc-address__half">
          <Field label="Address line 2" {...field('addressLine2')} />
        </div>
        <div className="acc-address__wide-sm">
          <Field label="City" {...field('city')} />
        </div>
        <Field label="State or province" placeholder="e.g. TX" {...field('stateProvCode')} />
        <Field label="Postal code" {...field('postalCode')} />
        <div className="acc-address__wide-sm">
          <Field label="Country" placeholder="e.g. US" {...field('country')} />
        </div>
      </div>
    </fieldset>
  );
}
