import { useState } from 'react';

/**
 * The state of a dialog that edits a form and saves it with a mutation: opening it starts
 * again from `initial`, without the errors or the failure of the last try; closing it keeps
 * what was typed until then. Spread `dialog` on the Dialog; `closeOnSuccess` is the mutation's
 * options that close it once saved.
 */
export function useFormDialog<Form, Errors extends object>(
  initial: () => Form,
  mutation: { reset: () => void },
) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const onOpenChange = (next: boolean) => {
    if (next) {
      setForm(initial());
      setErrors({} as Errors);
      mutation.reset();
    }
    setOpen(next);
  };
  const dialog = { open, onOpenChange };
  const closeOnSuccess = { onSuccess: () => setOpen(false) };
  return { dialog, setOpen, closeOnSuccess, form, setForm, errors, setErrors };
}
