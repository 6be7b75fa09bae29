import { useState, type ChangeEvent } from 'react';
import {
  emptyForm,
  type AddressKind,
  type EntityForm,
  type FieldErrors,
} from './entity-form-model.ts';

/**
 * What was typed into the entity form and what is wrong with it. A field's error goes once
 * it is edited (an address's errors with any of its lines); the rest stay until the next try.
 */
export function useEntityFields() {
  const [form, setForm] = useState<EntityForm>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearErrors = (prefix: string) =>
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([path]) => path !== prefix && !path.startsWith(`${prefix}.`),
        ),
      ),
    );
  const set = <K extends keyof EntityForm>(key: K, value: EntityForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    clearErrors(key);
  };
  /** The props of a plain text field. */
  const text = (key: Exclude<keyof EntityForm, 'type' | AddressKind>) => ({
    name: key,
    value: form[key],
    error: errors[key],
    autoComplete: 'off',
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
  });
  const copyAddress = (from: AddressKind, to: AddressKind) => {
    setForm((current) => ({ ...current, [to]: { ...current[from] } }));
    clearErrors(to);
  };

  return { form, errors, setErrors, set, text, copyAddress };
}
