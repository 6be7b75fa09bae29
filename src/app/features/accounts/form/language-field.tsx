import { useId } from 'react';
import { Field, type FieldProps } from '../../../ui/field.tsx';

// Suggestions only: the service takes any language code.
const LANGUAGES = ['en', 'es', 'fr', 'zh', 'vi', 'ko', 'tl', 'ar', 'ru', 'pt'];

/** The language preference: free text, with the common codes offered as the person types. */
export function LanguageField(props: Omit<FieldProps, 'label' | 'hint' | 'list'>) {
  const listId = useId();
  return (
    <div className="field">
      <Field
        label="Language preference"
        hint="A language code, e.g. en or es"
        list={listId}
        {...props}
      />
      <datalist id={listId}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </div>
  );
}
